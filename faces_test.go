package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"scoresheet/app/cli"
	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/locales"
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// The done-when test of issue 14: for the same games, the window's
// session, "event show --json", the printed scoresheet and the workbook
// show the same state and the same severity of every arbiter check. Each
// face is read as a person or a script reads it: the session's board
// states and checks, the JSON document, the PDF's text (pdftotext) and
// the workbook's cells (excelize).

// faceGame is one game of the table and what every face must show of it.
type faceGame struct {
	name  string
	game  sheet.Game
	state sheet.GameState
	// serious are the arbiter checks of severity warning or error, by
	// code; every other check is a note.
	serious map[sheet.CheckCode]rules.Severity
}

// copies returns a game of board b whose copies hold white and black.
func copies(b int, result sheet.Result, white, black []string) sheet.Game {
	return sheet.Game{Round: 1, Board: b, White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}, Result: result,
		Copies: [2]sheet.Copy{{Lang: "en", Cells: sheettest.Cells(white...)}, {Lang: "en", Cells: sheettest.Cells(black...)}}}
}

func faceGames() []faceGame {
	foolsMate := []string{"f3", "e5", "g4", "Qh4#"}
	ruy := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8"}
	outOfStep := append(append([]string{}, ruy[:2]...), ruy[3:]...) // Black's copy lacks 2.Nf3
	badStart := copies(3, "*", []string{"e4"}, []string{"e4"})
	badStart.FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1"
	E, W := rules.Error, rules.Warning
	return []faceGame{
		{"clean", copies(1, "0-1", foolsMate, foolsMate), sheet.GameComplete, nil},
		{"doubtful", copies(2, "*", []string{"e4", "e5", "Zz9"}, []string{"e4", "e5", "Zz9"}), sheet.GameNeedsDecision,
			map[sheet.CheckCode]rules.Severity{sheet.CheckNeedsDecision: E}},
		{"illegal start position", badStart, sheet.GameBadStart, map[sheet.CheckCode]rules.Severity{sheet.CheckBadStart: E}},
		{"result contradicts the final position", copies(4, "1-0", foolsMate, foolsMate), sheet.GameFindings,
			map[sheet.CheckCode]rules.Severity{sheet.CheckResultBoard: E}},
		{"a copy out of step", copies(5, "*", ruy, outOfStep), sheet.GameNeedsDecision, nil},
		{"copies differ", copies(6, "*", []string{"e4", "e5", "Nf3"}, []string{"e4", "e5", "Nc3"}), sheet.GameNeedsDecision,
			map[sheet.CheckCode]rules.Severity{sheet.CheckCopiesDiffer: E}},
		{"a copy stops early", copies(7, "1/2-1/2", ruy[:6], ruy[:4]), sheet.GameFindings,
			map[sheet.CheckCode]rules.Severity{sheet.CheckCopyShorter: W}},
		{"no result yet", copies(8, "*", ruy[:6], ruy[:6]), sheet.GameInProgress, nil},
		{"nothing written", copies(9, "*", nil, nil), sheet.GameEmpty, nil},
		{"the copies' results differ", resultsOn(copies(10, "0-1", foolsMate, foolsMate), "1-0", "0-1"), sheet.GameFindings,
			map[sheet.CheckCode]rules.Severity{sheet.CheckCopyResultsDiffer: E}},
		{"the copies' result does not fit the mate", resultsOn(copies(11, "", foolsMate, foolsMate), "1-0", "1-0"), sheet.GameFindings,
			map[sheet.CheckCode]rules.Severity{sheet.CheckCopyResultBoard: E, sheet.CheckResultMissing: W}},
		{"a copy's result differs from the game's", resultsOn(copies(12, "1/2-1/2", ruy[:6], ruy[:6]), "", "1-0"), sheet.GameFindings,
			map[sheet.CheckCode]rules.Severity{sheet.CheckCopyResultGame: E}},
	}
}

// resultsOn writes results on a game's copies: White's, Black's.
func resultsOn(g sheet.Game, white, black sheet.Result) sheet.Game {
	g.Copies[sheet.WhiteCopy].Result, g.Copies[sheet.BlackCopy].Result = white, black
	return g
}

// printed returns the English words the PDF and the workbook print for key.
func printed(key string) string { return locales.Text(locales.Default, "print."+key) }

// faceView is what one face shows of a game.
type faceView struct {
	state   sheet.GameState
	serious map[sheet.CheckCode]rules.Severity
}

