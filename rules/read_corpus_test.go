package rules

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

func rdJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(xtest.Corpus(t, "san", name))
	if err != nil {
		t.Fatalf("san corpus: %v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func rdFEN(t *testing.T, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("%q: %v", fen, err)
	}
	return p
}

// rdUCI finds the legal move of p with UCI text u.
func rdUCI(p *Position, u string) Move {
	for _, m := range p.LegalMoves() {
		if m.UCI() == u {
			return m
		}
	}
	return NoMove
}

// TestReadCorpusPythonChess: generated SAN and long algebraic read back as
// their move; every text python-chess refuses comes out not ok.
func TestReadCorpusPythonChess(t *testing.T) {
	var doc struct {
		Vectors []struct {
			Kind, FEN, UCI, Input string
			ExpectSAN             string `json:"expect_san"`
			ExpectLAN             string `json:"expect_lan"`
			ExpectError           string `json:"expect_error"`
		}
	}
	rdJSON(t, "python-chess_san_vectors.json", &doc)
	n := map[string]int{}
	for _, v := range doc.Vectors {
		p := rdFEN(t, v.FEN)
		switch v.Kind {
		case "generate", "generate_lan":
			text := v.ExpectSAN + v.ExpectLAN
			want := rdUCI(p, v.UCI)
			rd := ReadCell(p, text, nil)
			if want == NoMove || rd.Move != want || rd.Status != StatusOK {
				t.Errorf("%s: %q reads %v %s %v, want %s", v.FEN, text, rd.Move, rd.Status, rd.Findings, v.UCI)
			}
			if v.Kind == "generate" && p.SAN(want) != v.ExpectSAN {
				t.Errorf("%s: SAN of %s is %q, python-chess %q", v.FEN, v.UCI, p.SAN(want), v.ExpectSAN)
			}
		case "parse_error":
			rd := ReadCell(p, v.Input, nil)
			if rd.Status == StatusOK {
				t.Errorf("%s: %q (python-chess: %s) reads ok as %v", v.FEN, v.Input, v.ExpectError, rd.Move)
			}
			if v.ExpectError == "AmbiguousMoveError" && rd.Status != StatusAmbiguous {
				t.Errorf("%s: %q reads %s, want ambiguous", v.FEN, v.Input, rd.Status)
			}
			t.Logf("%q (%s): %s %v", v.Input, v.ExpectError, rd.Status, findingStrings(rd.Findings))
		default:
			t.Fatalf("unknown kind %q", v.Kind)
		}
		n[v.Kind]++
	}
	t.Logf("python-chess vectors: %v", n)
}

