package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// Issue 24, defect 8: after an import the status line went on saying
// "Saved" at the last cell's time. It says what was imported, from
// which file, and when.
func TestWindowStatusAfterImport(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 ")
	before := m.status.Text
	if !strings.HasPrefix(before, "Saved ") {
		t.Fatalf("status after a cell %q", before)
	}
	path := filepath.Join(filepath.Dir(s.Store().Path()), "round2.pgn")
	pgn := "[Round \"2\"]\n[Board \"1\"]\n[White \"Anna\"]\n[Black \"Bert\"]\n\n*\n\n" +
		"[Round \"2\"]\n[Board \"2\"]\n[White \"Cleo\"]\n[Black \"Dora\"]\n\n*\n"
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	m.importFile(path)
	m.busy.Wait()
	if got, want := m.status.Text, "Imported 2 games from round2.pgn at "; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, s.Store().Path()) {
		t.Fatalf("status after the import %q, want %q...", got, want)
	}
}
