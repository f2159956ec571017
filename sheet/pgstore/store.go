// Package pgstore keeps an event on a PostgreSQL server, so that a team
// of arbiters types it from several laptops at once: a
// sheet.EventStore like the event file, with the same reads, checks,
// error codes and conditional writes, and the same schema versions.
//
// Writers take turns on an event as they do on a file: every write is
// one transaction that first takes the event's advisory lock, so that
// the check of a conditional write and the write itself see no other
// writer between them, and it tells every other store on the event, at
// its commit, what it changed (NOTIFY; Changes listens: watch.go).
//
// The server may go away (a cable, a restart, a connection ended by
// pg_terminate_backend). A call whose connection fails before its commit
// is sent again on a new connection; one cut during its commit is
// sent again only when sending it twice does what sending it once does
// (a conditional write, a decision). Otherwise, or when no new
// connection can be made, or nothing answers within a few seconds, it
// fails with store-unreachable at once: the caller was told saved only
// of what is stored, and the window does not sit waiting (see
// app/session/offline.go).
package pgstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"scoresheet/sheet"
)

// How long a call waits for the server before it says store-unreachable:
// quick for what the window does while the arbiter types (a cell, a
// header field), long for what reads or writes a whole event. A quick
// write waits at most lockWait for the locks another writer holds (a
// long import on another laptop): then it is store-locked, as a file's
// write is when another process holds its lock, not unreachable (the
// server answered).
const (
	quick       = 3 * time.Second
	long        = 10 * time.Minute
	dialTimeout = 5 * time.Second
	lockWait    = 2 * time.Second
)

// setLockWait sets, for the rest of the transaction, how long its
// statements wait for a lock (the connection's is lockWait: held.go).
const setLockWait = `SELECT set_config('lock_timeout', $1, true)`

// Store is an open event on a server.
type Store struct {
	loc      location
	password string // to be taken out of every error's text (scrub)
	pool     *pgxpool.Pool
	id       int64  // the event's id in the database
	channel  string // NOTIFY's channel of the event
	self     string // this store's name in its notifications
	closed   atomic.Bool

	patience patience   // SetPatience
	mu       sync.Mutex // orders Close and the start of the listening
	feedOnce sync.Once
	feed     *feed // Changes' channel (watch.go)
}

var _ sheet.EventStore = (*Store)(nil)

// Location returns the location the store was opened at.
func (s *Store) Location() string { return s.loc.shown }

// Open opens the event at loc, bringing the database's tables to this
// version first. No event of that name is store-no-event.
func Open(loc string) (*Store, error) { return open(loc, nil) }

// Create adds an event named by loc to its database, holding ev, and
// opens it; the tables are made first where there are none. An event of
// that name there already is store-event-exists.
func Create(loc string, ev sheet.Event) (*Store, error) {
	if err := sheet.CheckEvent(loc, ev); err != nil {
		return nil, err
	}
	return open(loc, &ev)
}

// OpenOrCreate opens the event at loc, or creates it holding ev if the
// database has none of that name.
func OpenOrCreate(loc string, ev sheet.Event) (*Store, error) {
	s, err := Open(loc)
	if sheet.StoreErrorCodeOf(err) != sheet.StoreNoEvent || isNoDatabase(err) {
		return s, err
	}
	s, err = Create(loc, ev)
	if sheet.StoreErrorCodeOf(err) == sheet.StoreEventExists { // created meanwhile on another laptop
		return Open(loc)
	}
	return s, err
}

// errNoEvent is the detail of store-no-event when the database has no
// event of the name, not when there is no such database.
const errNoEvent = scrubbed("event=")

// isNoDatabase reports whether err is store-no-event because there is no
// such database (which Create does not make) rather than no such event.
func isNoDatabase(err error) bool { return !errors.Is(err, errNoEvent) }

