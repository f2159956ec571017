package rules

import (
	"os"
	"slices"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// plyWant is what one ply of a sheet must read as; taken is the SAN of the
// move the game goes on with ("" for none), cands (when not nil) the
// candidates in SAN, codes (when not nil) the findings as in the cell table.
type plyWant struct {
	ply    int
	status CellStatus
	taken  string
	cands  []string
	codes  []string
}

func checkPlies(t *testing.T, name string, moves []SheetMove, wants []plyWant) {
	t.Helper()
	for _, w := range wants {
		if w.ply > len(moves) {
			t.Errorf("%s: no ply %d (%d read)", name, w.ply, len(moves))
			continue
		}
		sm := moves[w.ply-1]
		taken := ""
		if sm.Taken != NoMove {
			taken = sm.Before.SAN(sm.Taken)
		}
		cands := rdSANs(sm.Before, sm.Candidates)
		if sm.Status != w.status || taken != w.taken {
			t.Errorf("%s ply %d %q: %s taken %q (cands %v, findings %v), want %s taken %q",
				name, w.ply, sm.Written, sm.Status, taken, cands, sm.Findings, w.status, w.taken)
		}
		if w.cands != nil && !slices.Equal(cands, w.cands) {
			t.Errorf("%s ply %d %q: candidates %v, want %v", name, w.ply, sm.Written, cands, w.cands)
		}
		if w.codes != nil {
			want := slices.Clone(w.codes)
			slices.Sort(want)
			if got := findingStrings(sm.Findings); !slices.Equal(got, want) {
				t.Errorf("%s ply %d %q: findings %v, want %v", name, w.ply, sm.Written, got, want)
			}
		}
	}
}

// allRead asserts that every ply of a sheet reads as a move (ok or
// nonstandard) and that the game replays to the end.
func allRead(t *testing.T, name string, moves []SheetMove) {
	t.Helper()
	for _, sm := range moves {
		if sm.Status != StatusOK && sm.Status != StatusNonstandard || sm.Taken != sm.Move || sm.Taken == NoMove {
			t.Errorf("%s ply %d %q: %s %v", name, sm.Ply, sm.Written, sm.Status, sm.Findings)
		}
	}
}

// rdGame plays SAN moves from the start and returns the moves.
func rdGame(t *testing.T, sans string) []Move {
	t.Helper()
	p := NewPosition()
	var out []Move
	for _, s := range strings.Fields(sans) {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

func takenMoves(moves []SheetMove) []Move {
	out := make([]Move, len(moves))
	for i, sm := range moves {
		out[i] = sm.Taken
	}
	return out
}

// TestReadSheetWhole: a sheet is read as a whole; a cell that names no
// single move keeps its status, and the game goes on with the candidate
// the next cells confirm.
func TestReadSheetWhole(t *testing.T) {
	en := English
	start := NewPosition()
	cases := []struct {
		name, text string
		wants      []plyWant
	}{
		{"issue #3 Nd2", "1.Nf3 Nf6 2.d3 d6 3.Nd2 e5 4.Nf3", []plyWant{
			{5, StatusAmbiguous, "Nfd2", []string{"Nbd2", "Nfd2"}, []string{"ambiguous@0-3"}},
			{7, StatusOK, "Nf3", nil, []string{}},
		}},
		{"Nd2 the other way", "1.Nf3 Nf6 2.d3 d6 3.Nd2 e5 4.Ng5", []plyWant{
			{5, StatusAmbiguous, "Nbd2", []string{"Nbd2", "Nfd2"}, nil},
			{7, StatusOK, "Ng5", nil, nil},
		}},
		{"wrong origin resolved", "1.Nf3 Nf6 2.d3 d6 3.Ne1d2 e5 4.Nf3", []plyWant{
			{5, StatusIllegal, "Nfd2", []string{"Nbd2", "Nfd2"}, []string{"wrong-origin@1-3"}},
			{7, StatusOK, "Nf3", nil, nil},
		}},
		{"wrong origin resolved other way", "1.Nf3 Nf6 2.d3 d6 3.Nh1d2 e5 4.Ng5", []plyWant{
			{5, StatusIllegal, "Nbd2", nil, []string{"wrong-origin@1-3"}},
		}},
		{"pinned Nce2", "1.e4 e5 2.Nc3 Nf6 3.d3 Bb4 4.Nce2", []plyWant{
			{7, StatusIllegal, "Ne2", []string{"Ne2"}, []string{"wrong-origin@1-2"}},
		}},
		{"missing cell in the middle", "1. e4 e5 2. Nf3 - 3. Bb5 a6 4. Bxc6 dxc6", []plyWant{
			{4, StatusMissing, "Nc6", nil, []string{}},
			{7, StatusOK, "Bxc6", nil, nil},
			{8, StatusOK, "dxc6", nil, nil},
		}},
		{"? as a missing cell", "1. e4 e5 2. Nf3 ? 3. Bb5 a6 4. Bxc6", []plyWant{
			{4, StatusMissing, "Nc6", nil, nil},
			{5, StatusOK, "Bb5", nil, []string{}},
		}},
		{"? as a glyph", "1. e4 e5 2. Nf3 ? Nc6", []plyWant{
			{3, StatusOK, "Nf3", nil, []string{"annotation@4-5"}},
			{4, StatusOK, "Nc6", nil, nil},
		}},
		{"illegal cell, the replay picks", "1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 4. Bxc6", []plyWant{
			{5, StatusIllegal, "Bb5", nil, []string{"no-legal-move@0-3"}},
			{7, StatusOK, "Bxc6", nil, nil},
		}},
		{"promotion without piece", "1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8", []plyWant{
			{9, StatusIllegal, "hxg8=Q", []string{"hxg8=Q", "hxg8=R", "hxg8=B", "hxg8=N"}, []string{"promotion-piece-missing@2-4"}},
		}},
		{"move number mismatch", "1. e4 e5 3. Nf3 Nc6", []plyWant{
			{3, StatusNonstandard, "Nf3", nil, []string{"move-number-mismatch@0-0"}},
			{4, StatusOK, "Nc6", nil, []string{}},
		}},
		{"Black's number on White's move", "1. e4 1... e5 2... Nf3", []plyWant{
			{2, StatusOK, "e5", nil, []string{}},
			{3, StatusNonstandard, "Nf3", nil, []string{"move-number-mismatch@0-0"}},
		}},
		{"detached marks", "1.e4 a6 2.e5 d5 3.exd6 e.p. Nf6 4.Nf3 (=) e6 5.Bb5 + c6 6.Bc4 !? Qxd6 7.d4 e. p.", []plyWant{
			{5, StatusOK, "exd6", nil, []string{"en-passant-mark@5-9"}},
			{7, StatusOK, "Nf3", nil, []string{"draw-offer@4-7"}},
			{9, StatusOK, "Bb5+", nil, []string{}},
			{11, StatusOK, "Bc4", nil, []string{"annotation@4-6"}},
			{13, StatusNonstandard, "d4", nil, []string{"en-passant-mark-wrong@3-8"}},
		}},
		{"game over", "1. f3 e5 2. g4 Qh4# 3. Nf3", []plyWant{
			{4, StatusOK, "Qh4#", nil, nil},
			{5, StatusIllegal, "", nil, []string{"game-over@0-3"}},
		}},
		{"unreadable cell taken from the replay", "1. e4 e5 2. N-KB3 Nc6", []plyWant{
			{3, StatusUnreadable, "Nf3", []string{"Nf3"}, nil},
		}},
		{"no mate taken where the sheet goes on", "1. f3 e5 2. g4 Qh3 3. zz", []plyWant{
			{4, StatusIllegal, "Qg5", nil, []string{"no-legal-move@0-3"}}, // Qh4# is nearer
		}},
		{"missing at the end", "1. e4 e5 2. Nf3 -", []plyWant{
			{4, StatusMissing, "", nil, nil},
		}},
	}
	for _, c := range cases {
		moves, _ := ReadMovetext(start, c.text, en)
		checkPlies(t, c.name, moves, c.wants)
	}

	// The same with cells given one by one, a blank one among them.
	moves := ReadSheet(start, []string{"e4", "e5", "Nf3", "", "Bb5", "a6", "Bxc6", "dxc6", "1-0"}, nil)
	checkPlies(t, "cells", moves, []plyWant{
		{4, StatusMissing, "Nc6", nil, nil},
		{8, StatusOK, "dxc6", nil, nil},
		{9, StatusResult, "", nil, nil},
	})
	if moves[8].Result != "1-0" || moves[8].After != moves[8].Before {
		t.Errorf("result cell: %+v", moves[8].Reading)
	}
}

// TestReadMovetextResults: a result ends the movetext, in any spelling.
func TestReadMovetextResults(t *testing.T) {
	for text, want := range map[string]string{
		"1. e4 e5 2. Nf3 1-0":         "1-0",
		"1. e4 e5 0-1":                "0-1",
		"1. e4 e5 2. Nf3 Nc6 1/2-1/2": "1/2-1/2",
		"1. e4 e5 2. Nf3 Nc6 ½-½":     "1/2-1/2",
		"1. e4 e5 *":                  "*",
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 {mate}": "1-0",
		"1. e4 e5": "",
	} {
		moves, mt := ReadMovetext(NewPosition(), text, nil)
		if mt.Result != want {
			t.Errorf("%q: result %q, want %q", text, mt.Result, want)
		}
		allRead(t, text, moves)
	}
}

// TestSplitMovetext: numbers in every spelling, comments, offsets.
func TestSplitMovetext(t *testing.T) {
	text := "1.e4 e5 2 Nf3 {a comment} 2... Nc6 3. … Bb5 4.Bxc6 ; rest of line\n4. … dxc6 5. O-O (=) 1-0 Nf3"
	mt := SplitMovetext(text)
	at := func(line, col, offset int) Pos { return Pos{Line: line, Col: col, Offset: offset} }
	want := []MovetextCell{
		{"e4", at(1, 3, 2), 1, false}, {"e5", at(1, 6, 5), 0, false}, {"Nf3", at(1, 11, 10), 2, false}, {"Nc6", at(1, 32, 31), 2, true},
		{"Bb5", at(1, 41, 42), 3, true}, {"Bxc6", at(1, 47, 48), 4, false}, {"dxc6", at(2, 6, 75), 4, true}, {"O-O (=)", at(2, 14, 83), 5, false},
	}
	if !slices.Equal(mt.Cells, want) || mt.Result != "1-0" {
		t.Errorf("SplitMovetext:\n got %+v %q\nwant %+v", mt.Cells, mt.Result, want)
	}
	for _, c := range mt.Cells {
		if !strings.HasPrefix(text[c.Pos.Offset:], strings.Fields(c.Text)[0]) {
			t.Errorf("cell %q at %d: text there is %q", c.Text, c.Pos.Offset, text[c.Pos.Offset:])
		}
	}
}

// The sample games of FIDE Appendix C in English, German (seed 000) and
// the Croatian fragments (seed 003), as printed.
const (
	fideSampleEN  = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6e.p. Nxd6 7. Bg5 Nc6 8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1 (=)"
	fideSampleDE  = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6 8.De3+ Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)"
	fideSampleSAN = "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1"
	fideSample002 = "1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.Bd2 0-0 5.e4 d5 6.exd5 exd5 7.cxd5 Bxc3 8.Bxc3 Nxd5 9.Nf3 b6 10.Qb3 Nxc3 11.bxc3 c5 12.Be2 cxd4 13.Nxd4 Re8 14.0-0 Nd7 15.a4 Nc5 16.Qb4 Bb7 17.a5"
	croatianLong  = "1.e2-e4 e7-e5 2.Sg1-Sf3 Sb8-c6 3.Lf1-b5 a7-a6 4.Lb5-a4 Sg8-f6"
	croatianShort = "1.e4 e5 2. Sf3 Sc6 3.Lb5 a6 4.La4 Sf6."
)

// seedContains checks that a seed text holds the movetext the test
// copies from it.
func seedContains(t *testing.T, name, text string) {
	t.Helper()
	b, err := os.ReadFile(xtest.Shared(t, "seeds", name))
	if err != nil {
		t.Fatalf("seed %s: %v", name, err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(b)), " "), text) {
		t.Errorf("seed %s does not contain %q", name, text)
	}
}

func TestReadSheetSampleGames(t *testing.T) {
	want := rdGame(t, fideSampleSAN)
	seedContains(t, "000_796d3f3306c712d1.txt", fideSampleDE)
	seedContains(t, "003_5e1d94d78486dd12.txt", croatianLong)
	seedContains(t, "003_5e1d94d78486dd12.txt", croatianShort)

	for _, c := range []struct{ lang, text string }{{"en", fideSampleEN}, {"de", fideSampleDE}} {
		moves, mt := ReadMovetext(NewPosition(), c.text, readLetters(t, c.lang))
		allRead(t, c.lang, moves)
		if !slices.Equal(takenMoves(moves), want) {
			t.Errorf("%s sample game: taken %v, want %v", c.lang, takenMoves(moves), want)
		}
		if len(mt.Cells) != 21 || !moves[20].DrawOffer || moves[10].Move.Kind() != EnPassant {
			t.Errorf("%s sample game: %d cells, draw offer %v", c.lang, len(mt.Cells), moves[20].DrawOffer)
		}
		for _, sm := range moves {
			if sm.Status != StatusOK {
				t.Errorf("%s ply %d %q: %s %v", c.lang, sm.Ply, sm.Written, sm.Status, sm.Findings)
			}
		}
	}
	moves, _ := ReadMovetext(NewPosition(), fideSample002, nil)
	allRead(t, "002", moves)

	hr := readLetters(t, "hr")
	moves, _ = ReadMovetext(NewPosition(), croatianLong, hr)
	allRead(t, "hr long", moves)
	checkPlies(t, "hr long", moves, []plyWant{
		{1, StatusOK, "e4", nil, []string{"long-form@0-2"}},
		{3, StatusNonstandard, "Nf3", nil, []string{"long-form@1-3", "extra-characters@4-5"}}, // the source's slip
		{5, StatusOK, "Bb5", nil, []string{"long-form@1-3"}},
	})
	moves, _ = ReadMovetext(NewPosition(), croatianShort, hr)
	allRead(t, "hr short", moves)
	checkPlies(t, "hr short", moves, []plyWant{{8, StatusNonstandard, "Nf6", nil, []string{"extra-characters@3-4"}}})

	// 4. Lc6: (or Lc6×, L:c6, L×c6, Lb5:c6, Lb5×c6), then bc6 or dc6,
	// Black's move after "4. …".
	for _, four := range []string{"4.Lc6: bc6", "4. Lc6× dc6", "4.L:c6 dc6", "4. L×c6 4. … bc6", "4. Lb5:c6 4. … dc6", "4. Lb5×c6 bc6"} {
		text := "1.e4 e5 2. Sf3 Sc6 3.Lb5 a6 " + four
		moves, _ := ReadMovetext(NewPosition(), text, hr)
		allRead(t, text, moves)
		if len(moves) != 8 || moves[6].Before.SAN(moves[6].Taken) != "Bxc6" || !strings.HasSuffix(moves[7].Before.SAN(moves[7].Taken), "xc6") {
			t.Errorf("%q: %v", text, takenMoves(moves))
		}
	}
}
