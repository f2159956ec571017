package pgtest

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Holder is another connection of the venue's user to a database, as a
// laptop that went to sleep holding the event would be: what it ran
// (a lock, a transaction left open) stays until Release.
type Holder struct {
	conn *pgx.Conn
	PID  int // its backend's process id
}

// Hold connects as User to database db, named app (its
// application_name), and runs stmts there; it keeps the connection, and
// what the statements took, until Release or the test's end.
func (s *Server) Hold(t testing.TB, db, app string, stmts ...string) *Holder {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, fmt.Sprintf("host=127.0.0.1 port=%d user=%s dbname=%s sslmode=disable application_name='%s'",
		s.Port, User, db, app))
	if err != nil {
		t.Fatal(err)
	}
	h := &Holder{conn: conn}
	t.Cleanup(h.Release)
	if err := conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&h.PID); err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return h
}

// Release ends the holder's connection: whatever it held is released.
func (h *Holder) Release() {
	if !h.conn.IsClosed() {
		h.conn.Close(context.Background())
	}
}