func TestFacesAgree(t *testing.T) {
	games := faceGames()
	path := filepath.Join(t.TempDir(), "faces.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Faces"})
	if err != nil {
		t.Fatal(err)
	}
	for _, fg := range games {
		if _, err := st.AddGame(fg.game); err != nil {
			t.Fatal(err)
		}
	}
	window := windowFaces(t, st)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	show := showFaces(t, path)
	book := workbookFaces(t, path)
	for _, fg := range games {
		t.Run(fg.name, func(t *testing.T) {
			b := fg.game.Board
			faces := map[string]faceView{"window": window[b], "event show": show[b], "workbook": book[b], "PDF": pdfFace(t, path, b)}
			for face, v := range faces {
				if v.state != fg.state {
					t.Errorf("%s: state %q, want %q", face, v.state, fg.state)
				}
				if fmt.Sprint(v.serious) != fmt.Sprint(orEmpty(fg.serious)) {
					t.Errorf("%s: serious checks %v, want %v", face, v.serious, fg.serious)
				}
			}
		})
	}
}

func orEmpty(m map[sheet.CheckCode]rules.Severity) map[sheet.CheckCode]rules.Severity {
	if m == nil {
		return map[sheet.CheckCode]rules.Severity{}
	}
	return m
}

// windowFaces reads the window's session: the navigator's state of each
// board and, with the board open, its checks.
func windowFaces(t *testing.T, st *sqlitestore.Store) map[int]faceView {
	s, err := session.NewSession(st)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]faceView{}
	for _, gi := range s.Games() {
		if err := s.OpenGame(gi.ID); err != nil {
			t.Fatal(err)
		}
		v := faceView{state: gi.State, serious: map[sheet.CheckCode]rules.Severity{}}
		for _, f := range s.Checks() {
			if f.Severity() >= rules.Warning {
				v.serious[f.Code] = f.Severity()
			}
		}
		out[gi.Board] = v
	}
	return out
}

