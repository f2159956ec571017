package winetest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Inputs of the round trip, with CRLF line ends as Windows editors and
// pairing programs write them. The white copy is the German sample game
// of the FIDE Laws (Anhang E), the black copy its English notation with
// a draw offer; round2.pgn is a pairing program's round with one game;
// bad.pgn has an illegal move.
var inputs = map[string]string{
	"white.txt":  "1. e4 e5 2. Sf3 Sf6 3. d4 exd4\r\n4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6\r\n7. Lg5 Sc6 8. De3+ Le7 9. Sbd2 0-0\r\n10. 0-0-0 Te8 11. Kb1 (=)\r\n",
	"black.txt":  "e4\r\ne5\r\nNf3\r\nNf6\r\nd4\r\nexd4\r\ne5\r\nNe4\r\nQxd4\r\nd5\r\nexd6 e.p.\r\nNxd6\r\nBg5\r\nNc6\r\nQe3+\r\nBe7\r\nNd2\r\nO-O\r\nO-O-O\r\nRe8\r\n",
	"round2.pgn": "[Event \"Zagreb Open\"]\r\n[Site \"Zagreb\"]\r\n[Date \"2026.11.23\"]\r\n[Round \"2\"]\r\n[Board \"1\"]\r\n[White \"Müller, Jörg\"]\r\n[Black \"Đurđević, Ana\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n",
	"bad.pgn":    "[Event \"x\"]\r\n[White \"a\"]\r\n[Black \"b\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n",
}

// build is one build's side of the round trip.
type build struct {
	name string
	dir  string                                                   // its folder of the event and the exports (a Linux path)
	path func(linux string) string                                // how the build names a file
	run  func(stdin []byte, args ...string) (int, []byte, []byte) // exit status, stdout, stderr
}

// step is one command of the round trip: args may name "{event}",
// "{in:FILE}" (one of inputs) and "{out:FILE}" (in the build's folder).
type step struct {
	args  []string
	stdin string // one of inputs, or ""
	code  int    // the exit status both builds must give
}

var roundTrip = []step{
	{args: []string{"event", "new", "{event}", "--name", "Zagreb Open", "--site", "Zagreb", "--tc", "40/5400+30:1800+30", "--rounds", "2"}},
	{args: []string{"event", "add-game", "{event}", "--round", "1", "--board", "1", "--white", "Đurđević, Ana", "--black", "Müller, Jörg", "--date", "2026.11.22", "--lang", "de"}},
	{args: []string{"event", "enter", "{event}", "--round", "1", "--board", "1", "--copy", "white", "--lang", "de"}, stdin: "white.txt"},
	{args: []string{"event", "enter", "{event}", "--round", "1", "--board", "1", "--copy", "black", "--lang", "en"}, stdin: "black.txt"},
	{args: []string{"import", "--event", "{event}", "{in:round2.pgn}"}},
	{args: []string{"event", "show", "{event}"}},
	{args: []string{"event", "show", "{event}", "--json"}},
	{args: []string{"export", "--format", "pgn", "--out", "{out:round 1.pgn}", "{event}"}},
	{args: []string{"export", "--format", "pdf", "--round", "1", "--out", "{out:round 1.pdf}", "{event}"}},
	{args: []string{"export", "--format", "xlsx", "--out", "{out:event.xlsx}", "{event}"}},
	{args: []string{"check", "--lang", "de", "--json", "{in:white.txt}"}},
	{args: []string{"check", "--lang", "en", "{in:black.txt}"}},
	{args: []string{"validate", "{out:round 1.pgn}", "{in:round2.pgn}"}},
	{args: []string{"validate", "{in:bad.pgn}"}, code: 1},
	{args: []string{"event", "enter", "{event}", "--no-such-flag"}, code: 2},
}

const eventName = "Open 2026.scoresheet"

