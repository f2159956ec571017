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

// TestWindowServerRestarts: the server is stopped while the window types:
// the cell typed stays on screen and is not taken further; the server
// starts again and the window saves the cell, then takes keys again.
// Nothing acknowledged is lost, nothing is doubled.
func TestWindowServerRestarts(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	loc, srv := serverEvent(t, bin)
	w := startWindowIn(t, bin, t.TempDir(), loc, "--round", "1", "--board", "1")
	w.typeText(t, "e4 e5 ")
	waitStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5"}})
	start := srv.StopFor(t)
	w.typeText(t, "S") // not saved: kept on screen; the window goes offline
	waitIdle(t, w.cmd.Process.Pid)
	w.typeText(t, "x") // taken by nothing
	waitIdle(t, w.cmd.Process.Pid)
	start()
	waitStored(t, bin, loc, copyWant{1, 1, "white", []string{"e4", "e5", "S"}})
	w.typeText(t, "f3 Sc6 ")
	want := copyWant{1, 1, "white", []string{"e4", "e5", "Sf3", "Sc6"}}
	waitStored(t, bin, loc, want)
	w.kill(t)
	checkStored(t, bin, loc, want)
}
