package cli

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
)

// Issue 36: another connection holds the event on the server (a laptop
// asleep in the middle of a write). Reads (show, export) do not wait;
// writes wait a few seconds, then say who holds it and exit ExitHeld,
// having written nothing; once the holder is gone, all works.
func TestCommandsWhileTheEventIsHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("each command waits its 5 s for the holder: make test runs it")
	}
	srv := pgtest.Need(t)
	// A database of its own: TestCommandsOnServerAsOnFile compares game
	// ids with a file's, the venue's sequence untouched before it.
	db := srv.NewDatabase(t)
	ev := srv.Location(db, "Held")
	runOK(t, "", "event", "new", ev, "--name", "Held")
	runOK(t, "", "event", "add-game", ev, "--round", "1", "--board", "1", "--white", "A", "--black", "B")
	u, _ := url.Parse(ev)
	key := strings.ReplaceAll(u.Query().Get("event"), "'", "''")
	h := srv.Hold(t, db, "sleepy laptop", "BEGIN",
		fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, (SELECT id FROM scoresheet.event WHERE key = '%s')::int)`, 0x53435348, key))
	timed := func(limit time.Duration, stdin string, args ...string) (int, string, string) {
		t.Helper()
		t0 := time.Now()
		code, out, e := run(t, stdin, args...)
		if took := time.Since(t0); took > limit {
			t.Errorf("%s took %v, want at most %v", args[1], took.Round(time.Millisecond), limit)
		}
		return code, out, e
	}
	if code, out, e := timed(2*time.Second, "", "event", "show", ev); code != ExitOK || !strings.Contains(out, "A - B") {
		t.Errorf("show: exit %d\n%s%s", code, out, e)
	}
	pgnFile := filepath.Join(t.TempDir(), "r.pgn")
	if code, _, e := timed(2*time.Second, "", "export", "--format", "pgn", "--out", pgnFile, ev); code != ExitOK {
		t.Errorf("export: exit %d\n%s", code, e)
	}
	pgnIn := filepath.Join(t.TempDir(), "in.pgn")
	if err := os.WriteFile(pgnIn, []byte("[Round \"1\"]\n[Board \"2\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"import", "--event", ev, pgnIn},
		{"event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white"},
		{"event", "result", ev, "--round", "1", "--board", "1", "--game", "1-0"},
		{"event", "set", ev, "--site", "Zagreb"},
	} {
		code, out, e := timed(10*time.Second, "e4\ne5\n", args...)
		if code != ExitHeld || !strings.Contains(e, "held by sleepy laptop") || !strings.Contains(e, "[store-held]") ||
			!strings.Contains(e, fmt.Sprintf("server process %d", h.PID)) {
			t.Errorf("%s: exit %d, want %d naming the holder\nstdout %q\nstderr %s", args[1], code, ExitHeld, out, e)
		}
		t.Logf("%s said: %s", args[1], e)
		if strings.Contains(out, "\tok") {
			t.Errorf("%s said stored: %q", args[1], out)
		}
	}
	if got := copyTexts(t, ev, 1, sheet.WhiteCopy); len(got) != 0 {
		t.Fatalf("stored while held: %q", got)
	}
	if _, out, _ := run(t, "", "event", "show", ev); strings.Contains(out, "board 2") {
		t.Fatalf("imported while held:\n%s", out)
	}
	h.Release()
	runOK(t, "e4\ne5\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white")
	if got := copyTexts(t, ev, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"e4", "e5"}) {
		t.Fatalf("after the holder left: %q", got)
	}
}
