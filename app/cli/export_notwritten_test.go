package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// TestExportNamesBoardNotWritten: an event holding a game whose start
// position does not read (an event file of an older version, or written
// by another program) exports its round in PGN without that game: the
// board is named with why, the others are written, the exit status is 1
// (the whole export failed, naming nothing). The other formats print
// the game with its bad-start check.
func TestExportNamesBoardNotWritten(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	st, err := sqlitestore.Create(ev, sheet.Event{Name: "E"})
	if err != nil {
		t.Fatal(err)
	}
	for b, fen := range []string{"", "8/8/8 w - - 0 1", ""} {
		g := sheet.Game{Round: 1, Board: b + 1, FEN: fen, White: sheet.Player{Name: "W" + string(rune('1'+b))}}
		g.Copies[0].Cells = []sheet.Cell{{Text: "e4"}}
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	out := filepath.Join(dir, "r1.pgn")
	code, stdout, stderr := run(t, "", "export", "--format", "pgn", "--round", "1", "--out", out, ev)
	if code != ExitError || stdout != "2 games written to "+out+"\n" ||
		!strings.Contains(stderr, "round 1, board 2") || !strings.Contains(stderr, "[fen-rank-count]") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || strings.Count(string(data), "[Event ") != 2 || !strings.Contains(string(data), `[White "W1"]`) ||
		!strings.Contains(string(data), `[White "W3"]`) || strings.Contains(string(data), `"W2"`) {
		t.Errorf("%v\n%s", err, data)
	}
	for _, f := range []string{"pdf", "xlsx"} {
		if code, _, stderr := run(t, "", "export", "--format", f, "--out", filepath.Join(dir, "e."+f), ev); code != ExitOK {
			t.Errorf("%s: exit %d %s", f, code, stderr)
		}
	}
}
