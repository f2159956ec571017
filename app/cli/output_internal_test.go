package cli

import (
	"strings"
	"testing"
)

// CheckOutput holds a command's exit code to want and its output to
// hold each of the strings of wantOut (stdout) and wantErr (stderr).
func CheckOutput(t *testing.T, code int, stdout, stderr string, want int, wantOut, wantErr []string) {
	t.Helper()
	if code != want {
		t.Errorf("exit code = %d, want %d\nstdout:\n%s\nstderr:\n%s", code, want, stdout, stderr)
	}
	for _, s := range wantOut {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, stdout)
		}
	}
	for _, s := range wantErr {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr)
		}
	}
}
