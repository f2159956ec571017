package pgstore

import (
	"context"
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }
func itoa(n int) string                   { return strconv.Itoa(n) }
func urlQuery(s string) string            { return url.QueryEscape(s) }

// newEvent creates a new event on the tests' cluster, closed after the
// test.
func newEvent(t *testing.T) (*Store, *pgtest.Server) {
	t.Helper()
	srv := pgtest.Need(t)
	s, err := Create(srv.Event(t), sheet.Event{Name: t.Name(), Rounds: []sheet.Round{{Number: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, srv
}

// TestEventsShareADatabase: one database holds several events, each
// under its name, each with its own games; a name taken is refused, a
// name unknown is store-no-event, and OpenOrCreate makes no database.
func TestEventsShareADatabase(t *testing.T) {
	srv := pgtest.Need(t)
	a, b := srv.Location(pgtest.Database, "Open A"), srv.Location(pgtest.Database, "Open B")
	sa, err := Create(a, sheet.Event{Name: "A"})
	if err != nil {
		t.Fatal(err)
	}
	defer sa.Close()
	sb, err := OpenOrCreate(b, sheet.Event{Name: "B"})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if _, err := sa.AddGame(sheet.Game{Round: 1, Board: 1}); err != nil {
		t.Fatal(err)
	}
	idB, err := sb.AddGame(sheet.Game{Round: 1, Board: 1}) // the same board, another event
	if err != nil {
		t.Fatal(err)
	}
	if gs, _ := sa.Games(); len(gs) != 1 {
		t.Errorf("event A: %d games", len(gs))
	}
	_, err = sa.Game(idB) // B's game is not A's
	sheettest.WantCode(t, err, sheet.StoreNotFound)
	sheettest.WantCode(t, sheettest.SetCell(sa, idB, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}), sheet.StoreNotFound)

	_, err = Create(a, sheet.Event{Name: "again"})
	sheettest.WantCode(t, err, sheet.StoreEventExists)
	if ev, _ := sa.Event(); ev.Name != "A" {
		t.Errorf("event A renamed %q", ev.Name)
	}
	_, err = Open(srv.Location(pgtest.Database, "Nobody's"))
	sheettest.WantCode(t, err, sheet.StoreNoEvent)
	_, err = OpenOrCreate(srv.Location("no_such_db", "x"), sheet.Event{})
	sheettest.WantCode(t, err, sheet.StoreNoEvent)
}

// schemaAt makes the tables of loc's database as the code of version n
// made them (its first n migrations).
func schemaAt(t *testing.T, loc string, n int) {
	t.Helper()
	s, err := connect(loc)
	if err != nil {
		t.Fatal(err)
	}
	defer s.pool.Close()
	saved := migrations
	migrations = saved[:n]
	err = s.migrate(context.Background())
	migrations = saved
	if err != nil {
		t.Fatal(err)
	}
}

// oldEvent makes a database of its own with the tables of the second
// schema version and an event "Old" in it.
func oldEvent(t *testing.T) (srv *pgtest.Server, db, loc string) {
	t.Helper()
	srv = pgtest.Need(t)
	db = srv.NewDatabase(t)
	loc = srv.Location(db, "Old")
	schemaAt(t, loc, 2)
	srv.Exec(t, db, `INSERT INTO scoresheet.event (key, name, site, start_date, end_date, time_control)
		VALUES ('Old', 'Old', '', '', '', '')`)
	return srv, db, loc
}

// TestMigrateOlderDatabase: a database of an older version (here: the
// first two migrations, before copies' results, kinds and marks,
// forfeits, languages and consulted copies) is
// brought to this one on open, everything in it kept; a newer one, or a
// schema "scoresheet" that is not this program's, is refused untouched.
func TestMigrateOlderDatabase(t *testing.T) {
	srv, db, loc := oldEvent(t)
	srv.Exec(t, db,
		`INSERT INTO scoresheet.game (event_id, round, board, white_name, white_fide_id, white_rating, white_federation,
			white_title, black_name, black_fide_id, black_rating, black_federation, black_title, result, date, fen)
			SELECT id, 1, 1, 'Anna', '', 0, '', '', 'Ben', '', 0, '', '', '1-0', '', '' FROM scoresheet.event`,
		`INSERT INTO scoresheet.copy (game_id, side, lang) SELECT id, 0, 'de' FROM scoresheet.game`,
		`INSERT INTO scoresheet.copy (game_id, side, lang) SELECT id, 1, '' FROM scoresheet.game`,
		`INSERT INTO scoresheet.cell (game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded)
			SELECT id, 0, 0, 'e4', '', false, '', false, true FROM scoresheet.game`,
		// A forfeit as the TRF import marked it before forfeits were results.
		`INSERT INTO scoresheet.game (event_id, round, board, white_name, white_fide_id, white_rating, white_federation,
			white_title, black_name, black_fide_id, black_rating, black_federation, black_title, result, date, fen)
			SELECT id, 1, 2, 'Cleo', '', 0, '', '', 'Dan', '', 0, '', '', '0-1', '', '' FROM scoresheet.event`,
		`INSERT INTO scoresheet.tag (game_id, name, value) SELECT id, 'TRFForfeit', '1' FROM scoresheet.game WHERE board = 2`,
		`INSERT INTO scoresheet.copy (game_id, side, lang) SELECT id, s, 'en' FROM scoresheet.game, generate_series(0, 1) s WHERE board = 2`)
	s, err := Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := s.Event()
	g, err := s.GameAt(1, 1)
	forfeit, ferr := s.GameAt(1, 2)
	s.Close()
	if err != nil || ev.Kind != sheet.KindStandard || g.Copies[0].Result != "" ||
		!reflect.DeepEqual(g.Copies[0].Cells, []sheet.Cell{{Text: "e4", NotRecorded: true}}) || g.White.Name != "Anna" {
		t.Fatalf("migrated: %+v %+v %v", ev, g, err)
	}
	// As a file's migrations: the forfeit a result of its own, its mark
	// gone; a copy without a language read as English, none consulted.
	if ferr != nil || forfeit.Result != sheet.BlackForfeitWin || len(forfeit.Tags) != 0 {
		t.Errorf("the forfeit migrated: %+v %v", forfeit, ferr)
	}
	if ev.Lang != "" || g.Copies[1].Lang != "en" || g.Copies[0].Lang != "de" || g.Copies[0].Consulted || g.Copies[1].Consulted {
		t.Errorf("languages and consulted copies migrated: event %q, copies %+v", ev.Lang, g.Copies)
	}

	srv.Exec(t, db, `UPDATE scoresheet.meta SET version = 99`)
	_, err = Open(loc)
	sheettest.WantCode(t, err, sheet.StoreNewerSchema)

	other := srv.NewDatabase(t)
	srv.Exec(t, other, `CREATE SCHEMA scoresheet AUTHORIZATION arbiter`, `CREATE TABLE scoresheet.event (id int)`)
	_, err = Open(srv.Location(other, "x"))
	sheettest.WantCode(t, err, sheet.StoreForeignFile)
}

// TestConnectionTerminated: a connection ended by the server
// (pg_terminate_backend, as an administrator or a failover does) is
// replaced without a word: the next write goes through, once.
func TestConnectionTerminated(t *testing.T) {
	s, srv := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	was := (*sheet.Cell)(nil)
	for i, text := range []string{"e4", "e5", "Nf3", "Nc6"} {
		if n := srv.Terminate(t, pgtest.Database); n == 0 && i == 0 {
			t.Fatal("no connection to end")
		}
		srv.WaitGone(t, pgtest.Database, 0)
		if err := s.SetCellIf(id, sheet.WhiteCopy, i, was, sheet.Cell{Text: text}); err != nil {
			t.Fatalf("cell %d after its connection was ended: %v", i, err)
		}
		if err := sheettest.AddDecision(s, id, sheet.Decision{Ply: i + 1, Move: "x", By: "A", At: time.Unix(int64(i), 0)}); err != nil {
			t.Fatalf("decision %d: %v", i, err)
		}
	}
	g, err := s.Game(id)
	if err != nil || len(g.Copies[0].Cells) != 4 || len(g.Decisions) != 4 {
		t.Fatalf("%+v %v", g, err)
	}
}

// TestServerStopsAndComesBack: while the server is stopped, every call
// says store-unreachable and writes nothing; once it is back the same
// write goes through, and a watcher hears that the event may have
// changed meanwhile.
func TestServerStopsAndComesBack(t *testing.T) {
	s, srv := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	var heard atomic.Int32
	stop := watchFor(s, func() { heard.Add(1) })
	defer stop()
	if err := s.SetCellIf(id, sheet.BlackCopy, 0, nil, sheet.Cell{Text: "e5"}); err != nil {
		t.Fatal(err)
	}
	start := srv.StopFor(t)
	sheettest.WantCode(t, s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}), sheet.StoreUnreachable)
	sheettest.WantCode(t, s.Ping(), sheet.StoreUnreachable)
	_, err = s.Game(id)
	sheettest.WantCode(t, err, sheet.StoreUnreachable)
	before := heard.Load()
	start()
	if err := s.Ping(); err != nil {
		t.Fatalf("the server is back: %v", err)
	}
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatalf("the write again: %v", err)
	}
	g, _ := s.Game(id)
	if len(g.Copies[0].Cells) != 1 || len(g.Copies[1].Cells) != 1 {
		t.Fatalf("copies %+v", g.Copies)
	}
	for heard.Load() == before { // the watcher connects again and says so
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWatchHearsOthers: a store's watcher hears what another store
// commits to the event, not its own writes, nor another event's.
func TestWatchHearsOthers(t *testing.T) {
	a, srv := newEvent(t)
	b, err := Open(a.Location())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	other, err := Create(srv.Event(t), sheet.Event{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	heard := make(chan struct{}, 16)
	stop := watchFor(a, func() { heard <- struct{}{} })
	defer stop()
	if err := a.waitListening(); err != nil {
		t.Fatal(err)
	}
	id, err := a.AddGame(sheet.Game{Round: 1, Board: 1}) // its own: no news
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.AddGame(sheet.Game{Round: 1, Board: 1}); err != nil { // another event: no news
		t.Fatal(err)
	}
	if err := sheettest.SetCell(b, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	<-heard
	// Nothing else was heard: b's write was the first news, and a's own
	// notification would have come before it.
	if err := sheettest.SetCell(b, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "c4"}); err != nil {
		t.Fatal(err)
	}
	<-heard
	select {
	case <-heard:
		t.Error("heard more than the other store's two writes")
	case <-time.After(200 * time.Millisecond):
	}
}

// waitListening waits until a connection of this store's listens to its
// event's channel (Watch's).
func (s *Store) waitListening() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for ctx.Err() == nil {
		var n int
		err := s.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE query = 'LISTEN "' || $1 || '"' AND state = 'idle'`, s.channel).Scan(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return ctx.Err()
}

// TestCommitAnswerLost: a write whose commit reached the server but
// whose answer was lost is sent again. A conditional cell write, and a
// decision, then find themselves stored and succeed, once; an insert,
// which sending twice would double, is not sent again: it says
// store-unreachable, and it was stored once.
func TestCommitAnswerLost(t *testing.T) {
	s, _ := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	lose := func() {
		var once atomic.Bool
		commitLost = func() error {
			if once.Swap(true) {
				return nil
			}
			return errors.New("unexpected EOF")
		}
	}
	defer func() { commitLost = nil }()
	lose()
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatalf("a cell sent again: %v", err)
	}
	lose()
	d := sheet.Decision{Ply: 1, Move: "e2e4", By: "A", At: time.Unix(5, 6)}
	if err := sheettest.AddDecision(s, id, d); err != nil {
		t.Fatalf("a decision sent again: %v", err)
	}
	lose()
	sheettest.WantCode(t, sheettest.InsertCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}), sheet.StoreUnreachable)
	commitLost = nil
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if cells := g.Copies[0].Cells; len(cells) != 2 || cells[0].Text != "d4" || cells[1].Text != "e4" || len(g.Decisions) != 1 {
		t.Fatalf("stored: %+v, decisions %+v", cells, g.Decisions)
	}
	// Not sent again, the same conditional write is a conflict: another
	// writer's e4 is not taken for one's own.
	sheettest.WantCode(t, s.SetCellIf(id, sheet.WhiteCopy, 1, nil, sheet.Cell{Text: "e4"}), sheet.StoreConflict)
}

// watchFor calls heard for each Change s tells (Changes) until the store
// closes; stop waits for nothing (the store's Close ends it).
func watchFor(s *Store, heard func()) (stop func()) {
	ch := s.Changes()
	go func() {
		for range ch {
			heard()
		}
	}()
	return func() {}
}

// TestWriteWaitsForALongWriter: while another writer holds the event's
// lock a long while (an import of a whole event on another laptop), a
// keystroke and a header write wait lockWait and then fail with
// store-held (naming who holds it), a file's store-locked on a server,
// not store-unreachable (the window would say the server is gone);
// nothing was written. Once the lock is released they go through.
func TestWriteWaitsForALongWriter(t *testing.T) {
	s, _ := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	release := holdEventLock(t, s)
	t0 := time.Now()
	sheettest.WantCode(t, s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}), sheet.StoreHeld)
	if waited := time.Since(t0); waited < lockWait {
		t.Errorf("refused after %v, before lockWait", waited)
	}
	g, _ := s.Game(id)
	sheettest.WantCode(t, s.SetHeaderIf(g, sheet.Game{ID: id, Round: 1, Board: 1, Result: "1-0"}), sheet.StoreHeld)
	// The server answers; Ping says what a write would get: held.
	sheettest.WantCode(t, s.Ping(), sheet.StoreHeld)
	release()
	if err := s.Ping(); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
	if g, _ := s.Game(id); len(g.Copies[0].Cells) != 0 || g.Result != "" {
		t.Fatalf("a refused write was stored: %+v", g)
	}
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
}

// TestWritePatience: with patience (the command line's), a write waits
// for the event's lock another writer holds longer than lockWait, says
// once that it waits, and goes through once the lock is released.
func TestWritePatience(t *testing.T) {
	s, _ := newEvent(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	var waits atomic.Int32
	s.SetPatience(time.Minute, func() { waits.Add(1) })
	release := holdEventLock(t, s)
	done := make(chan error, 1)
	go func() { done <- s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}) }()
	for waits.Load() == 0 { // the write has waited lockWait once
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(lockWait) // and waits on
	release()
	if err := <-done; err != nil {
		t.Fatalf("the patient write: %v", err)
	}
	if n := waits.Load(); n != 1 {
		t.Errorf("said %d times that it waits", n)
	}
	if g, _ := s.Game(id); len(g.Copies[0].Cells) != 1 || g.Copies[0].Cells[0].Text != "e4" {
		t.Errorf("stored %+v", g.Copies[0].Cells)
	}
}

// holdEventLock takes the event's lock as another writer's long write
// would (on a connection of s's pool) until release is called.
func holdEventLock(t *testing.T, s *Store) (release func()) {
	t.Helper()
	ctx := context.Background()
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, $2)`, int32(lockClass), int32(s.id)); err != nil {
		conn.Release()
		t.Fatal(err)
	}
	return func() {
		defer conn.Release()
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock($1, $2)`, int32(lockClass), int32(s.id)); err != nil {
			t.Fatal(err)
		}
	}
}
