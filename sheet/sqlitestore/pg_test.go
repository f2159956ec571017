package sqlitestore_test

import (
	"os"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
	"scoresheet/sheet/sqlitestore"
)

// The store's contract tests run on an event on a PostgreSQL server too
// (backend_test.go): each test's event is a new one in the venue's
// database of the cluster this package's run starts.

func init() {
	sqlitestore.AddStoreBackend("postgres",
		func(t testing.TB) string { return pgtest.Need(t).Event(t) },
		func(loc string, ev sheet.Event) (sheet.EventStore, error) { return asStore(pgstore.Create(loc, ev)) },
		func(loc string) (sheet.EventStore, error) { return asStore(pgstore.Open(loc)) })
}

func asStore(s *pgstore.Store, err error) (sheet.EventStore, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
