package e2e

import (
	"sync"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

// The window on an event kept on a PostgreSQL server (the cluster the
// tests start): its connections ended under it, the server restarted
// while it types.

// serverEvent makes an event on the tests' cluster with one board and
// returns its location.
func serverEvent(t *testing.T, bin string) (string, *pgtest.Server) {
	t.Helper()
	srv := pgtest.Need(t)
	loc := srv.Event(t)
	run(t, nil, bin, "event", "new", loc, "--name", "E2E Server Open", "--rounds", "1")
	run(t, nil, bin, "event", "add-game", loc, "--round", "1", "--board", "1", "--white", "Anna", "--black", "Bert", "--lang", "de")
	return loc, srv
}

// TestWindowServerConnectionsEnded: while the window types a whole copy,
// every connection to the event's database is ended again and again
// (pg_terminate_backend, as an administrator or a failover does). The
// window carries on: every cell is stored, once, in its place.
func TestWindowServerConnectionsEnded(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	loc, srv := serverEvent(t, bin)
	w := startWindowIn(t, bin, t.TempDir(), loc, "--round", "1", "--board", "1")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	ended := 0
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(150 * time.Millisecond):
				ended += srv.Terminate(t, pgtest.Database)
			}
		}
	}()
	w.typeText(t, german+" ")
	waitIdle(t, w.cmd.Process.Pid)
	close(stop)
	wg.Wait()
	t.Logf("%d connections ended while the window typed", ended)
	if ended == 0 {
		t.Fatal("no connection was ended")
	}
	waitStored(t, bin, loc, copyWant{1, 1, "white", xtest.Shown(german)})
	w.kill(t)
	checkStored(t, bin, loc, copyWant{1, 1, "white", xtest.Shown(german)})
}

// TestWindowServerRestarts (issue 31): the server is stopped after
// e4 e5 Sf3 while the arbiter types Sc6 Lb5 a6: every key is taken,
// kept in the window's journal; when the server starts again they are
// written, in order, and the window takes keys as ever. Nothing
// acknowledged is lost, nothing is doubled.
func TestWindowServerRestarts(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	loc, srv := serverEvent(t, bin)
	w := startWindowIn(t, bin, t.TempDir(), loc, "--round", "1", "--board", "1")
	w.typeText(t, "e4 e5 Sf3 ")
	waitStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5", "Sf3"}})
	start := srv.StopFor(t)
	w.typeText(t, "Sc6 Lb5 a6 ")
	waitIdle(t, w.cmd.Process.Pid)
	start()
	want := copyWant{1, 1, "white", []string{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6"}}
	waitStored(t, bin, loc, want)
	w.typeText(t, "La4 ")
	want.cells = append(want.cells, "La4")
	waitStored(t, bin, loc, want)
	w.kill(t)
	checkStored(t, bin, loc, want)
}

// TestWindowKilledWhileWaiting (issue 31): keys typed while the server is
// stopped, then the window killed (SIGKILL): its journal stays next to
// the user's settings; the next start offers it, Enter writes it.
func TestWindowKilledWhileWaiting(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	loc, srv := serverEvent(t, bin)
	home := t.TempDir()
	w := startWindowIn(t, bin, home, loc, "--round", "1", "--board", "1")
	w.typeText(t, "e4 e5 ")
	waitStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5"}})
	start := srv.StopFor(t)
	w.typeText(t, "Sf3 Sc6 ")
	waitIdle(t, w.cmd.Process.Pid)
	w.kill(t)
	start()
	checkStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5"}})
	w = startWindowIn(t, bin, home, loc, "--round", "1", "--board", "1")
	w.key(t, "Return") // the offer: write them
	want := copyWant{1, 1, "white", []string{"e4", "e5", "Sf3", "Sc6"}}
	waitStored(t, bin, loc, want)
	w.typeText(t, "Lb5 ") // typing on goes after them, not into Sf3 where the window opened
	want.cells = append(want.cells, "Lb5")
	waitStored(t, bin, loc, want)
	w.kill(t)
	checkStored(t, bin, loc, want)
}
