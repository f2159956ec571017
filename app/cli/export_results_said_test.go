package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// TestExportResultsSaysBoards: the results list says what it wrote as
// boards, in PDF as in CSV (it said "games" in PDF).
func TestExportResultsSaysBoards(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.scoresheet")
	mustRun(t, "event", "new", ev, "--name", "C5")
	mustRun(t, "import", "--event", ev, xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C5.trf"))
	for _, f := range []string{"results-pdf", "csv"} {
		out := filepath.Join(dir, "results."+f)
		code, stdout, e := run(t, "", "export", "--format", f, "--round", "2", "--out", out, ev)
		if code != ExitOK || !strings.HasPrefix(stdout, "3 boards") || strings.Contains(stdout, "game") {
			t.Errorf("export --format %s: exit %d, said %q %s; want 3 boards", f, code, stdout, e)
		}
	}
}
