package cli

import (
	"path/filepath"
	"testing"
)

// TestExportWithTempFolderFull: issue 23.10, a full disk blocked even
// exporting an event from and to another disk: a PDF's pages and a
// workbook's parts waited in the system's temporary folder. They now go
// beside the output, and leave nothing behind there or anywhere.
func TestExportWithTempFolderFull(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	newOneGameEvent(t, ev)
	t.Setenv("TMPDIR", fullTempDir(t))
	for _, format := range []string{"pdf", "forms", "xlsx", "results-pdf"} {
		out := filepath.Join(dir, "out-"+format)
		code, _, stderr := run(t, "", "export", "--format", format, "--round", "1", "--out", out, ev)
		if code != ExitOK {
			t.Errorf("%s with the temporary folder full: exit %d %s", format, code, stderr)
		}
	}
	noTempLeft(t, dir)
}