// showFaces reads "scoresheet event show --json".
func showFaces(t *testing.T, path string) map[int]faceView {
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"event", "show", path, "--json"}, strings.NewReader(""), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("event show: exit %d: %s", code, stderr.String())
	}
	var doc struct {
		Games []struct {
			Board    int    `json:"board"`
			State    string `json:"state"`
			Findings []struct {
				Code     string `json:"code"`
				Severity string `json:"severity"`
			} `json:"findings"`
		} `json:"games"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	severity := map[string]rules.Severity{"warning": rules.Warning, "error": rules.Error}
	out := map[int]faceView{}
	for _, g := range doc.Games {
		v := faceView{state: sheet.GameState(g.State), serious: map[sheet.CheckCode]rules.Severity{}}
		for _, f := range g.Findings {
			if s, ok := severity[f.Severity]; ok {
				v.serious[sheet.CheckCode(f.Code)] = s
			} else if f.Severity != "note" {
				t.Errorf("board %d: %s has severity %q", g.Board, f.Code, f.Severity)
			}
		}
		out[g.Board] = v
	}
	return out
}

// seriousIn finds the arbiter checks a printed text says with their
// severity ("Error: the copies differ"). The longest words are looked
// for first and taken out, so that "draw offer" is not found in "draw
// offer on one copy only".
func seriousIn(text string) map[sheet.CheckCode]rules.Severity {
	codes := slices.Clone(allCheckCodes)
	label := func(c sheet.CheckCode) string { return printed("check." + string(c)) }
	slices.SortFunc(codes, func(a, b sheet.CheckCode) int { return len(label(b)) - len(label(a)) })
	out := map[sheet.CheckCode]rules.Severity{}
	for _, code := range codes {
		for sev, word := range map[rules.Severity]string{rules.Error: printed("severity.error") + ": ", rules.Warning: printed("severity.warning") + ": "} {
			if said := word + label(code); strings.Contains(text, said) {
				out[code] = sev
				text = strings.ReplaceAll(text, said, "")
			}
		}
	}
	return out
}

// allCheckCodes are the codes the table's games can give.
var allCheckCodes = func() []sheet.CheckCode {
	cs := []sheet.CheckCode{sheet.CheckThreefold, sheet.CheckFivefold, sheet.CheckFiftyMoves, sheet.CheckSeventyFive,
		sheet.CheckDrawOffer, sheet.CheckDrawOfferOneCopy, sheet.CheckIllegalMove, sheet.CheckSecondIllegal, sheet.CheckTimeControl,
		sheet.CheckTimeControlShort, sheet.CheckCheckmate, sheet.CheckStalemate, sheet.CheckDeadPosition, sheet.CheckResultBoard,
		sheet.CheckResultMissing, sheet.CheckCopyShorter, sheet.CheckCopiesDiffer, sheet.CheckNeedsDecision, sheet.CheckMissingCell,
		sheet.CheckClockBackwards, sheet.CheckBadStart, sheet.CheckBadTimeControl,
		sheet.CheckCopyResultsDiffer, sheet.CheckCopyResultGame, sheet.CheckCopyResultBoard}
	for _, c := range cs[:len(cs):len(cs)] {
		if u := c.Unconfirmed(); u != c {
			cs = append(cs, u)
		}
	}
	return cs
}()

// stateIn finds the printed state in a text that says "State: WORDS".
func stateIn(text, prefix string) sheet.GameState {
	for _, s := range sheet.GameStates {
		if strings.Contains(text, prefix+printed("state."+string(s))) {
			return s
		}
	}
	return ""
}

// workbookFaces reads the workbook's Games sheet: the State column and
// the arbiter checks.
func workbookFaces(t *testing.T, path string) map[int]faceView {
	out := filepath.Join(t.TempDir(), "faces.xlsx")
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"export", "--format", "xlsx", "--out", out, path}, strings.NewReader(""), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("export xlsx: exit %d: %s", code, stderr.String())
	}
	f, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	views := map[int]faceView{}
	for _, r := range rows[1:] {
		r = append(r, make([]string, len(rows[0]))...)
		var board int
		fmt.Sscan(r[col["Board"]], &board)
		views[board] = faceView{state: stateIn(r[col["State"]], ""), serious: seriousIn(r[col["Arbiter checks"]])}
		if views[board].state == "" {
			t.Errorf("board %d: state %q is none of the printed states", board, r[col["State"]])
		}
	}
	return views
}

// pdfFace prints board b's scoresheet and reads its text with pdftotext:
// the page's "State: ..." and the footnotes' "Error: ..." and
// "Warning: ...".
func pdfFace(t *testing.T, path string, b int) faceView {
	tool := xtest.NeedTool(t, "pdftotext")
	out := filepath.Join(t.TempDir(), "board.pdf")
	var stdout, stderr bytes.Buffer
	args := []string{"export", "--format", "pdf", "--round", "1", "--board", fmt.Sprint(b), "--out", out, path}
	if code := cli.Main(args, strings.NewReader(""), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("export pdf: exit %d: %s", code, stderr.String())
	}
	text, err := exec.Command(tool, "-enc", "UTF-8", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(text)), " ")
	return faceView{state: stateIn(flat, printed("state")+": "), serious: seriousIn(flat)}
}

// The done-when test of issue 34 (item 1): a copy typed in the window
// (through app/session, as the keys do) and the same writing given to
// "event enter", or its result to "event result", are stored the same
// way and shown the same by "event show --json": a draw offer "(=)" is
// the cell's flag, never its text; a result in any accepted spelling
// ("1:0", "½") is the copy's and the game's; a mark written apart
// ("e.p.", "ep.", "!?", "+": rules.MarkApart) joins its move.

// typedGame is what the arbiter types of White's copy of one board.
type typedGame struct {
	name  string
	words []string // as typed in the window, one cell a word
	// result is the result written after the last move, in the spelling
	// typed ("" for none): event result gets it as --white-copy and --game.
	result string
}

func typedGames() []typedGame {
	mate := []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}
	return []typedGame{
		{"a draw offer written with its move", []string{"e4", "e5", "Nf3 (=)", "Nc6"}, ""},
		{"a draw offer written apart", []string{"e4", "e5", "Nf3", "(=)", "Nc6"}, ""},
		{"a draw offer written without a blank", []string{"e4", "e5", "Nf3(=)"}, ""},
		{"e.p. written apart", []string{"e4", "d5", "e5", "f5", "exf6", "e.p."}, ""},
		{"ep. written apart", []string{"e4", "d5", "e5", "f5", "exf6", "ep."}, ""},
		{"a glyph written apart", []string{"e4", "e5", "Bc4", "!?", "Nc6", "Qh5", "+"}, ""},
		{"1-0 spelled 1:0", mate, "1:0"},
		{"a draw spelled ½ after a draw offer", []string{"e4", "e5", "Nf3 (=)"}, "½"},
		{"0-1 spelled 0:1", []string{"f3", "e5", "g4", "Qh4#"}, "0:1"},
		{"1-0 as PGN spells it", mate, "1-0"},
	}
}

// typedEvent creates an event with one empty game a board, one board for
// each of games.
func typedEvent(t *testing.T, games []typedGame) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "typed.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Typed"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for b := range games {
		if _, err := st.AddGame(sheet.Game{Round: 1, Board: b + 1, White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// typedInWindow types each game's words, then its result, in the
// window's session, character by character, each word ended with Space.
func typedInWindow(t *testing.T, games []typedGame) string {
	path := typedEvent(t, games)
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := sessiontest.Start(t, st)
	for b, g := range games {
		if err := s.OpenGameAt(1, b+1); err != nil {
			t.Fatal(err)
		}
		words := g.words
		if g.result != "" {
			words = append(slices.Clone(words), g.result)
		}
		sessiontest.Type(t, s, words)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// typedWithCLI gives each game's words to event enter as one line of
// movetext; its result ends the line (enterResult) or is given to event
// result as --white-copy and --game.
func typedWithCLI(t *testing.T, games []typedGame, enterResult bool) string {
	path := typedEvent(t, games)
	for b, g := range games {
		board := []string{"--round", "1", "--board", fmt.Sprint(b + 1)}
		line := strings.Join(g.words, " ")
		if enterResult {
			line += " " + g.result
		}
		cliRun(t, line+"\n", append([]string{"event", "enter", path, "--copy", "white"}, board...)...)
		if !enterResult && g.result != "" {
			cliRun(t, "", append([]string{"event", "result", path, "--white-copy", g.result, "--game", g.result}, board...)...)
		}
	}
	return path
}

// cliRun runs the command line; any exit but 0 fails the test.
func cliRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := cli.Main(args, strings.NewReader(stdin), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
	}
	return stdout.String()
}

// typedForms returns each board's game as stored (White's copy's cells,
// both results) and as "event show --json" shows it.
func typedForms(t *testing.T, path string) (stored, shown map[int]string) {
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.Games()
	if err != nil {
		t.Fatal(err)
	}
	stored, shown = map[int]string{}, map[int]string{}
	for _, g := range games {
		w := g.Copies[sheet.WhiteCopy]
		stored[g.Board] = fmt.Sprintf("cells %+v, copy's result %q, game's %q", w.Cells, w.Result, g.Result)
	}
	var doc struct {
		Games []json.RawMessage `json:"games"`
	}
	if err := json.Unmarshal([]byte(cliRun(t, "", "event", "show", path, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	for _, raw := range doc.Games {
		var g struct {
			Board int `json:"board"`
		}
		if err := json.Unmarshal(raw, &g); err != nil {
			t.Fatal(err)
		}
		shown[g.Board] = string(raw)
	}
	return stored, shown
}

func TestFacesAgreeOnTyping(t *testing.T) {
	games := typedGames()
	type face struct{ stored, shown map[int]string }
	faces := map[string]face{}
	for name, path := range map[string]string{
		"window":                    typedInWindow(t, games),
		"event enter":               typedWithCLI(t, games, true),
		"event enter, event result": typedWithCLI(t, games, false),
	} {
		var f face
		f.stored, f.shown = typedForms(t, path)
		faces[name] = f
	}
	window := faces["window"]
	for b, g := range games {
		t.Run(g.name, func(t *testing.T) {
			stored := window.stored[b+1]
			if strings.Contains(stored, "(=)") || g.result != "" && !strings.Contains(stored, `game's "`+string(mustResult(t, g.result))+`"`) {
				t.Errorf("window: stored %s", stored)
			}
			for name, f := range faces {
				if got := f.stored[b+1]; got != stored {
					t.Errorf("%s stores %s\nthe window %s", name, got, stored)
				}
				if got := f.shown[b+1]; got != window.shown[b+1] {
					t.Errorf("%s: event show --json\n%s\nafter the window's typing\n%s", name, got, window.shown[b+1])
				}
			}
		})
	}
}

// mustResult reads a result as typed.
func mustResult(t *testing.T, typed string) sheet.Result {
	r, ok := sheet.ParseResult(typed)
	if !ok {
		t.Fatalf("%q is no result", typed)
	}
	return r
}
