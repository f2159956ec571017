package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// TestExportResultsPDF: a round imported from the pairing program's TRF,
// one board's copies disagreeing on the result and another's result
// changed here: export --format results-pdf lists the round's boards by
// number with players, ratings and results, marks both disputed results
// and says why; the byes of the round with the bye only.
func TestExportResultsPDF(t *testing.T) {
	pdftotext := xtest.NeedTool(t, "pdftotext")
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.scoresheet")
	mustRun(t, "event", "new", ev, "--name", "C5")
	mustRun(t, "import", "--event", ev, xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C5.trf"))
	mustRun(t, "event", "result", ev, "--round", "2", "--board", "1", "--white-copy", "1-0", "--black-copy", "0-1")
	mustRun(t, "event", "result", ev, "--round", "2", "--board", "3", "--game", "1/2-1/2")
	pages := func(args ...string) string {
		t.Helper()
		out := filepath.Join(dir, "results.pdf")
		if code, _, e := run(t, "", append(append([]string{"export", "--format", "results-pdf", "--out", out}, args...), ev)...); code != 0 {
			t.Fatalf("export %q: exit %d %s", args, code, e)
		}
		text, err := exec.Command(pdftotext, "-layout", out, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(strings.Fields(string(text)), " ")
	}
	want := "Round 2 Board ♔ White Rating Result ♚ Black Rating " +
		"1 Test0002 Player0002 (2) 2701 0-1 ! Test0001 Player0001 (1) 2720 " +
		"2 Test0004 Player0004 (4) 2689 0-1 Test0003 Player0003 (3) 2697 " +
		"3 Test0006 Player0006 (6) 2664 ½-½ ! Test0005 Player0005 (5) 2673 " +
		"Results to be checked before they are posted or typed in: " +
		"! Board 1: the results on the copies differ (8.7) " +
		"! Board 3: the result differs from the pairing program's (8.7)"
	if got := pages("--round", "2"); !strings.Contains(got, want) {
		t.Errorf("round 2's list:\n%s\nwant it to hold\n%s", got, want)
	}
	all := pages()
	for _, w := range []string{"Round 1 Board", "Round 2 Board", "Round 3 Board ♔ White Rating Result ♚ Black Rating Test0004 Player0004 (4) 2689 Bye Z"} {
		if !strings.Contains(all, w) {
			t.Errorf("every round's list lacks %q:\n%s", w, all)
		}
	}
	if code, _, e := run(t, "", "export", "--format", "results-pdf", "--round", "9", "--out", filepath.Join(dir, "none.pdf"), ev); code != ExitError || e == "" {
		t.Errorf("a round without boards: exit %d %q", code, e)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.pdf")); !os.IsNotExist(err) {
		t.Errorf("a refused export left a file")
	}
}
