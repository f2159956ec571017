package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/export"
)

// TestExportOutRefused: issue 13's reproductions as the CLI says them.
// --out that export.CheckOut refuses (the event itself, a file of another
// kind, a read-only file, a folder: one of each code; which files it
// refuses is export's TestCheckOut) gives the code's words, exit 1, and
// the file is left as it was.
func TestExportOutRefused(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	newOneGameEvent(t, ev)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("Pairings of round 2\n"), 0o644)
	readOnly := filepath.Join(dir, "ro.pgn")
	os.WriteFile(readOnly, []byte("[Event \"old\"]\n"), 0o444)
	tests := []struct{ format, out, code string }{
		{"xlsx", ev, "out-event"},
		{"pgn", notes, "out-format"},
		{"pdf", readOnly, "out-readonly"},
		{"pgn", dir, "out-not-file"},
	}
	for _, tt := range tests {
		before, _ := os.ReadFile(tt.out)
		code, out, errOut := run(t, "", "export", "--format", tt.format, "--out", tt.out, ev)
		want := "scoresheet export: " + tt.out + ": " + said("ui.export.error."+tt.code, tt.code) + "\n"
		if code != ExitError || out != "" || errOut != want {
			t.Errorf("%s to %s: exit %d, stdout %q, stderr %q, want %q", tt.format, tt.out, code, out, errOut, want)
		}
		if after, _ := os.ReadFile(tt.out); !bytes.Equal(before, after) {
			t.Errorf("%s to %s: the file changed", tt.format, tt.out)
		}
	}
	if !strings.Contains(said("ui.export.error.out-event", "out-event"), "event file") {
		t.Error("no English words for out-event")
	}
	if code, _, e := run(t, "", "event", "show", ev); code != 0 {
		t.Errorf("%s no longer opens: %s", ev, e)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestExportOutReplaced: a file of the format written is replaced and
// keeps its permissions; a link is written through and stays a link; a
// new file has the umask's mode.
func TestExportOutReplaced(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	newOneGameEvent(t, ev)
	private := filepath.Join(dir, "private.pgn")
	os.WriteFile(private, []byte("[Event \"old\"]\n\n*\n"), 0o600)
	target := filepath.Join(t.TempDir(), "shared.pgn")
	os.WriteFile(target, []byte("[Event \"old\"]\n\n*\n"), 0o640)
	link := filepath.Join(dir, "link.pgn")
	os.Symlink(target, link)
	// A new file gets the mode the umask gives a new file.
	probe := filepath.Join(t.TempDir(), "probe")
	os.WriteFile(probe, nil, 0o666)
	fresh, _ := os.Stat(probe)
	for out, mode := range map[string]os.FileMode{private: 0o600, link: 0o640, filepath.Join(dir, "new.pgn"): fresh.Mode()} {
		code, stdout, errOut := run(t, "", "export", "--format", "pgn", "--out", out, ev)
		if code != ExitOK || stdout != "1 game written to "+out+"\n" || errOut != "" {
			t.Errorf("%s: exit %d, %q %q", out, code, stdout, errOut)
		}
		b, _ := os.ReadFile(out)
		fi, _ := os.Stat(out)
		if !bytes.Contains(b, []byte("[White \"A\"]")) || fi.Mode() != mode {
			t.Errorf("%s: mode %v, want %v; holds %q", out, fi.Mode(), mode, b)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
}

// TestOutErrorCodesSaid: every code of export.CheckOut has its words.
func TestOutErrorCodesSaid(t *testing.T) {
	for _, c := range export.OutErrorCodes() {
		if message("ui.export.error."+c) == "" {
			t.Errorf("en.json lacks ui.export.error.%s", c)
		}
	}
}
