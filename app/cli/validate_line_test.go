package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateLinePointsAtError: the game line shows the first error, not
// an earlier warning; an unclosed comment that swallows the rest of the
// file is an error.
func TestValidateLinePointsAtError(t *testing.T) {
	dir := t.TempDir()
	warnThenError := filepath.Join(dir, "a.pgn")
	// Pe4 is a warning (pawn letter); Ke3 at ply 3 names no legal move.
	os.WriteFile(warnThenError, []byte("[White \"W\"]\n[Black \"B\"]\n\n1. Pe4 e5 2. Ke3 Nc6 *\n"), 0o644)
	code, out, _ := run(t, "", "validate", "--jobs", "1", warnThenError)
	if code != ExitError || !strings.Contains(out, `error ply 3 "Ke3"`) {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	unclosed := filepath.Join(dir, "b.pgn")
	os.WriteFile(unclosed, []byte("[White \"W\"]\n\n1. e4 {never closed\n\n[White \"X\"]\n\n1. d4 *\n"), 0o644)
	code, out, _ = run(t, "", "validate", "--jobs", "1", unclosed)
	if code != ExitError || !strings.Contains(out, "pgn-unclosed-comment") || !strings.Contains(out, "games 1,") {
		t.Fatalf("unclosed comment: exit %d, output:\n%s", code, out)
	}
}
