package pgstore

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// Issue 36: another connection holds the event (a laptop asleep in the
// middle of a write, a stuck program, a curious user in psql). Every
// call is bounded: a write fails with store-held after its wait, naming
// the holder as pg_stat_activity does; a read and an open do not wait at
// all; nothing is written half; once the holder is gone, all works.

// wantHeld fails t unless err is store-held naming the holder pid as app.
func wantHeld(t *testing.T, err error, pid int, app string) {
	t.Helper()
	sheettest.WantCode(t, err, sheet.StoreHeld)
	var h *sheet.LockHolder
	if !errors.As(err, &h) || h.PID != pid || h.App != app || h.Since.IsZero() {
		t.Fatalf("store-held says %+v, want pid %d, application %q and since when", h, pid, app)
	}
}

// within fails t when fn took longer than d, and returns its error.
func within(t *testing.T, d time.Duration, what string, fn func() error) error {
	t.Helper()
	t0 := time.Now()
	err := fn()
	if took := time.Since(t0); took > d {
		t.Errorf("%s took %v, want at most %v", what, took.Round(time.Millisecond), d)
	}
	return err
}

func TestHeldByAnotherConnection(t *testing.T) {
	if testing.Short() {
		t.Skip("each write waits out its lock timeout: make test runs it")
	}
	s, srv := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, hold := range []string{
		fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, %d)`, lockClass, s.id),      // the event's lock, inside a transaction
		fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, %d)`, gameLockClass, id),    // the game's
		fmt.Sprintf(`UPDATE scoresheet.game SET board = board WHERE id = %d`, id), // a row of the game
		`LOCK TABLE scoresheet.cell IN SHARE ROW EXCLUSIVE MODE`,                  // a table
	} {
		h := srv.Hold(t, pgtest.Database, "sleepy laptop", "BEGIN", hold)
		err := within(t, lockWait+time.Second, "a keystroke's write", func() error {
			if strings.HasPrefix(hold, "UPDATE") { // the game's row: its header's write waits
				g, _ := s.Game(id)
				return s.SetHeaderIf(g, sheet.Game{ID: id, Round: 1, Board: 1, Result: "1-0"})
			}
			return s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"})
		})
		wantHeld(t, err, h.PID, "sleepy laptop")
		if strings.Contains(hold, fmt.Sprint(lockClass)+",") { // the event's lock: a whole event's write waits for it
			// Ping says so at once (the window asks before it sends its keys).
			wantHeld(t, within(t, time.Second, "a ping", s.Ping), h.PID, "sleepy laptop")
			err = within(t, heldWait+time.Second, "a whole event's write", func() error {
				_, err := s.AddGames([]sheet.Game{{Round: 1, Board: 2}})
				return err
			})
			wantHeld(t, err, h.PID, "sleepy laptop")
		}
		// Reads and opens do not wait.
		if err := within(t, time.Second, "a read", func() error { _, err := s.Game(id); return err }); err != nil {
			t.Fatal(err)
		}
		openAtOnce(t, s.Location())
		h.Release()
		if gs, _ := s.Games(); len(gs) != 1 {
			t.Fatalf("%s: a refused write was stored: %d games", hold, len(gs))
		}
		if g, _ := s.Game(id); len(g.Copies[0].Cells) != 0 || g.Result != "" {
			t.Fatalf("%s: a refused write was stored: %+v", hold, g)
		}
	}
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatalf("after the holders left: %v", err)
	}
}

// The schema's lock held (a laptop migrating the tables, asleep): an
// event whose tables need nothing opens without waiting for it.
func TestOpenWithoutTheSchemaLock(t *testing.T) {
	s, srv := newEvent(t)
	srv.Hold(t, pgtest.Database, "sleepy laptop", fmt.Sprintf(`SELECT pg_advisory_lock(%d, 0)`, lockClass))
	openAtOnce(t, s.Location())
}