// connect reads loc and makes the store's pool of connections (which
// connects on first use).
func connect(loc string) (*Store, error) {
	l, err := parseLocation(loc)
	if err != nil {
		return nil, err
	}
	cfg, err := pgxpool.ParseConfig(l.conn)
	if err != nil {
		// pgconn's text of a connection string that does not parse may
		// quote it; the location holds no password, but say only where.
		return nil, badLocation(l.shown, "connection")
	}
	cfg.MaxConns = 2 // the window's writes and an export's reads
	cfg.MinConns = 0
	if cfg.ConnConfig.ConnectTimeout == 0 || cfg.ConnConfig.ConnectTimeout > dialTimeout {
		cfg.ConnConfig.ConnectTimeout = dialTimeout
	}
	bound(cfg) // named, and no wait without a bound (held.go)
	// Every statement after the event's lock sees what the writers before
	// it committed, whatever the database's default.
	cfg.ConnConfig.RuntimeParams["default_transaction_isolation"] = "read committed"
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, badLocation(l.shown, "connection")
	}
	return &Store{loc: l, password: cfg.ConnConfig.Password, pool: pool, self: randomName()}, nil
}

func randomName() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func open(loc string, create *sheet.Event) (*Store, error) {
	s, err := connect(loc)
	if err != nil {
		return nil, err
	}
	if err := s.find(create); err != nil {
		s.pool.Close()
		return nil, err
	}
	s.channel = "scoresheet_event_" + strconv.FormatInt(s.id, 10)
	return s, nil
}

// find migrates the tables and finds the event (creating it when create
// is not nil).
func (s *Store) find(create *sheet.Event) error {
	ctx, cancel := context.WithTimeout(context.Background(), long)
	defer cancel()
	if err := s.migrate(ctx); err != nil {
		return err
	}
	if create != nil {
		return s.create(ctx, *create)
	}
	err := s.pool.QueryRow(ctx, `SELECT id FROM scoresheet.event WHERE key = $1`, s.loc.event).Scan(&s.id)
	if errors.Is(err, pgx.ErrNoRows) {
		return &sheet.StoreError{Code: sheet.StoreNoEvent, Path: s.loc.shown, Err: errNoEvent}
	}
	return s.classify(err)
}

// create adds the event, its fields and rounds, in one transaction.
func (s *Store) create(ctx context.Context, ev sheet.Event) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return s.classify(err)
	}
	defer rollback(tx)
	if err := s.insertEvent(ctx, tx, ev); err != nil {
		return s.classify(err)
	}
	return s.classify(tx.Commit(ctx))
}

// insertEvent adds the event row of the store's name and sets s.id.
func (s *Store) insertEvent(ctx context.Context, tx pgx.Tx, ev sheet.Event) error {
	err := tx.QueryRow(ctx, `INSERT INTO scoresheet.event (key, name, site, start_date, end_date, time_control, kind)
		VALUES ($1, '', '', '', '', '', 'standard') ON CONFLICT (key) DO NOTHING RETURNING id`, s.loc.event).Scan(&s.id)
	if errors.Is(err, pgx.ErrNoRows) {
		return &sheet.StoreError{Code: sheet.StoreEventExists, Path: s.loc.shown}
	}
	if err != nil {
		return err
	}
	return s.setEventTx(ctx, tx, ev)
}

// Close closes the store's connections; everything written is committed.
func (s *Store) Close() error {
	// Under mu: a listening being started (Changes) sees closed, or is
	// stopped here.
	s.mu.Lock()
	was := s.closed.Swap(true)
	s.mu.Unlock()
	if was {
		return nil
	}
	s.stopFeed()
	s.pool.Close()
	return nil
}

// Ping returns nil when the server answers, else the error a write
// would get now.
func (s *Store) Ping() error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.loc.shown}
	}
	ctx, cancel := context.WithTimeout(context.Background(), quick)
	defer cancel()
	if err := s.pool.Ping(ctx); err != nil {
		s.pool.Reset()
		return s.classify(err)
	}
	return s.free(ctx)
}

