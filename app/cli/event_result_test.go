package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// resultFindings runs event show --json and returns the board's copies'
// results and its findings about results, as "code@ply article copy texts".
func resultFindings(t *testing.T, file string) (copies [2]string, game string, findings []string) {
	t.Helper()
	doc := showJSONOf(t, file)
	if len(doc.Games) != 1 {
		t.Fatalf("%d games, want 1", len(doc.Games))
	}
	g := doc.Games[0]
	for _, f := range g.Findings {
		switch f.Code {
		case "copy-results-differ", "copy-result-differs-game", "copy-result-contradicts-board", "result-contradicts-board":
			texts := ""
			if f.Texts != nil {
				texts = fmt.Sprint(*f.Texts)
			}
			findings = append(findings, fmt.Sprintf("%s@%d %s %s %s %s", f.Code, f.Ply, f.Article, f.Severity, f.Copy, texts))
		}
	}
	return [2]string{g.Copies["white"].Result, g.Copies["black"].Result}, g.Result, findings
}

// TestEventResult: the result ending a copy's movetext is the result
// written on that copy, and the game's while it has none; event result
// sets any of the three; show --json gives each copy's and every
// disagreement with its article; bad values change nothing (exit 2).
func TestEventResult(t *testing.T) {
	file := filepath.Join(t.TempDir(), "open.scoresheet")
	if code, _, e := run(t, "", "event", "new", file, "--name", "Open"); code != 0 {
		t.Fatal(e)
	}
	if code, _, e := run(t, "", "event", "add-game", file, "--round", "1", "--board", "1", "--white", "A", "--black", "B"); code != 0 {
		t.Fatal(e)
	}
	board := []string{"--round", "1", "--board", "1"}
	enter := func(side, text string) {
		t.Helper()
		if code, _, e := run(t, text, append([]string{"event", "enter", file, "--copy", side}, board...)...); code != 0 {
			t.Fatalf("enter %s: %d %s", side, code, e)
		}
	}
	steps := []struct {
		name     string
		do       func()
		copies   [2]string
		game     string
		findings []string
	}{
		{"White's copy ends 1-0: a wrong result for a mate", func() { enter("white", "1.f3 e5 2.g4 Qh4# 1-0\n") },
			[2]string{"1-0", ""}, "1-0",
			[]string{"result-contradicts-board@4 5.1.1 error  [1-0 checkmate]"}},
		{"Black's copy ends 0-1: the game keeps its result", func() { enter("black", "1.f3 e5 2.g4 Qh4# 0-1\n") },
			[2]string{"1-0", "0-1"}, "1-0",
			[]string{"result-contradicts-board@4 5.1.1 error  [1-0 checkmate]", "copy-results-differ@0 8.7 error  [1-0 0-1]"}},
		{"the arbiter sets the game's result", func() { mustRun(t, append([]string{"event", "result", file, "--game", "0-1"}, board...)...) },
			[2]string{"1-0", "0-1"}, "0-1",
			[]string{"copy-results-differ@0 8.7 error  [1-0 0-1]"}},
		{"and corrects White's copy as read again", func() { mustRun(t, append([]string{"event", "result", file, "--white-copy", "0-1"}, board...)...) },
			[2]string{"0-1", "0-1"}, "0-1", nil},
		{"a copy's result withdrawn, the other differs from the game", func() {
			mustRun(t, append([]string{"event", "result", file, "--white-copy", "", "--black-copy", "1/2-1/2"}, board...)...)
		}, [2]string{"", "1/2-1/2"}, "0-1", []string{"copy-result-differs-game@0 8.7 error black [1/2-1/2 0-1]"}},
	}
	for _, s := range steps {
		s.do()
		copies, game, findings := resultFindings(t, file)
		if copies != s.copies || game != s.game || !slices.Equal(findings, s.findings) {
			t.Errorf("%s: copies %q, game %q, findings\n %q\nwant %q, %q,\n %q", s.name, copies, game, findings, s.copies, s.game, s.findings)
		}
	}
	for _, args := range [][]string{
		{"--white-copy", "*"}, {"--black-copy", "½-"}, {"--black-copy", "--"}, {"--white-copy", "+/-"}, {"--game", "2-0"}, {"--game", "1-0 forfeit"},
		{}, {"--round", "0", "--game", "1-0"},
	} {
		code, _, e := run(t, "", append(append([]string{"event", "result", file}, board...), args...)...)
		if code != ExitUsage || e == "" {
			t.Errorf("event result %q: exit %d %q, want %d with a message", args, code, e, ExitUsage)
		}
	}
	if code, _, e := run(t, "", "event", "result", file, "--round", "2", "--board", "1", "--game", "1-0"); code != ExitError || e == "" {
		t.Errorf("no such board: exit %d %q", code, e)
	}
	if copies, game, _ := resultFindings(t, file); copies != [2]string{"", "1/2-1/2"} || game != "0-1" {
		t.Errorf("refused commands changed the results: %q %q", copies, game)
	}
	_, text, _ := run(t, "", "event", "show", file)
	for _, want := range []string{"Round 1, board 1: A - B  0-1\n  result on black's copy: 1/2-1/2\n",
		"  ply 0: copy-result-differs-game (8.7) copy=black texts=[\"1/2-1/2\" \"0-1\"]\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("event show lacks %q:\n%s", want, text)
		}
	}
}

func mustRun(t *testing.T, args ...string) {
	t.Helper()
	if code, _, e := run(t, "", args...); code != 0 {
		t.Fatalf("%q: exit %d %s", args, code, e)
	}
}

// TestEventResultSpellings: event result reads a result in every
// spelling a copy's movetext may end with (rules.ResultSpelling): "1:0"
// ended a copy typed with event enter but was refused by --game.
func TestEventResultSpellings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "open.scoresheet")
	mustRun(t, "event", "new", file, "--name", "Open")
	mustRun(t, "event", "add-game", file, "--round", "1", "--board", "1", "--white", "A", "--black", "B")
	for _, tt := range []struct{ flag, value, game, black string }{
		{"--game", "1:0", "1-0", ""}, {"--black-copy", "½", "1-0", "1/2-1/2"}, {"--game", "0.5-0.5", "1/2-1/2", "1/2-1/2"},
		{"--black-copy", "0:1", "1/2-1/2", "0-1"}, {"--game", "+-", "+/-", "0-1"},
	} {
		mustRun(t, "event", "result", file, "--round", "1", "--board", "1", tt.flag, tt.value)
		if copies, game, _ := resultFindings(t, file); game != tt.game || copies[1] != tt.black {
			t.Errorf("%s %s: game %q, black's copy %q; want %q, %q", tt.flag, tt.value, game, copies[1], tt.game, tt.black)
		}
	}
}
