package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// longLinePGN is issue 13's file: a game with a 5 MB comment on its
// line 4, then 32 games.
func longLinePGN(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "long.pgn")
	text := "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {" + strings.Repeat("x", 5<<20) + "} e5 1-0\n\n" +
		strings.Repeat("[White \"W\"]\n[Black \"B\"]\n\n1. d4 d5 *\n\n", 32)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestValidateLongLine: the long line is an error at file:line:col and
// the 32 games after it are counted, with one job or two (it was "games
// 1" with no word, or "bufio: buffer full").
func TestValidateLongLine(t *testing.T) {
	f := longLinePGN(t)
	for _, jobs := range []string{"1", "2"} {
		code, out, errOut := run(t, "", "validate", "--jobs", jobs, f)
		want := f + ":4:1: game 1 (A - B): error: pgn-game-too-long\ngames 33, plies 64, games with errors 1, games with warnings 0,"
		if code != ExitError || !strings.HasPrefix(out, want) || errOut != "" {
			t.Errorf("jobs %s: exit %d, stdout\n%s\nstderr\n%s", jobs, code, out, errOut)
		}
	}
}

// TestImportLongLine: import says where the game was cut, does not
// import it (it was stored as a board with no moves, exit 0), and
// imports the 32 games after it; the exit status is 1.
func TestImportLongLine(t *testing.T) {
	f := longLinePGN(t)
	ev := filepath.Join(t.TempDir(), "ev.scoresheet")
	if code, _, e := run(t, "", "event", "new", ev, "--name", "Open"); code != 0 {
		t.Fatal(e)
	}
	code, out, errOut := run(t, "", "import", "--event", ev, f)
	want := "scoresheet import: " + f + ":4:1: The game is too long to be read [pgn-game-too-long]: game 1 not imported\n"
	if code != ExitError || out != "32 games imported, 0 skipped, 1 not imported\n" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	_, out, _ = run(t, "", "event", "show", ev)
	if strings.Count(out, "Round 1, board ") != 32 || strings.Contains(out, "A - B") {
		t.Errorf("event show:\n%s", out)
	}
}