// TestCLIRoundTrip runs every step with scoresheet-cli.exe under wine and
// with the Linux build, each on its own event in a folder whose name has
// a space and letters outside ASCII, and wants the same exit status,
// output (its paths named as each build names them) and files.
func TestCLIRoundTrip(t *testing.T) {
	w := setup(t)
	in := filepath.Join(w.root, "inputs")
	os.MkdirAll(in, 0o755)
	for name, text := range inputs {
		if err := os.WriteFile(filepath.Join(in, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	windows := &build{name: "windows", dir: filepath.Join(w.root, "windows", "Turniere Đurđa"), path: winPath,
		run: func(stdin []byte, args ...string) (int, []byte, []byte) {
			return runCmd(t, w.command("", w.cli, args...), stdin)
		}}
	linux := &build{name: "linux", dir: filepath.Join(w.root, "linux", "Turniere Đurđa"), path: func(p string) string { return p },
		run: func(stdin []byte, args ...string) (int, []byte, []byte) {
			cmd := exec.Command(w.linux, args...)
			cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "LANGUAGE=en")
			return runCmd(t, cmd, stdin)
		}}
	for _, b := range []*build{windows, linux} {
		if err := os.MkdirAll(b.dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range roundTrip {
		var stdin []byte
		if s.stdin != "" {
			stdin = []byte(inputs[s.stdin])
		}
		wc, wout, werr := windows.run(stdin, expand(s.args, windows, in)...)
		lc, lout, lerr := linux.run(stdin, expand(s.args, linux, in)...)
		name := strings.Join(s.args[:2], " ")
		if wc != s.code || lc != s.code {
			t.Errorf("%s: exit status %d on Windows, %d on Linux, want %d\nwindows stderr:\n%s\nlinux stderr:\n%s", name, wc, lc, s.code, werr, lerr)
		}
		for _, o := range [][3][]byte{{[]byte("stdout"), wout, lout}, {[]byte("stderr"), werr, lerr}} {
			wn, ln := windows.normalise(o[1], in), linux.normalise(o[2], in)
			if wn != ln {
				t.Errorf("%s: %s differs\nwindows:\n%s\nlinux:\n%s", name, o[0], wn, ln)
			}
		}
	}
	compareFiles(t, windows.dir, linux.dir)
}

// expand fills in a step's arguments for build b.
func expand(args []string, b *build, in string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		switch {
		case a == "{event}":
			a = b.path(filepath.Join(b.dir, eventName))
		case strings.HasPrefix(a, "{in:"):
			a = b.path(filepath.Join(in, strings.TrimSuffix(a[4:], "}")))
		case strings.HasPrefix(a, "{out:"):
			a = b.path(filepath.Join(b.dir, strings.TrimSuffix(a[5:], "}")))
		}
		out[i] = a
	}
	return out
}

// normalise names the build's folders alike in its output (also as JSON
// writes them, with backslashes doubled).
func (b *build) normalise(out []byte, in string) string {
	s := string(out)
	for _, p := range [][2]string{{b.path(b.dir), "{dir}"}, {b.path(in), "{in}"}} {
		s = strings.ReplaceAll(s, p[0], p[1])
		s = strings.ReplaceAll(s, strings.ReplaceAll(p[0], `\`, `\\`), p[1])
	}
	s = strings.NewReplacer(`{dir}\`, "{dir}/", `{in}\`, "{in}/").Replace(s)
	return validateSeconds.ReplaceAllString(s, "seconds S")
}

// validateSeconds is how long validate took, which differs run by run.
var validateSeconds = regexp.MustCompile(`seconds [0-9.]+`)

func runCmd(t *testing.T, cmd *exec.Cmd, stdin []byte) (int, []byte, []byte) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode(), stdout.Bytes(), stderr.Bytes()
	case err != nil:
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	return 0, stdout.Bytes(), stderr.Bytes()
}

// compareFiles wants the same files in both folders (nothing left over
// beside the event: no temporary file, no -wal or -shm once the commands
// have ended) and the same exports.
func compareFiles(t *testing.T, winDir, linuxDir string) {
	t.Helper()
	want := []string{eventName, "event.xlsx", "round 1.pdf", "round 1.pgn"}
	for _, dir := range []string{winDir, linuxDir} {
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range ents {
			got = append(got, e.Name())
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s holds %q, want %q", dir, got, want)
		}
	}
	read := func(dir, name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if w, l := read(winDir, "round 1.pgn"), read(linuxDir, "round 1.pgn"); !bytes.Equal(w, l) {
		t.Errorf("PGN differs\nwindows:\n%s\nlinux:\n%s", w, l)
	}
	if w, l := pdfText(t, filepath.Join(winDir, "round 1.pdf")), pdfText(t, filepath.Join(linuxDir, "round 1.pdf")); w != l {
		t.Errorf("PDF text differs\nwindows:\n%s\nlinux:\n%s", w, l)
	}
	compareWorkbooks(t, filepath.Join(winDir, "event.xlsx"), filepath.Join(linuxDir, "event.xlsx"))
}

// pdfText is the PDF's text as pdftotext lays it out, page by page.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v (apt-get install poppler-utils)", path, err)
	}
	if len(bytes.TrimSpace(out)) == 0 {
		t.Errorf("%s: no text", path)
	}
	return string(out)
}
