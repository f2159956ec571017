package app

import (
	"strings"
	"testing"
	"time"

	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
)

// Issue 31: an idle window on a server's event did not say the server
// was gone. Within a few seconds of the server stopping, the status
// line says so, naming the event; when it is back, that it answers
// again. The cell keeps taking keys meanwhile (nothing disabled).
func TestIdleWindowSaysServerGone(t *testing.T) {
	srv := pgtest.Need(t)
	st, err := pgstore.Create(srv.Event(t), sheet.Event{Name: "Idle Open"})
	if err != nil {
		t.Fatal(err)
	}
	s := sessiontest.Start(t, st)
	m := openTestWindow(t, s)
	// The window's watcher asks every serverCheckEvery from its own
	// goroutine; here the test asks as often as it looks, on its own
	// goroutine, so that the status line is read where it is written.
	w := &serverWatch{m: m, s: s, name: "Idle Open"}
	now := func(f func()) { f() }
	waitStatus := func(want string) time.Duration {
		t.Helper()
		start := time.Now()
		for time.Since(start) < 15*time.Second {
			w.check(now)
			if strings.Contains(m.status.Text, want) {
				return time.Since(start)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("after 15 s the status line says %q, not %q", m.status.Text, want)
		return 0
	}
	start := srv.StopFor(t)
	defer start()
	took := waitStatus("The server of “Idle Open” does not answer")
	t.Logf("said %v after the server stopped", took.Round(time.Millisecond))
	if took > 5*time.Second || m.gv.entry.Disabled() {
		t.Errorf("said after %v; the cell disabled: %v", took, m.gv.entry.Disabled())
	}
	start()
	waitStatus("The server of “Idle Open” answers again.")
}