// openAtOnce fails t unless the event at loc opens within a second.
func openAtOnce(t *testing.T, loc string) {
	t.Helper()
	if err := within(t, time.Second, "an open", func() error {
		o, err := Open(loc)
		if err == nil {
			o.Close()
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// The app's connections say who they are and carry their bounds.
func TestConnectionNamedAndBounded(t *testing.T) {
	SetFace("cli")
	t.Cleanup(func() { SetFace("") })
	s, _ := newEvent(t)
	host, _ := os.Hostname()
	var app, lock, idle, ka string
	err := s.pool.QueryRow(context.Background(), `SELECT current_setting('application_name'), current_setting('lock_timeout'),
		current_setting('idle_in_transaction_session_timeout'), current_setting('tcp_keepalives_idle')`).Scan(&app, &lock, &idle, &ka)
	if err != nil {
		t.Fatal(err)
	}
	if want := "scoresheet cli on " + host; app != want[:min(len(want), 63)] {
		t.Errorf("application_name %q, want %q", app, want)
	}
	if lock != "2s" || idle != "20s" || ka != "10" {
		t.Errorf("lock_timeout %s, idle_in_transaction_session_timeout %s, tcp_keepalives_idle %s", lock, idle, ka)
	}
}

// A client suspended (SIGSTOP) in the middle of a write, holding the
// event's lock: another store's write says who holds it; the server ends
// the suspended client's connection after idleInTransaction and the
// write then goes through. The suspended client is this test's binary
// run again (TestHelperSuspendedWriter), with a short idle bound.
func TestSuspendedWriter(t *testing.T) {
	s, _ := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	child := xtest.Child("TestHelperSuspendedWriter", "SCORESHEET_HELPER_EVENT="+s.Location())
	out, _ := child.StdoutPipe()
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { child.Process.Kill(); child.Wait() })
	line, _ := bufio.NewReader(out).ReadString('\n')
	var pid int
	if _, err := fmt.Sscanf(line, "holding %d", &pid); err != nil {
		t.Fatalf("the child said %q", line)
	}
	if err := child.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	err = within(t, lockWait+time.Second, "a keystroke's write", func() error {
		return s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"})
	})
	host, _ := os.Hostname()
	wantHeld(t, err, pid, "scoresheet suspended on "+host)
	// Patient (as the command line is, a little longer): through once the
	// server ended the suspended connection.
	s.SetPatience(10*time.Second, nil)
	if err := within(t, 10*time.Second, "a patient write", func() error {
		return s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"})
	}); err != nil {
		t.Fatalf("after the server ended the suspended connection: %v", err)
	}
	if g, _ := s.Game(id); len(g.Copies[0].Cells) != 1 || g.Copies[0].Cells[0].Text != "e4" || g.Result != "" {
		t.Fatalf("stored %+v", g)
	}
}

// TestHelperSuspendedWriter is the suspended client of TestSuspendedWriter
// (run only as its child): it takes the event's lock in a write
// transaction, says so, and waits to be stopped.
func TestHelperSuspendedWriter(t *testing.T) {
	loc := xtest.ChildEnv(t, "SCORESHEET_HELPER_EVENT", "TestSuspendedWriter")
	idleInTransaction = 2*lockWait + time.Second // past the first write's wait
	SetFace("suspended")
	s, err := Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	if err := tx.QueryRow(ctx, `SELECT pg_backend_pid() FROM (SELECT pg_advisory_xact_lock($1, $2)) l`, int32(lockClass), int32(s.id)).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("holding %d\n", pid)
	time.Sleep(time.Minute)
}

// Another laptop migrating the tables (holding the schema's lock) is
// waited for heldWait, then said with who holds it; once it is done the
// event opens, migrated.
func TestOpenWhileAnotherMigrates(t *testing.T) {
	srv, db, loc := oldEvent(t)
	h := srv.Hold(t, db, "migrating laptop", "BEGIN", fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d, 0)`, lockClass))
	t0 := time.Now()
	_, err := Open(loc)
	if took := time.Since(t0); took < heldWait || took > heldWait+2*time.Second {
		t.Errorf("open refused after %v, want heldWait (%v)", took.Round(time.Millisecond), heldWait)
	}
	wantHeld(t, err, h.PID, "migrating laptop")
	h.Release()
	s, err := Open(loc)
	if err != nil {
		t.Fatalf("after the migrating laptop: %v", err)
	}
	s.Close()
}
