package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// The command line is the import's observer: a second import of the same
// file says each game skipped, with the file, its line and its board, and
// exits 1 (core's tests cover the reading loop and its batches).
func TestImportSaysSkippedGames(t *testing.T) {
	dir := t.TempDir()
	ev, pgn := filepath.Join(dir, "e.scoresheet"), filepath.Join(dir, "g.pgn")
	text := "[Round \"2.1\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[Round \"2.2\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n"
	if err := os.WriteFile(pgn, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	newOneGameEvent(t, ev)
	if code, out, e := run(t, "", "import", "--event", ev, pgn); code != ExitOK || out != "2 games imported, 0 skipped\n" || e != "" {
		t.Fatalf("exit %d %q %s", code, out, e)
	}
	code, out, e := run(t, "", "import", "--event", ev, pgn)
	want := pgn + ":1: game 1: round 2 board 1 exists: not imported\n" + pgn + ":7: game 2: round 2 board 2 exists: not imported\n"
	if code != ExitError || out != "0 games imported, 2 skipped\n" || e != want {
		t.Fatalf("second import: exit %d %q\n%s\nwant\n%s", code, out, e, want)
	}
}
