package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// noControl fails if text printed by a command holds a control character
// a terminal would act on (C0 but tab and line feed, DEL, C1) or a byte
// that is not UTF-8.
func noControl(t *testing.T, what, text string) {
	t.Helper()
	for i, r := range text {
		if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r < 0xa0 || r == utf8.RuneError && !strings.HasPrefix(text[i:], "\ufffd") {
			t.Errorf("%s prints %q at byte %d:\n%q", what, r, i, text)
			return
		}
	}
}

// TestTerminalEscapes: names, cells and file names holding terminal
// escapes (set the title, clear the screen) are shown escaped by every
// command, on stdout and stderr, errors quoting input too; the event
// keeps them as written.
func TestTerminalEscapes(t *testing.T) {
	dir := t.TempDir()
	evil := "Evil\x1b]0;pwned\x07\x1b[2J"
	pgnFile := filepath.Join(dir, "evil.pgn")
	pgnText := "[Event \"x\"]\n[Round \"1.1\"]\n[White \"Evil\"]\n[Black \"B\"]\n[Result \"*\"]\n\n" +
		`{[%tag White "Evil\x1b]0;pwned\x07\x1b[2J"] [%tag Black "C1\u009b2J\x7f"]} 1. e4 {[%copy white "e5\x1b[31m"]} e5 2. Nf9 *` + "\n"
	if err := os.WriteFile(pgnFile, []byte(pgnText), 0o644); err != nil {
		t.Fatal(err)
	}
	ev := filepath.Join(dir, "e.scoresheet")
	steps := [][]string{
		{"event", "new", ev, "--name", "T\x1b[2J"},
		{"import", "--event", ev, pgnFile},
		{"event", "show", ev},
		{"event", "show", "--json", ev},
		{"validate", pgnFile},
		{"event", "add-game", ev, "--round", "1", "--board", "2", "--white", "W\x1b[2J", "--black", "\u009b"},
		{"event", "show", filepath.Join(dir, "missing\x1b[2J.scoresheet")},
		{"import", "--event", ev, filepath.Join(dir, "missing\x1b]0;x\x07.pgn")},
		{"check", filepath.Join(dir, "cells\x1b[2J.txt")},
	}
	for _, args := range steps {
		_, out, errOut := run(t, "", args...)
		noControl(t, strings.Join(args, " ")+": stdout", out)
		noControl(t, strings.Join(args, " ")+": stderr", errOut)
	}
	_, out, errOut := run(t, "Nf3\x1b[2J\ne5\x07\n", "event", "enter", ev, "--round", "1", "--board", "2", "--copy", "white")
	noControl(t, "event enter: stdout", out)
	noControl(t, "event enter: stderr", errOut)
	// The event keeps what was written.
	_, out, _ = run(t, "", "event", "show", "--json", ev)
	var shown struct {
		Games []struct {
			White struct{ Name string }
			Black struct{ Name string }
		}
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(shown.Games) != 2 || shown.Games[0].White.Name != evil || shown.Games[0].Black.Name != "C1\u009b2J\x7f" || shown.Games[1].White.Name != "W\x1b[2J" {
		t.Errorf("the event holds %+v, want the names as written", shown.Games)
	}
	if !strings.Contains(out, `Evil\u001b]0;pwned\u0007\u001b[2J`) {
		t.Errorf("event show --json does not show the escaped name:\n%s", out)
	}
}
