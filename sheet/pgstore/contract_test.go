package pgstore

import (
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/storetest"
)

// The event on a server passes the stores' conformance suite
// (sheet/storetest), each test's event a new one in the venue's database
// of the cluster this package's run starts; what only a server has
// (connections cut, the server stopped, locks held, migrations of a
// shared database) is tested in this package.
func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Backend{
		Name:     "postgres",
		Location: func(t testing.TB) string { return pgtest.Need(t).Event(t) },
		Create:   func(loc string, ev sheet.Event) (sheet.EventStore, error) { return asStore(Create(loc, ev)) },
		Open:     func(loc string) (sheet.EventStore, error) { return asStore(Open(loc)) },
	})
}

func asStore(s *Store, err error) (sheet.EventStore, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}
