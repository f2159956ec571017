package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportNamesOfAnyScript reproduces issue 13 items 1 and 5 on the
// command line: a name beyond the Basic Multilingual Plane panicked the
// PDF and forms export (exit 2, an empty temporary file left), and a name
// with a line break made an exported PGN that did not read. Every format
// is now written, says so, leaves nothing else in the folder, and the PGN
// validates.
func TestExportNamesOfAnyScript(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	if code, _, e := run(t, "", "event", "new", ev, "--name", "Open 😀 丁立人"); code != 0 {
		t.Fatal(e)
	}
	for i, p := range [][2]string{{"P 😀", "B"}, {"Anna\nMaria", `Q"\`}, {"丁立人", "عبد الله المحمد"}, {"בוריס גלפנד", "김철수 𠀋"}} {
		board := string(rune('1' + i))
		if code, _, e := run(t, "", "event", "add-game", ev, "--round", "1", "--board", board, "--white", p[0], "--black", p[1]); code != 0 {
			t.Fatalf("add-game %q: %s", p, e)
		}
	}
	for _, format := range []string{"pdf", "forms", "xlsx", "pgn"} {
		out := filepath.Join(dir, "e."+format)
		code, stdout, stderr := run(t, "", "export", "--format", format, "--out", out, ev)
		if code != 0 || !strings.Contains(stdout, "4 games written") {
			t.Errorf("export %s: exit %d, %q %q", format, code, stdout, stderr)
		}
		if info, err := os.Stat(out); err != nil || info.Size() == 0 {
			t.Errorf("export %s: %v", format, err)
		}
	}
	noTempLeft(t, dir)
	if code, stdout, stderr := run(t, "", "validate", filepath.Join(dir, "e.pgn")); code != 0 || !strings.Contains(stdout, "games with errors 0") {
		t.Errorf("validate: exit %d, %q %q", code, stdout, stderr)
	}
	// Imported into a new event, the names are back as written.
	ev2 := filepath.Join(dir, "e2.scoresheet")
	if code, _, e := run(t, "", "event", "new", ev2, "--name", "Copy"); code != 0 {
		t.Fatal(e)
	}
	if code, out, e := run(t, "", "import", "--event", ev2, filepath.Join(dir, "e.pgn")); code != 0 {
		t.Fatalf("import: %d %q %s", code, out, e)
	}
	_, shown, _ := run(t, "", "event", "show", ev2, "--json")
	for _, name := range []string{`"Anna\nMaria"`, `"Q\"\\"`, `"P 😀"`, `"김철수 𠀋"`, `"عبد الله المحمد"`} {
		if !strings.Contains(shown, name) {
			t.Errorf("event show after import lacks %s", name)
		}
	}
}
