package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"scoresheet/internal/pgtest"
)

// TestWindowWhileEventHeld (issue 36): another connection holds the
// event's lock (a laptop asleep in the middle of a write) while the
// arbiter types Sc6 Lb5 a6: every key is taken and kept (the status
// line names the holder), none waits on the server more than a
// keystroke's lock wait; once the holder is gone the window writes them
// on its own, in order, and takes keys as ever.
func TestWindowWhileEventHeld(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	loc, srv := serverEvent(t, bin)
	w := startWindowIn(t, bin, t.TempDir(), loc, "--round", "1", "--board", "1")
	w.typeText(t, "e4 e5 Sf3 ")
	waitStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5", "Sf3"}})
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatal(err)
	}
	key := strings.ReplaceAll(u.Query().Get("event"), "'", "''")
	h := srv.Hold(t, pgtest.Database, "sleepy laptop", "BEGIN",
		fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, (SELECT id FROM scoresheet.event WHERE key = '%s')::int)`, 0x53435348, key))
	w.typeText(t, "Sc6 Lb5 a6 ")
	waitIdle(t, w.cmd.Process.Pid)
	checkStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5", "Sf3"}})
	h.Release()
	want := copyWant{1, 1, "white", []string{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6"}}
	waitStored(t, bin, loc, want)
	w.typeText(t, "La4 ")
	want.cells = append(want.cells, "La4")
	waitStored(t, bin, loc, want)
	w.kill(t)
	checkStored(t, bin, loc, want)
}
