package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/cli"
	"scoresheet/internal/xtest"
)

// TestMain lets the tests run this test binary as the scoresheet
// command: with SCORESHEET_RUN_MAIN=1 it runs main instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("SCORESHEET_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runMain runs "scoresheet args..." with the extra environment env.
func runMain(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runMainStdin(t, nil, env, args...)
}

// runMainStdin runs "scoresheet args..." with the extra environment env
// and stdin (a pipe the command reads, as "cat file | scoresheet" gives;
// nil for none).
func runMainStdin(t *testing.T, stdin []byte, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), "SCORESHEET_RUN_MAIN=1"), env...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin) // not a file: exec gives the command a pipe
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// TestCommandLineEntry runs the real entry point: CLI dispatch, exit
// codes, and no Fyne locale errors on stderr under a C.UTF-8 locale (see
// package localeenv). Each run costs seconds under -race (package init),
// so the cases are few and parallel.
func TestCommandLineEntry(t *testing.T) {
	tests := []struct {
		name   string
		env    []string
		args   []string
		code   int
		stdout string // substring
		stderr string // exact
	}{
		{"help under LANG=C.UTF-8", []string{"LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG=C.UTF-8"},
			[]string{"help"}, 0, "perft", ""},
		{"unknown command under LC_ALL=C.UTF-8", []string{"LC_ALL=C.UTF-8", "LANGUAGE="},
			[]string{"nope"}, 2, "", cliStderr("nope")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, stdout, stderr := runMain(t, tt.env, tt.args...)
			if code != tt.code || !strings.Contains(stdout, tt.stdout) || stderr != tt.stderr {
				t.Errorf("scoresheet %s = %d, stdout %q, stderr %q; want %d, stdout with %q, stderr %q",
					strings.Join(tt.args, " "), code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// cliStderr is what cli.Main writes to stderr for args.
func cliStderr(args ...string) string {
	var out, errOut bytes.Buffer
	cli.Main(args, strings.NewReader(""), &out, &errOut)
	return errOut.String()
}

// TestImportFromDevStdin: "cat 32games.pgn | scoresheet import --event e
// /dev/stdin" stores the 32 games (before: 0, exit 0, the first 64 KiB
// read to tell a TRF and lost).
func TestImportFromDevStdin(t *testing.T) {
	data, err := os.ReadFile(xtest.Corpus(t, "pgn", "medium", "mliebelt_32games.pgn"))
	if err != nil {
		t.Fatalf("the PGN corpus is needed: %v", err)
	}
	ev := filepath.Join(t.TempDir(), "e.scoresheet")
	if code, _, e := runMain(t, nil, "event", "new", ev, "--name", "Pipe"); code != 0 {
		t.Fatal(e)
	}
	code, out, e := runMainStdin(t, data, nil, "import", "--event", ev, "/dev/stdin")
	if code != 0 || out != "32 games imported, 0 skipped\n" || e != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	if code, out, _ := runMain(t, nil, "event", "show", ev, "--json"); code != 0 || strings.Count(out, `"board":`) != 32 {
		t.Errorf("event show: exit %d, %d boards", code, strings.Count(out, `"board":`))
	}
}
