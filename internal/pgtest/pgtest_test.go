package pgtest

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestClusterTakesPasswordFromPassfile: the venue's user reaches its
// database over TCP with the password from the passfile alone.
func TestClusterTakesPasswordFromPassfile(t *testing.T) {
	s := Need(t)
	ctx := context.Background()
	c, err := pgx.Connect(ctx, "postgres://arbiter@127.0.0.1:"+itoa(s.Port)+"/venue")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var user string
	if err := c.QueryRow(ctx, `SELECT current_user`).Scan(&user); err != nil || user != User {
		t.Fatalf("current_user %q, %v", user, err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
