package core

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"scoresheet/pgn"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// pgnGames writes n games of round 1, boards 1..n ("Round 1.n"), each
// with a few moves.
func pgnGames(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "[Event \"E\"]\n[Round \"1.%d\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n", i, i, i)
	}
	return b.String()
}

// More games than one batch: every game is stored, at its board, and the
// observer is told of each commit; a second import of the same file
// skips them all and tells the observer of each.
func TestImportBatches(t *testing.T) {
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n := 2*ImportBatch + 3
	text := pgnGames(n)
	obs := &countingObserver{}
	res, err := Import(st, strings.NewReader(text), "g.pgn", "en", obs)
	if err != nil || res.Added != n || res.Skipped != 0 || obs.parsed != n || obs.skipped != 0 {
		t.Fatalf("%+v %v, observer %+v", res, err, obs)
	}
	if len(obs.stored) != 3 || obs.stored[2] != len(text) {
		t.Errorf("stored after %v bytes, want 3 commits ending at %d", obs.stored, len(text))
	}
	i := 0
	err = st.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		i++
		if g.Round != 1 || g.Board != i || g.White.Name != fmt.Sprintf("W%d", i) || len(g.Copies[0].Cells) != 3 {
			return fmt.Errorf("game %d: %+v", i, g)
		}
		return nil
	})
	if err != nil || i != n {
		t.Fatalf("%d games, %v", i, err)
	}
	obs = &countingObserver{}
	res, err = Import(st, strings.NewReader(text), "g.pgn", "en", obs)
	if err != nil || res.Skipped != n || res.Added != 0 || obs.skipped != n || obs.parsed != 0 {
		t.Fatalf("second import: %+v %v, observer %+v", res, err, obs)
	}
}

// countingObserver counts what it is told.
type countingObserver struct {
	parsed, skipped, notGames int
	stored                    []int
	refused                   []error
}

func (o *countingObserver) Refused(_ *pgn.PGNGame, err error) { o.refused = append(o.refused, err) }

func (o *countingObserver) Parsed(*pgn.PGNGame)               { o.parsed++ }
func (o *countingObserver) Skipped(*pgn.PGNGame, *sheet.Game) { o.skipped++ }
func (o *countingObserver) Stored(n int)                      { o.stored = append(o.stored, n) }
func (o *countingObserver) NotAGame(*pgn.PGNGame)             { o.notGames++ }

// hookReader runs fn when it is first read.
type hookReader struct{ fn func() }

func (h *hookReader) Read([]byte) (int, error) {
	if h.fn != nil {
		h.fn()
		h.fn = nil
	}
	return 0, io.EOF
}

// A batch that cannot be stored (here: another writer took board 3
// after the import looked at the boards) is stored game by game: the
// games before the failing one are kept, and the error names its line.
func TestImportBatchFailureKeepsGamesBefore(t *testing.T) {
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	text := pgnGames(5)
	third := strings.Index(text, "[White \"W3\"]") - len("[Event \"E\"]\n[Round \"1.3\"]\n")
	line := strings.Count(text[:third], "\n") + 1
	r := io.MultiReader(strings.NewReader(text[:third]),
		&hookReader{fn: func() {
			if _, err := st.AddGame(sheet.Game{Round: 1, Board: 3}); err != nil {
				t.Error(err)
			}
		}},
		strings.NewReader(text[third:]))
	res, err := Import(st, r, "g.pgn", "en", nil)
	var ie *ImportError
	if !errors.As(err, &ie) || ie.Pos.Line != line || ie.Path != "g.pgn" || sheet.StoreErrorCodeOf(err) != sheet.StoreDuplicate {
		t.Fatalf("error %v (%#v), want store-duplicate at line %d", err, ie, line)
	}
	boards, _ := st.Boards()
	if want := [][2]int{{1, 1}, {1, 2}, {1, 3}}; !reflect.DeepEqual(boards, want) || res.Added != 2 {
		t.Fatalf("boards %v, added %d; want %v, 2", boards, res.Added, want)
	}
}

