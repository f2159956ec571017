package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// TestImportExportRoundTrip: a pairing file with headers only creates the
// boards; a PGN with moves fills both copies; exporting writes PGN that
// validates and holds the same games; a second import of the same boards
// is refused and reported.
func TestImportExportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.scoresheet")
	pairings := filepath.Join(dir, "round1.pgn")
	games := filepath.Join(dir, "games.pgn")
	os.WriteFile(pairings, []byte(`[Event "Open"]
[Round "1.1"]
[White "Müller, Hans"]
[Black "Đurđević, Ante"]
[WhiteElo "2210"]
[Result "*"]

[Event "Open"]
[Round "1.2"]
[White "O'Brien \"Rock\""]
[Black "Крамник"]
[Result "*"]
`), 0o644)
	os.WriteFile(games, []byte(`[Event "Open"]
[Round "2"]
[Board "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 {(=)} Nc6 3. Bb5 {[%clk 1:29:30]} a6 4. Bxc6 dxc6 5. O-O 1-0
`), 0o644)
	if code, _, e := run(t, "", "event", "new", ev, "--name", "Open"); code != 0 {
		t.Fatal(e)
	}
	if code, out, e := run(t, "", "import", "--event", ev, pairings); code != 0 || !strings.Contains(out, "2 games imported") {
		t.Fatalf("import pairings: %d %q %s", code, out, e)
	}
	if code, out, e := run(t, "", "import", "--event", ev, games); code != 0 || !strings.Contains(out, "1 game imported") {
		t.Fatalf("import games: %d %q %s", code, out, e)
	}
	if code, _, e := run(t, "", "import", "--event", ev, pairings); code != ExitError || !strings.Contains(e, "round 1 board 1 exists") {
		t.Fatalf("second import: exit %d, stderr %q", code, e)
	}
	out := filepath.Join(dir, "out.pgn")
	if code, _, e := run(t, "", "export", "--format", "pgn", "--out", out, ev); code != 0 {
		t.Fatalf("export: %s", e)
	}
	data, _ := os.ReadFile(out)
	text := string(data)
	for _, want := range []string{`[White "Müller, Hans"]`, `[Black "Крамник"]`, `[White "O'Brien \"Rock\""]`,
		`[Round "1"]`, `[Board "2"]`, "2. Nf3 {(=)} 2... Nc6 3. Bb5 {[%clk 1:29:30]} 3... a6", "O-O 1-0"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	if code, o, e := run(t, "", "validate", out); code != 0 || !strings.Contains(o, "games 3,") {
		t.Fatalf("validate export: %d %s %s", code, o, e)
	}
	// Round and board selection, and errors that write nothing.
	one := filepath.Join(dir, "one.pgn")
	if code, _, e := run(t, "", "export", "--format", "pgn", "--round", "2", "--board", "1", "--out", one, ev); code != 0 {
		t.Fatal(e)
	}
	if b, _ := os.ReadFile(one); strings.Count(string(b), "[Event ") != 1 {
		t.Fatalf("--round 2 --board 1 wrote:\n%s", b)
	}
	none := filepath.Join(dir, "none.pgn")
	for _, args := range [][]string{
		{"export", "--format", "pgn", "--round", "9", "--out", none, ev},
		{"export", "--format", "docx", "--out", none, ev},
		{"export", "--format", "pgn", "--board", "1", "--out", none, ev},
		{"export", "--format", "pgn", "--out", none, filepath.Join(dir, "missing.scoresheet")},
	} {
		if code, _, _ := run(t, "", args...); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("a failed export left %s", none)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestExportFormats: every format writes a file of its kind; a bad paper
// or notation is a usage error that writes nothing.
func TestExportFormats(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.scoresheet")
	run(t, "", "event", "new", ev, "--name", "Open", "--rounds", "1")
	run(t, "", "event", "add-game", ev, "--round", "1", "--board", "1", "--white", "Müller", "--black", "Крамник")
	run(t, "1.e4 e5 2.Sf3 Sc6 (=) 3.Lb5", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white", "--lang", "de")
	for _, c := range []struct{ format, notation, paper, magic string }{
		{"pdf", "figurine", "a4", "%PDF-"},
		{"pdf", "de", "letter", "%PDF-"},
		{"forms", "", "letter", "%PDF-"},
		{"xlsx", "fr", "", "PK\x03\x04"},
		{"pgn", "", "", "[Event "},
	} {
		out := filepath.Join(dir, "out."+c.format)
		args := []string{"export", "--format", c.format, "--out", out}
		if c.notation != "" {
			args = append(args, "--notation", c.notation)
		}
		if c.paper != "" {
			args = append(args, "--paper", c.paper)
		}
		if code, _, e := run(t, "", append(args, ev)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, e)
		}
		if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), c.magic) {
			t.Errorf("%s: file starts %q, want %q", c.format, string(b[:min(8, len(b))]), c.magic)
		}
	}
	bad := filepath.Join(dir, "bad.pdf")
	for _, args := range [][]string{
		{"export", "--format", "pdf", "--paper", "a3", "--out", bad, ev},
		{"export", "--format", "pdf", "--notation", "klingon", "--out", bad, ev},
		{"export", "--format", "forms", "--lang", "klingon", "--out", bad, ev},
	} {
		if code, _, e := run(t, "", args...); code != ExitUsage || e == "" {
			t.Errorf("%v: exit %d, want %d with a message", args, code, ExitUsage)
		}
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a refused export wrote %s", bad)
	}
}

// TestExportLabelLanguage: --lang prints the headings of forms and
// scoresheets in that language.
func TestExportLabelLanguage(t *testing.T) {
	pdftotext := xtest.NeedTool(t, "pdftotext")
	dir := t.TempDir()
	ev := filepath.Join(dir, "ev.scoresheet")
	run(t, "", "event", "new", ev, "--name", "Open", "--rounds", "1")
	run(t, "", "event", "add-game", ev, "--round", "1", "--board", "1", "--white", "Müller", "--black", "Крамник")
	for lang, want := range map[string]string{"en": "Scoresheet", "de": "Partieformular"} {
		out := filepath.Join(dir, lang+".pdf")
		if code, _, e := run(t, "", "export", "--format", "forms", "--lang", lang, "--out", out, ev); code != 0 {
			t.Fatalf("--lang %s: exit %d: %s", lang, code, e)
		}
		text, err := exec.Command(pdftotext, out, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(strings.TrimSpace(string(text)), want) {
			t.Errorf("--lang %s: the form starts %q, want %q", lang, string(text[:min(40, len(text))]), want)
		}
	}
}
