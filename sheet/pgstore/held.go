package pgstore

import (
	"context"
	"net"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"scoresheet/sheet"
)

// No call waits on the server without a bound, and a wait for a lock
// that runs out says who holds it (issue 36). A laptop that went to
// sleep in the middle of a write holds the event's lock on the server;
// before, every other arbiter's command waited on it in silence. Now:
//   - every statement waits at most lockWait for a lock (lock_timeout;
//     a write of the whole event heldWait), then the call fails with
//     store-held, naming the holder from pg_stat_activity;
//   - the app's own connections cannot sit idle inside a transaction
//     longer than idleInTransaction (the server ends them, and their
//     locks with them), and the server and the client probe an idle
//     connection (TCP keepalives), so that a sleeping laptop's lock
//     goes away within a minute;
//   - every connection is named (application_name: the program, the
//     face, the host), so that the message and the server's own views
//     say who holds what;
//   - opening an event takes no lock unless its tables need a migration,
//     and reads take none: `event show`, an export, the window opening
//     a board never wait for the writers.

// heldWait bounds a long write's wait for a lock; every other statement
// waits lockWait, from the connection's start (the preparing of a
// statement waits for the locks of the tables it names). idleInTransaction is how long the server lets one of
// the app's connections sit inside a transaction without a statement.
// keepAlive* are the TCP keepalive probes, on both ends: a peer that does
// not answer for idle + count*interval (25 s) is gone.
var (
	heldWait          = 5 * time.Second
	idleInTransaction = 20 * time.Second
)

const (
	keepAliveIdle     = 10 * time.Second
	keepAliveInterval = 5 * time.Second
	keepAliveCount    = 3
)

// face is the part of the program that opens events, for the connections'
// names: "window", "cli", ... (SetFace).
var face atomic.Value

// SetFace names the face of the program (the window, the command line)
// in the application_name of the connections opened after it.
func SetFace(name string) { face.Store(name) }

// connectionName is the application_name of this program's connections:
// "scoresheet window on laptop-3", at most 63 bytes (the server's limit).
func connectionName() string {
	name := "scoresheet"
	if f, ok := face.Load().(string); ok && f != "" {
		name += " " + f
	}
	if host, err := os.Hostname(); err == nil && host != "" {
		name += " on " + host
	}
	for len(name) > 63 {
		name = name[:len(name)-1]
	}
	return name
}

// bound sets on cfg the bounds and the name above.
func bound(cfg *pgxpool.Config) {
	p := cfg.ConnConfig.RuntimeParams
	p["application_name"] = connectionName()
	p["lock_timeout"] = millis(lockWait) // before any statement of a call, even its preparing (a long write sets heldWait)
	p["idle_in_transaction_session_timeout"] = millis(idleInTransaction)
	p["tcp_keepalives_idle"] = strconv.Itoa(int(keepAliveIdle.Seconds()))
	p["tcp_keepalives_interval"] = strconv.Itoa(int(keepAliveInterval.Seconds()))
	p["tcp_keepalives_count"] = strconv.Itoa(keepAliveCount)
	d := &net.Dialer{Timeout: dialTimeout, KeepAliveConfig: net.KeepAliveConfig{
		Enable: true, Idle: keepAliveIdle, Interval: keepAliveInterval, Count: keepAliveCount}}
	cfg.ConnConfig.DialFunc = d.DialContext
}

func millis(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) + "ms" }

// heldBy is the connection that holds a lock a write to game (0: the
// event as a whole, or the schema) waits for: the event's, the schema's
// or the game's advisory lock, else a lock on one of the event's tables
// other than a reader's; the oldest transaction first.
const heldBy = `SELECT a.pid, coalesce(a.application_name, ''), coalesce(host(a.client_addr), ''),
		coalesce(a.xact_start, a.backend_start), coalesce(a.state, '')
	FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
	WHERE l.granted AND l.pid <> pg_backend_pid()
	AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
	AND ((l.locktype = 'advisory' AND ((l.classid = $1::bigint::oid AND l.objid IN ($2::bigint::oid, 0))
			OR (l.classid = $3::bigint::oid AND l.objid = $4::bigint::oid)))
		OR (l.locktype = 'relation' AND l.mode <> 'AccessShareLock' AND l.relation IN (
			SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'scoresheet')))
	ORDER BY l.locktype = 'advisory' DESC, coalesce(a.xact_start, a.backend_start)
	LIMIT 1`

// held is the store-held error of a call that waited in vain for a lock
// for game (0: the event, or the schema), naming the holder as far as
// the server tells (a holder gone meanwhile: pid 0).
func (s *Store) held(game int64) error {
	ctx, cancel := context.WithTimeout(context.Background(), quick)
	defer cancel()
	return s.heldOn(ctx, s.pool, game)
}

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// heldOn is held asked on q (a transaction of the caller's: the pool's
// connections may all be taken).
func (s *Store) heldOn(ctx context.Context, q querier, game int64) error {
	h := &sheet.LockHolder{}
	var since *time.Time
	err := q.QueryRow(ctx, heldBy, int64(lockClass), s.id, int64(gameLockClass), game).
		Scan(&h.PID, &h.App, &h.Client, &since, &h.State)
	if err == nil && since != nil {
		h.Since = *since
	}
	return &sheet.StoreError{Code: sheet.StoreHeld, Path: s.loc.shown, Err: h}
}