// TestImportRefusesText: words that are not a game are not imported (no
// board holding them), said to the observer and counted as skipped; a
// game without tags whose movetext reads is imported.
func TestImportRefusesText(t *testing.T) {
	for _, tc := range []struct {
		name, text       string
		added, notAGames int
	}{
		{"a letter", "hello world\nthis is a letter\n", 0, 1},
		{"a list of numbers", "1 2 3\n4 5 6\n", 0, 1},
		{"movetext without tags", "1. e4 e5 2. Nf3 *\n", 1, 0},
		{"a game with tags and no moves", "[White \"A\"]\n[Black \"B\"]\n\n*\n", 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			obs := &countingObserver{}
			res, err := Import(st, strings.NewReader(tc.text), "t.txt", "en", obs)
			if err != nil || res.Added != tc.added || res.Skipped != tc.notAGames || obs.notGames != tc.notAGames {
				t.Fatalf("%+v %v, observer %+v; want %d added, %d not a game", res, err, obs, tc.added, tc.notAGames)
			}
			boards, err := st.Boards()
			if err != nil || len(boards) != tc.added {
				t.Errorf("%d boards in the event (%v), want %d", len(boards), err, tc.added)
			}
		})
	}
}

// TestImportRefuses: a game a board would not hold as the file has it is
// not imported and is said, with its place; the games around it are
// imported: one cut at the size limit (it was stored as a board with no
// moves), a start position that does not read (stored, it made every
// export of its round fail), a variant, and games beyond the bounds of
// a game (a [%copy] text longer than a box).
func TestImportRefuses(t *testing.T) {
	st, err := sqlitestore.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	game := func(board int, tags, moves string) string {
		return fmt.Sprintf("[Event \"E\"]\n[Round \"1.%d\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n%s\n%s *\n\n", board, tags, moves)
	}
	text := game(1, "", "1. e4 e5") +
		game(2, "", "1. e4 {"+strings.Repeat("x", 5<<20)+"} e5") +
		game(3, "[FEN \"8/8/8 w - - 0 1\"]\n", "1. e4") +
		game(4, "[Variant \"Atomic\"]\n", "1. e4") +
		game(5, "", "1. e4 {[%copy white \""+strings.Repeat("N", sheet.MaxCellBytes+1)+"\"]} e5") +
		game(6, "", "1. d4 d5")
	obs := &countingObserver{}
	res, err := Import(st, strings.NewReader(text), "g.pgn", "en", obs)
	if err != nil || res.Added != 2 || res.Refused != 4 || len(obs.refused) != 4 {
		t.Fatalf("%+v %v, refused %v", res, err, obs.refused)
	}
	want := []struct {
		code string
		line int
	}{{"pgn-game-too-long", 15}, {"pgn-bad-fen", 22}, {"pgn-variant", 31}, {"bound-cell-bytes", 35}}
	for i, w := range want {
		var p pgn.Problem
		var ie *ImportError
		var be *sheet.BoundError
		switch {
		case errors.As(obs.refused[i], &p):
			if p.Code() != w.code || p.Pos.Line != w.line {
				t.Errorf("refusal %d: %v, want %s at line %d", i, p, w.code, w.line)
			}
		case errors.As(obs.refused[i], &ie) && errors.As(ie, &be):
			if string(be.Code) != w.code || ie.Pos.Line != w.line || be.Board != 5 || be.Index != 0 || len(be.Text) > 30 {
				t.Errorf("refusal %d: line %d %+v, want %s at line %d", i, ie.Pos.Line, be, w.code, w.line)
			}
		default:
			t.Errorf("refusal %d: %v", i, obs.refused[i])
		}
	}
	boards, err := st.Boards()
	if err != nil || len(boards) != 2 || boards[0] != [2]int{1, 1} || boards[1] != [2]int{1, 6} {
		t.Errorf("boards %v %v, want 1.1 and 1.6", boards, err)
	}
}
