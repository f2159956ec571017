package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
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

// More games than one batch: every game is stored, at its board; a second import of the same file skips them all.
func TestImportBatches(t *testing.T) {
	dir := t.TempDir()
	ev, pgn := filepath.Join(dir, "e.scoresheet"), filepath.Join(dir, "g.pgn")
	n := 2*importBatch + 3
	if err := os.WriteFile(pgn, []byte(pgnGames(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, e := run(t, "", "event", "new", ev, "--name", "E"); code != 0 {
		t.Fatal(e)
	}
	code, out, e := run(t, "", "import", "--event", ev, pgn)
	if code != ExitOK || out != fmt.Sprintf("%d games imported, 0 skipped\n", n) || e != "" {
		t.Fatalf("exit %d %q %s", code, out, e)
	}
	st, err := sheet.Open(ev)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	err = st.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		i++
		if g.Round != 1 || g.Board != i || g.White.Name != fmt.Sprintf("W%d", i) || len(g.Copies[0].Cells) != 3 {
			return fmt.Errorf("game %d: %+v", i, g)
		}
		return nil
	})
	st.Close()
	if err != nil || i != n {
		t.Fatalf("%d games, %v", i, err)
	}
	code, out, e = run(t, "", "import", "--event", ev, pgn)
	if code != ExitError || out != fmt.Sprintf("0 games imported, %d skipped\n", n) || strings.Count(e, "exists: not imported") != n {
		t.Fatalf("second import: exit %d %q, %d lines of stderr", code, out, strings.Count(e, "\n"))
	}
}

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
	st, err := sheet.Create(filepath.Join(t.TempDir(), "e.scoresheet"), sheet.Event{Name: "E"})
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
	im := &pgnImport{st: st, path: "g.pgn", lang: "en", letters: rules.English}
	err = im.run(r)
	var ie *importError
	if !errors.As(err, &ie) || ie.line != line || sheet.StoreErrorCodeOf(err) != sheet.StoreDuplicate {
		t.Fatalf("error %v (%#v), want store-duplicate at line %d", err, ie, line)
	}
	boards, _ := st.Boards()
	if want := [][2]int{{1, 1}, {1, 2}, {1, 3}}; !reflect.DeepEqual(boards, want) || im.added != 2 {
		t.Fatalf("boards %v, added %d; want %v, 2", boards, im.added, want)
	}
}
