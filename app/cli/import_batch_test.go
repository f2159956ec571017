package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/core"
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
	n := 2*core.ImportBatch + 3
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