// TestReadCorpusNotnil: SAN (algText) and long algebraic (longAlgText)
// read as the UCI move, and the move leads to pos2.
func TestReadCorpusNotnil(t *testing.T) {
	var cases []struct {
		Pos1, Pos2, AlgText, LongAlgText, UciText string
	}
	rdJSON(t, "notnil_valid_notation_tests.json", &cases)
	for _, c := range cases {
		p := rdFEN(t, c.Pos1)
		want := rdUCI(p, c.UciText)
		for _, text := range []string{c.AlgText, c.LongAlgText} {
			rd := ReadCell(p, text, nil)
			if want == NoMove || rd.Move != want || rd.Status != StatusOK {
				t.Errorf("%s: %q reads %v %s %v, want %s", c.Pos1, text, rd.Move, rd.Status, rd.Findings, c.UciText)
			}
		}
		if got := p.Play(want).FEN(); strings.Fields(got)[0] != strings.Fields(c.Pos2)[0] {
			t.Errorf("%s %s: %s, want %s", c.Pos1, c.UciText, got, c.Pos2)
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
}

// TestReadCorpusChessjs: every legal SAN of the chess.js positions reads
// back, ok, as a distinct legal move: all legal moves, each once.
func TestReadCorpusChessjs(t *testing.T) {
	var doc struct {
		Positions []struct {
			FEN      string
			LegalSAN []string `json:"legal_san"`
		}
	}
	rdJSON(t, "chessjs_legal_san_by_position.json", &doc)
	for _, pos := range doc.Positions {
		p := rdFEN(t, pos.FEN)
		seen := map[Move]bool{}
		for _, san := range pos.LegalSAN {
			rd := ReadCell(p, san, nil)
			if rd.Status != StatusOK || rd.Move == NoMove || p.SAN(rd.Move) != san || seen[rd.Move] {
				t.Errorf("%s: %q reads %v %s %v", pos.FEN, san, rd.Move, rd.Status, rd.Findings)
			}
			seen[rd.Move] = true
		}
		if len(seen) != len(p.LegalMoves()) {
			t.Errorf("%s: %d SANs for %d legal moves", pos.FEN, len(seen), len(p.LegalMoves()))
		}
	}
}

// TestReadCorpusScalachessGames: 500 real games as bare SAN: every ply
// reads as its move (notes or warnings at most) and the game replays.
func TestReadCorpusScalachessGames(t *testing.T) {
	f, err := os.Open(xtest.Corpus(t, "san", "scalachess_prod500_standard_movetext.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	games, plies := 0, 0
	statuses := map[CellStatus]int{}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		games++
		if testing.Short() && games%5 != 0 {
			continue
		}
		cells := strings.Fields(line)
		moves := ReadSheet(NewPosition(), cells, nil)
		p := NewPosition()
		for i, sm := range moves {
			statuses[sm.Status]++
			plies++
			m, err := p.ParseSAN(cells[i])
			if err != nil || sm.Taken != m || sm.Move != m || (sm.Status != StatusOK && sm.Status != StatusNonstandard) {
				t.Fatalf("game %d ply %d %q: %s %v (SAN parser: %v %v)", games, i+1, cells[i], sm.Status, sm.Findings, m, err)
			}
			p = sm.After
		}
	}
	if games != 500 {
		t.Errorf("%d games, want 500", games)
	}
	t.Logf("scalachess: %d games, %d plies read: %v", games, plies, statuses)
}

// TestReadCorpusScalachessCastling: the same games with O-O, o-o and 0-0
// (and the long forms): the castling cell reads as castling each time.
func TestReadCorpusScalachessCastling(t *testing.T) {
	var doc struct {
		Raws         []string
		ShortCastles []string `json:"shortCastles"`
		LongCastles  []string `json:"longCastles"`
	}
	rdJSON(t, "scalachess_castling_spellings_and_raws.json", &doc)
	if len(doc.ShortCastles) != 3 || len(doc.LongCastles) != 3 {
		t.Fatalf("castling spellings: %d and %d", len(doc.ShortCastles), len(doc.LongCastles))
	}
	for _, games := range [][]string{doc.ShortCastles, doc.LongCastles, doc.Raws} {
		var first []Move
		for _, game := range games {
			cells := strings.Fields(game)
			moves := ReadSheet(NewPosition(), cells, nil)
			allRead(t, game, moves)
			castled := 0
			for i, sm := range moves {
				if strings.ContainsAny(cells[i], "oO0") {
					castled++
					if sm.Move.Kind() != Castle {
						t.Errorf("%q: %q reads %v", game, cells[i], sm.Move)
					}
				}
			}
			if games[0] != doc.Raws[0] && castled != 1 {
				t.Errorf("%q: %d castling cells", game, castled)
			}
			if first == nil {
				first = takenMoves(moves)
			} else if games[0] != doc.Raws[0] && fmt.Sprint(first) != fmt.Sprint(takenMoves(moves)) {
				t.Errorf("%q is not the same game as the other spellings", game)
			}
		}
	}
}

type cheesseCase struct {
	File        string
	Name        *string
	FEN         string
	Input       string
	ExpectedErr *string  `json:"expected_error"`
	ExpectedFEN *string  `json:"expected_fen"`
	ExpectedAlg []string `json:"expected_algebraic"`
	Notation    string
	PyMatch     *bool `json:"python_chess_final_fen_match"`
}

// cheesseDisputed are the cheesse cases where this reader knowingly
// disagrees with the expectation, keyed by their index in the file.
var cheesseDisputed = map[int]string{
	56:  "\"d1-d8ch\": ch is the check sign of descriptive notation, not of Appendix C; the cell is unreadable and Qd8+ is its candidate",
	60:  "\"h5xf7mate\": a spelt-out mate is not Appendix C notation; the cell is unreadable (and, as the last cell, nothing confirms a candidate)",
	62:  "\"Bxd7†\": cheesse refuses the dagger; the move is clear and the reader takes † as the check sign older books print (‡ for mate), as it takes ×",
	359: "\"Rf6#\" with rooks on a6 and g6 is ambiguous under C.10 whatever the mark; the reader flags it and takes Raf6, the one that mates, so the final position agrees",
}

// TestReadCorpusCheesse: every algebraic case reaches its expected final
// position (all its cells read as moves); the expected errors come out
// with a cell that is not ok. Other notations are counted and logged.
func TestReadCorpusCheesse(t *testing.T) {
	var doc struct{ Cases []cheesseCase }
	rdJSON(t, "cheesse_notation_cases.json", &doc)
	type tally struct{ cases, agree, nonstandardCells, cells int }
	tallies := map[string]*tally{}
	var disagreements []string
	for i, c := range doc.Cases {
		kind := c.Notation
		if kind == "algebraic" && c.PyMatch != nil {
			kind = "algebraic (final FEN)"
		}
		ty := tallies[kind]
		if ty == nil {
			ty = &tally{}
			tallies[kind] = ty
		}
		if c.ExpectedErr == nil && c.ExpectedFEN == nil {
			cheesseOther(t, i, c)
			continue
		}
		ty.cases++
		start := rdFEN(t, c.FEN)
		moves, _ := ReadMovetext(start, c.Input, nil)
		final := start
		worst := StatusOK
		for _, sm := range moves {
			ty.cells++
			if sm.Status == StatusNonstandard {
				ty.nonstandardCells++
			}
			if sm.Status != StatusOK && sm.Status != StatusNonstandard && worst == StatusOK {
				worst = sm.Status
			}
			final = sm.After
		}
		var why string
		switch {
		case c.ExpectedErr != nil:
			if worst == StatusOK && !rdAnyNotOK(moves) {
				why = fmt.Sprintf("expected error %s, every cell ok", *c.ExpectedErr)
			}
		case c.ExpectedFEN != nil:
			if final.FEN() != *c.ExpectedFEN {
				why = fmt.Sprintf("final %s, want %s", final.FEN(), *c.ExpectedFEN)
			}
			if worst != StatusOK {
				why += fmt.Sprintf(" a cell is %s", worst)
			}
		}
		if why == "" {
			ty.agree++
			if _, ok := cheesseDisputed[i]; ok {
				t.Errorf("case %d is listed as disputed but agrees", i)
			}
			continue
		}
		line := fmt.Sprintf("case %d (%s): %q: %s", i, c.Notation, c.Input, why)
		disagreements = append(disagreements, line)
		reason, disputed := cheesseDisputed[i]
		switch {
		case disputed:
			t.Logf("disputed %s\n\treason: %s", line, reason)
		case c.Notation == "algebraic" || c.Notation == "figurine" || c.Notation == "coordinate":
			t.Errorf("new disagreement: %s", line)
			for _, sm := range moves {
				if sm.Status != StatusOK {
					t.Logf("\tply %d %q: %s %v", sm.Ply, sm.Written, sm.Status, sm.Findings)
				}
			}
		default:
			t.Logf("%s", line)
		}
	}
	var kinds []string
	for k := range tallies {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		ty := tallies[k]
		t.Logf("cheesse %-22s %3d cases compared, %3d agree; %d cells, %d nonstandard", k, ty.cases, ty.agree, ty.cells, ty.nonstandardCells)
	}
	t.Logf("cheesse: %d disagreements (%d of them disputed, the others smith notation, which is not algebraic)",
		len(disagreements), len(cheesseDisputed))
	if ty := tallies["algebraic (final FEN)"]; ty == nil || ty.cases != 300 || ty.agree+countDisputed(doc.Cases) < 300 {
		t.Errorf("algebraic cases: %+v", ty)
	}
}

// cheesseOther checks the cases without an expected position: ambiguity
// by its name; descriptive notation is never read as a move (Appendix C),
// though its candidates often are the right moves.
func cheesseOther(t *testing.T, i int, c cheesseCase) {
	moves, _ := ReadMovetext(rdFEN(t, c.FEN), c.Input, nil)
	name := ""
	if c.Name != nil {
		name = *c.Name
	}
	switch c.Notation {
	case "ambiguity":
		want := StatusOK
		switch {
		case strings.Contains(name, "require"):
			want = StatusAmbiguous
		case strings.Contains(c.Input, "P-K4"):
			want = StatusUnreadable // descriptive, whatever cheesse's name says
		}
		if len(moves) != 1 || moves[0].Status != want {
			t.Errorf("case %d %q (%s): %v", i, c.Input, name, moves)
		}
	case "descriptive", "descriptive_captures":
		var expected []string
		for _, line := range c.ExpectedAlg {
			for _, w := range strings.Fields(line) {
				if _, _, rest, ok := leadingNumber(w); !ok || rest != 0 {
					expected = append(expected, w)
				}
			}
		}
		agree := 0
		for k, sm := range moves {
			if sm.Status == StatusOK || sm.Status == StatusNonstandard {
				if sm.Move.Kind() != Castle {
					t.Errorf("case %d ply %d: descriptive %q read as %s", i, sm.Ply, sm.Written, sm.Before.SAN(sm.Move))
				}
				continue
			}
			if k < len(expected) && sm.Taken != NoMove && sm.Before.SAN(sm.Taken) == expected[k] {
				agree++
			}
		}
		t.Logf("case %d (%s) %s: %d cells, none read as a move; %d of %d expected moves taken from the candidates",
			i, c.Notation, name, len(moves), agree, len(expected))
	default:
		var st []string
		for _, sm := range moves {
			st = append(st, sm.Written+":"+sm.Status.String())
		}
		t.Logf("case %d (%s) %s: %v", i, c.Notation, name, st)
	}
}

func rdAnyNotOK(moves []SheetMove) bool {
	for _, sm := range moves {
		if sm.Status != StatusOK {
			return true
		}
	}
	return false
}

func countDisputed(cases []cheesseCase) int {
	n := 0
	for i, c := range cases {
		if _, ok := cheesseDisputed[i]; ok && c.Notation == "algebraic" && c.PyMatch != nil {
			n++
		}
	}
	return n
}

// hcsPages gives the pages of the HCS training set (xtest.HCSTags),
// game_page in order, each with its labels in ply order.
func hcsPages(t testing.TB) (names []string, pages map[string][]string) {
	t.Helper()
	tags := xtest.HCSTags(t)
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].Ply < tags[j].Ply })
	pages = map[string][]string{}
	for _, tag := range tags {
		page := tag.Game + "_" + tag.Page
		if pages[page] == nil {
			names = append(names, page)
		}
		pages[page] = append(pages[page], tag.Label)
	}
	sort.Strings(names)
	return names, pages
}

