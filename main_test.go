package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
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
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), "SCORESHEET_RUN_MAIN=1"), env...)
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

func TestCommandLineEntry(t *testing.T) {
	code, stdout, stderr := runMain(t, nil, "help")
	if code != 0 || !strings.Contains(stdout, "perft") || stderr != "" {
		t.Errorf("scoresheet help = %d, stdout %q, stderr %q; want 0, the command list, no stderr", code, stdout, stderr)
	}
	code, stdout, stderr = runMain(t, nil, "nope")
	if code != 2 || stdout != "" || !strings.Contains(stderr, `unknown command "nope"`) {
		t.Errorf("scoresheet nope = %d, stdout %q, stderr %q; want 2 and an error", code, stdout, stderr)
	}
}

// TestNoFyneLocaleNoise checks that Fyne's init does not log locale
// errors to stderr under LANG=C.UTF-8 (see package localeenv).
func TestNoFyneLocaleNoise(t *testing.T) {
	for _, env := range [][]string{
		{"LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG=C.UTF-8"},
		{"LC_ALL=C.UTF-8", "LANGUAGE="},
		{"LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG=de_DE.UTF-8"},
	} {
		code, _, stderr := runMain(t, env, "help")
		if code != 0 || stderr != "" {
			t.Errorf("with %v: scoresheet help = %d, stderr %q; want 0 and no stderr", env, code, stderr)
		}
	}
}
