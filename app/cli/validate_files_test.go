package cli

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// TestValidateSeveralFiles: several files, checked as one stream by two
// jobs, are reported in the order given, each game under its own file's
// name and number; a file that is no text stops the run there (exit 2,
// said on stderr) after the verdicts of the files before it, and one
// that does not exist likewise.
func TestValidateSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	bad := "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n"
	good := "[Event \"E\"]\n\n1. d4 d5 *\n\n"
	a := xtest.WriteFile(t, dir, "a.pgn", []byte(strings.Repeat(good, 3)+bad))
	b := xtest.WriteFile(t, dir, "b.pgn", []byte(bad+good))
	notText := xtest.WriteFile(t, dir, "c.scoresheet", append([]byte("SQLite format 3\x00"), bytes.Repeat([]byte("\x01\x00zz"), 2000)...))
	for _, jobs := range []string{"1", "2"} {
		code, out, e := run(t, "", "validate", "--jobs", jobs, a, b)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != ExitError || len(lines) != 3 || !strings.HasPrefix(lines[0], a+":17:13:") || !strings.Contains(lines[0], "game 4 ") ||
			!strings.HasPrefix(lines[1], b+":5:13:") || !strings.Contains(lines[1], "game 1 ") || !strings.HasPrefix(lines[2], "games 6, ") {
			t.Fatalf("jobs %s: exit %d, stdout %q, stderr %q", jobs, code, out, e)
		}
		code, out, e = run(t, "", "validate", "--jobs", jobs, a, notText, b)
		if code != ExitUsage || !strings.HasPrefix(out, a+":17:13:") || strings.Contains(out, b) || strings.Contains(out, "games ") ||
			!strings.Contains(e, notText+":1:16: A control character") {
			t.Fatalf("jobs %s, a file not text: exit %d, stdout %q, stderr %q", jobs, code, out, e)
		}
		code, out, e = run(t, "", "validate", "--jobs", jobs, a, dir+"/missing.pgn", b)
		if code != ExitUsage || !strings.HasPrefix(out, a+":17:13:") || strings.Contains(out, b) || !strings.Contains(e, "missing.pgn") {
			t.Fatalf("jobs %s, a missing file: exit %d, stdout %q, stderr %q", jobs, code, out, e)
		}
	}
}