// TestReadCorpusHCS reads every page of the HCS training set, what players
// really wrote, and reports how the cells come out. No cell is taken as a
// move other than what it names; the floors catch regressions.
func TestReadCorpusHCS(t *testing.T) {
	names, pages := hcsPages(t)
	if len(names) != 207 {
		t.Errorf("%d pages, want 207", len(names))
	}
	statuses := map[CellStatus]int{}
	var cells, strict, clean, allMoves, through, replayed int
	for _, name := range names {
		texts := pages[name]
		cells += len(texts)
		moves := ReadSheet(NewPosition(), texts, English)

		// A strict SAN reader, for comparison: how far the page replays.
		p, ok := NewPosition(), true
		for _, s := range texts {
			m, err := p.ParseSAN(s)
			if err != nil {
				ok = false
				break
			}
			p = p.Play(m)
		}
		if ok {
			strict++
		}

		pageClean, pageMoves, pageThrough, pageReplays := true, true, true, true
		prevBad := false
		for i, sm := range moves {
			statuses[sm.Status]++
			checkReadingInvariants(t, name+" "+sm.Written, sm.Before, sm.Reading)
			switch sm.Status {
			case StatusOK, StatusNonstandard:
				if !namesWhatWasWritten(sm.Before, sm.Move, sm.Written) {
					t.Errorf("%s ply %d: %q taken as %s", name, i+1, sm.Written, sm.Before.SAN(sm.Move))
				}
				if sm.Status != StatusOK {
					pageClean = false
				}
				prevBad = false
			default:
				pageClean, pageMoves = false, false
				if len(sm.Findings) == 0 && sm.Status != StatusMissing {
					t.Errorf("%s ply %d: %q is %s without a finding", name, i+1, sm.Written, sm.Status)
				}
				// The replay stops where a cell gets no move to go on
				// with; it derails where two cells running are not moves.
				if sm.Taken == NoMove && anythingWritten(texts[i+1:]) {
					pageThrough, pageReplays = false, false
				}
				if prevBad {
					pageReplays = false
				}
				prevBad = true
			}
		}
		if pageClean {
			clean++
		}
		if pageMoves {
			allMoves++
		}
		if pageThrough {
			through++
		}
		if pageReplays {
			replayed++
		}
	}
	t.Logf("HCS training: %d pages, %d cells: ok %d, nonstandard %d, ambiguous %d, illegal %d, unreadable %d, missing %d",
		len(names), cells, statuses[StatusOK], statuses[StatusNonstandard], statuses[StatusAmbiguous],
		statuses[StatusIllegal], statuses[StatusUnreadable], statuses[StatusMissing])
	t.Logf("HCS pages: %d replay with a strict SAN reader; %d read with every cell ok, %d with every cell a move (ok or nonstandard); "+
		"%d replay to the end taking a candidate for every flagged cell, %d of them with no two flagged cells running (the replay never derails)",
		strict, clean, allMoves, through, replayed)

	// Floors measured when the test was written: a regression fails.
	// Raised when the piece taken written after the sign ("BxNc5") came
	// to be read: ok or nonstandard 10290 -> 10327, replayed 202 -> 203.
	// Changed when the candidates came to be ranked by a handwriting-aware
	// cost (issue #12): ok 9986 -> 9979 (the sheets replay along other
	// candidates), replayed to the end 203 -> 205, without derailing 62 -> 65.
	// Changed when the moves one slip from the writing came first (issue
	// 24, "Bb7" lists Bb1 before Bb5+): ok 9983 -> 9989, without derailing
	// 65 -> 66, replayed to the end 205 -> 204 (page 071_0, garbled from
	// ply 70 on, goes along another line and ends in a mate at ply 90).
	floors := []struct {
		what      string
		got, want int
	}{
		{"ok cells", statuses[StatusOK], 9980},
		{"ok or nonstandard cells", statuses[StatusOK] + statuses[StatusNonstandard], 10320},
		{"pages with every cell a move", allMoves, 12},
		{"pages replayed to the end", through, 204},
		{"pages replayed without derailing", replayed, 66},
	}
	for _, f := range floors {
		if f.got < f.want {
			t.Errorf("HCS: %d %s, floor %d", f.got, f.what, f.want)
		}
	}
}