// free returns store-held, naming the holder, while another connection
// holds the event's lock alone (a whole event's write, or a laptop
// asleep in the middle of one): a write would wait for it. The window
// asks before it sends the keys it kept, rather than wait on its UI
// thread at each try. A game's lock held alone is not seen here (a
// keystroke's write waits lockWait for it).
func (s *Store) free(ctx context.Context) error {
	if s.id == 0 {
		return nil
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted, AccessMode: pgx.ReadOnly})
	if err != nil {
		return s.classify(err)
	}
	defer rollback(tx)
	var got bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock_shared($1, $2)`, int32(lockClass), int32(s.id)).Scan(&got); err != nil {
		return s.classify(err)
	}
	if !got {
		return s.heldOn(ctx, tx, 0)
	}
	return nil
}

// rollback ends a transaction that was not committed (and does nothing
// after a commit). It has its own short deadline: the caller's may be
// over.
func rollback(tx pgx.Tx) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	tx.Rollback(ctx)
}

// op is one call's transaction: how long it may take, whether it may be
// sent again after a cut during its commit, and what it does.
type op struct {
	within time.Duration
	again  bool
	game   int64 // the one game the write changes; 0: the event as a whole
	// games: the write tells which games it added or removed itself
	// (notify), not the event as a whole.
	games bool
	fn    func(ctx context.Context, tx pgx.Tx) error
}

// write runs o.fn in one write transaction under the event's lock and
// commits it, telling the other stores on the event; a connection lost
// on the way is replaced and the transaction sent again (see the
// package's comment), within o.within.
func (s *Store) write(o op) error {
	return s.attempt(o, s.writeOnce)
}

// read runs fn in one read-only transaction that sees one state of the
// event; it is sent again on a new connection when one is lost.
func (s *Store) read(within time.Duration, fn func(ctx context.Context, tx pgx.Tx) error) error {
	return s.attempt(op{within: within, again: true, fn: fn}, s.readOnce)
}

// attempt runs once (writeOnce or readOnce) until it succeeds or fails
// for another reason than a deadlock or a lost connection. A connection
// the server ended (pg_terminate_backend, a failover, one that died idle
// in the pool) is replaced and the transaction sent again at once, up to
// maxLost times, as long as a new connection can be made: the server is
// there. One that cannot be made, or a connection lost during a commit
// that must not be sent twice, is store-unreachable, said at once rather
// than after a wait the arbiter would sit through. o.within bounds the
// whole (a cut cable: nothing answers).
func (s *Store) attempt(o op, once func(ctx context.Context, o op, committing *bool) error) error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.loc.shown}
	}
	start := time.Now()
	var cancels []context.CancelFunc // one per turn
	defer func() {
		for _, cancel := range cancels {
			cancel()
		}
	}()
	turn := func() context.Context {
		ctx, cancel := context.WithTimeout(context.Background(), o.within)
		cancels = append(cancels, cancel)
		return ctx
	}
	ctx := turn()
	pause := 20 * time.Millisecond
	waited := false
	for lost := 0; ; {
		committing := false
		err := once(ctx, o, &committing)
		if err == nil {
			return nil
		}
		if lockTimedOut(err) && time.Since(start)+o.lockWait() <= s.patience.max {
			// Another writer held the lock lockWait: with patience (the
			// command line), wait again, a whole call's time each turn.
			if !waited && s.patience.waiting != nil {
				s.patience.waiting()
			}
			waited = true
			again := sentAgain(ctx)
			ctx = turn()
			if again {
				ctx = context.WithValue(ctx, sentAgainKey{}, true)
			}
			continue
		}
		if lockTimedOut(err) {
			return s.held(o.game)
		}
		if committing {
			ctx = context.WithValue(ctx, sentAgainKey{}, true)
		}
		var se *sheet.StoreError
		var ce *pgconn.ConnectError
		switch code := codeOf(err); {
		case errors.As(err, &se):
			return s.classify(err) // the store's own verdict: a conflict, a bad argument
		case code == sheet.StoreLocked && !lockTimedOut(err) && ctx.Err() == nil: // a deadlock: nothing was written
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
			pause = min(2*pause, 500*time.Millisecond)
		case code == sheet.StoreUnreachable && (!committing || o.again) && !errors.As(err, &ce) &&
			lost < maxLost && ctx.Err() == nil:
			lost++
			s.pool.Reset() // the other connections may have gone with this one
		default:
			return s.classify(err)
		}
	}
}

// lockWait is how long one turn of o waits for a lock: a keystroke's
// lockWait, a write of the whole event heldWait (held.go).
func (o op) lockWait() time.Duration {
	if o.within == quick {
		return lockWait
	}
	return heldWait
}

// patience is how long a store's writes wait for other writers' locks.
type patience struct {
	max     time.Duration
	waiting func() // called once per call that has to wait, may be nil
}

// SetPatience makes every later write wait up to d for the locks other
// writers hold (a long import on another laptop), as a file's store
// does (sheet.Store.SetPatience), before it fails with store-locked;
// waiting, if not nil, is called when a call starts to wait. Zero (the
// default, the window's) waits lockWait. Call it before the store is
// shared between goroutines.
func (s *Store) SetPatience(d time.Duration, waiting func()) {
	s.patience = patience{max: d, waiting: waiting}
}

// maxLost is how many lost connections one call replaces.
const maxLost = 8

// Writers take turns as on a file, but one game at a time: a write to
// one game (its cells, copies, decisions, header) takes the event's lock
// shared and the game's lock alone, so that sixteen laptops typing
// sixteen copies commit side by side; a write to the event as a whole
// (its fields, games added or removed, an import) takes the event's
// lock alone and waits for every game's writer. The locks are taken
// first, event before game, and held until the commit: every statement
// after them sees what the writers before committed. The notification
// to the other stores on the event goes out at the commit.
const (
	lockEvent = `SELECT pg_advisory_xact_lock($1, $2), pg_notify($3, $4)`
	lockQuiet = `SELECT pg_advisory_xact_lock($1, $2)`
	lockGame  = `SELECT pg_advisory_xact_lock_shared($1, $2), pg_advisory_xact_lock($5, $6), pg_notify($3, $4)`
)

// lockFor is the statement that takes the locks of a write to game (0:
// the event as a whole), with its arguments.
func (s *Store) lockFor(game int64) (string, []any) {
	args := []any{int32(lockClass), int32(s.id), s.channel, s.notice(game)}
	if game == 0 {
		return lockEvent, args
	}
	return lockGame, append(args, int32(gameLockClass), int32(game))
}

// notify tells the other stores on the event, at the commit of tx, that
// these games were added or removed (a write of op.games).
func (s *Store) notify(ctx context.Context, tx pgx.Tx, games ...int64) error {
	b := &pgx.Batch{}
	for _, id := range games {
		b.Queue(`SELECT pg_notify($1, $2)`, s.channel, s.notice(id))
	}
	return tx.SendBatch(ctx, b).Close()
}

// sentAgainKey marks the context of a write sent again after a connection
// lost during its commit: it may have been committed already.
type sentAgainKey struct{}

// sentAgain reports whether the write of ctx may have been committed
// already (sentAgainKey): a conditional write then succeeds when it finds
// what it writes, which is its own first sending.
func sentAgain(ctx context.Context) bool { return ctx.Value(sentAgainKey{}) != nil }

func (s *Store) writeOnce(ctx context.Context, o op, committing *bool) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return err
	}
	defer rollback(tx)
	// The locks first (lockFor).
	lock, args := s.lockFor(o.game)
	if o.games {
		lock, args = lockQuiet, args[:2]
	}
	b := &pgx.Batch{}
	if o.lockWait() != lockWait {
		b.Queue(setLockWait, millis(o.lockWait())) // the connection's is lockWait
	}
	b.Queue(lock, args...)
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return err
	}
	if err := o.fn(ctx, tx); err != nil {
		return err
	}
	*committing = true
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if commitLost != nil {
		return commitLost()
	}
	return nil
}

// commitLost, set by tests only, makes a committed write fail as if the
// connection had been lost before the server's answer came.
var commitLost func() error

func (s *Store) readOnce(ctx context.Context, o op, _ *bool) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer rollback(tx)
	if err := o.fn(ctx, tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
