package sqlitestore

import (
	"path/filepath"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/storetest"
)

// The event file passes the stores' conformance suite (sheet/storetest);
// what only a file has (locks, its header, its side files, crashes of a
// writer process, salvage) is tested in this package.
func TestContract(t *testing.T) { storetest.Run(t, fileBackend) }

var fileBackend = storetest.Backend{
	Name:     "file",
	Location: func(t testing.TB) string { return filepath.Join(t.TempDir(), "event.scoresheet") },
	Create:   func(loc string, ev sheet.Event) (sheet.EventStore, error) { return eventStore(Create(loc, ev)) },
	Open:     func(loc string) (sheet.EventStore, error) { return eventStore(Open(loc)) },
	Tamper: func(s sheet.EventStore, stmt string, args ...any) error {
		_, err := s.(*Store).db.Exec(stmt, args...)
		return err
	},
	Rows: func(s sheet.EventStore, table string) (int, error) {
		var n int
		err := s.(*Store).db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
		return n, err
	},
}

func eventStore(s *Store, err error) (sheet.EventStore, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// The suite's sample event and game, for this package's own tests.
func sampleEvent() sheet.Event { return storetest.SampleEvent() }
func sampleGame() sheet.Game   { return storetest.SampleGame() }

func normalised(g sheet.Game) sheet.Game { return storetest.Normalised(g) }
