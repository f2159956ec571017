package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"scoresheet/app"
	"scoresheet/app/cli"
	"scoresheet/sheet/location"
)

// readmeRunEnv makes this test binary the README's bin/scoresheet (see
// init): the first-event test puts a script of that name in its folder
// that runs the binary with it set.
const readmeRunEnv = "SCORESHEET_README_RUN"

// init runs before the tests (and before TestMain): with readmeRunEnv
// set, the binary is bin/scoresheet and exits with its status.
func init() {
	if os.Getenv(readmeRunEnv) == "1" {
		os.Exit(readmeScoresheet(os.Args[1:]))
	}
}

// readmeScoresheet is main's dispatch with the window's arguments read
// and checked instead of opening a window (a test has no display): the
// event named must exist, and so must the board, since the window would
// otherwise make a new event or open another board without a word.
func readmeScoresheet(args []string) int {
	if !app.IsGUIArgs(args) {
		return cli.Main(args, os.Stdin, os.Stdout, os.Stderr)
	}
	o, err := app.ParseArgs(args, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if o.Event == "" {
		fmt.Println("the window, on the default event")
		return 0
	}
	if location.Missing(o.Event) {
		fmt.Fprintf(os.Stderr, "the window would make a new event: %s does not exist\n", o.Event)
		return 1
	}
	ev, err := location.Open(o.Event)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer ev.Close()
	if o.Round > 0 {
		if _, err := ev.GameAt(o.Round, o.Board); err != nil {
			fmt.Fprintf(os.Stderr, "the window on round %d, board %d: %v\n", o.Round, o.Board, err)
			return 1
		}
	}
	fmt.Printf("the window, on %s round %d board %d\n", o.Event, o.Round, o.Board)
	return 0
}

// readmeCommand is one shell command of README.md's code blocks.
type readmeCommand struct {
	line    int    // README.md's line of its start
	section string // the "## " heading it is under
	text    string // continuation lines joined
}

// readmeCommands returns the commands of the sh code blocks of text, in
// order: every line not blank and not a comment, a line ending in "\"
// joined with the next.
func readmeCommands(text string) []readmeCommand {
	var cmds []readmeCommand
	section, inSh, inBlock, cont := "", false, false, false
	for i, raw := range strings.Split(text, "\n") {
		l := strings.TrimSpace(raw)
		switch {
		case strings.HasPrefix(l, "```"):
			inSh, inBlock, cont = !inBlock && (l == "```sh" || l == "```bash"), !inBlock, false
			continue
		case !inBlock && strings.HasPrefix(l, "## "):
			section = strings.TrimPrefix(l, "## ")
		}
		if !inSh || l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if cont {
			cmds[len(cmds)-1].text += " " + strings.TrimSuffix(l, `\`)
		} else {
			cmds = append(cmds, readmeCommand{line: i + 1, section: section, text: strings.TrimSuffix(l, `\`)})
		}
		cont = strings.HasSuffix(l, `\`)
	}
	return cmds
}

// firstEventSection is the heading of the README's walk-through.
const firstEventSection = "A first event in five steps"

// TestReadmeFirstEvent keeps README.md's promises: it starts with the
// two commands "make run" and "make test", and every command of "A first
// event in five steps" runs as written from the repository's folder,
// where "make run" leaves bin/scoresheet: in order, in a folder of its
// own, each to exit status 0 (each step builds on the one before). The
// window's command is checked, not opened: its event and board must be
// there. bin/scoresheet is this test binary, which is main's dispatch
// (readmeScoresheet), so nothing is built.
func TestReadmeFirstEvent(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	all := readmeCommands(string(text))
	var first []string
	for _, c := range all[:min(2, len(all))] {
		first = append(first, c.text)
	}
	if len(first) < 2 || !strings.HasPrefix(first[0], "make run ") || !strings.HasPrefix(first[1], "make test ") {
		t.Errorf("README.md's first two commands must be make run and make test, found %q", first)
	}
	if n := len(regexp.MustCompile(`(?m)^[1-5]\. \*\*`).FindAll(sectionText(string(text), firstEventSection), -1)); n != 5 {
		t.Errorf("%q: %d numbered steps, want 5", firstEventSection, n)
	}
	var steps []readmeCommand
	for _, c := range all {
		if c.section == firstEventSection {
			steps = append(steps, c)
		}
	}
	if len(steps) < 5 {
		t.Fatalf("%q: %d commands, want one at least for each step", firstEventSection, len(steps))
	}

	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("#!/bin/sh\n%s=1 exec '%s' \"$@\"\n", readmeRunEnv, strings.ReplaceAll(exe, "'", `'\''`))
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "scoresheet"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range steps {
		if !strings.Contains(c.text, "bin/scoresheet ") {
			t.Errorf("README.md:%d: %q does not run bin/scoresheet, which make run builds", c.line, c.text)
			continue
		}
		cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", c.text)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("README.md:%d: %s\n%v\n%s", c.line, c.text, err, out)
		}
		t.Logf("README.md:%d: %s\n%s", c.line, c.text, out)
	}
}

// sectionText returns the text under the "## " heading title, up to the
// next "## " heading.
func sectionText(text, title string) []byte {
	_, after, ok := strings.Cut(text, "\n## "+title+"\n")
	if !ok {
		return nil
	}
	if i := strings.Index(after, "\n## "); i >= 0 {
		after = after[:i]
	}
	return []byte(after)
}
