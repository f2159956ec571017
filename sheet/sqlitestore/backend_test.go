package sqlitestore

import (
	"path/filepath"
	"testing"

	"scoresheet/sheet"
)

// The tests of the store's contract (what every EventStore does: reads,
// writes, checks of arguments, error codes, conditional writes) run on
// every backend: the event file, and the event on a PostgreSQL server,
// which pg_test.go adds (in package store_test: the tests of pgstore
// import this package). Tests of what only a
// file has (locks, its header, its side files, crashes of a writer
// process) stay the file's.

// storeBackend makes event stores of one kind.
type storeBackend struct {
	name string
	// location returns a new place for an event, where none is yet.
	location func(t testing.TB) string
	create   func(loc string, ev sheet.Event) (sheet.EventStore, error)
	open     func(loc string) (sheet.EventStore, error)
}

var storeBackends = []storeBackend{{
	name:     "file",
	location: func(t testing.TB) string { return filepath.Join(t.TempDir(), "event.scoresheet") },
	create:   func(loc string, ev sheet.Event) (sheet.EventStore, error) { return eventStore(Create(loc, ev)) },
	open:     func(loc string) (sheet.EventStore, error) { return eventStore(Open(loc)) },
}}

func eventStore(s *Store, err error) (sheet.EventStore, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// AddStoreBackend adds a backend to the contract tests; pg_test.go
// calls it from its init (this file is a test file: the program never
// sees it).
func AddStoreBackend(name string, location func(t testing.TB) string,
	create func(loc string, ev sheet.Event) (sheet.EventStore, error), open func(loc string) (sheet.EventStore, error)) {
	storeBackends = append(storeBackends, storeBackend{name: name, location: location, create: create, open: open})
}

// eachBackend runs test once for each backend, as a subtest named after
// it.
func eachBackend(t *testing.T, test func(t *testing.T, b storeBackend)) {
	for _, b := range storeBackends {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

// newStore makes a new event holding sampleEvent, closed after the test.
func (b storeBackend) newStore(t testing.TB) sheet.EventStore {
	t.Helper()
	return b.newEvent(t, sampleEvent())
}

// newEvent makes a new event holding ev, closed after the test.
func (b storeBackend) newEvent(t testing.TB, ev sheet.Event) sheet.EventStore {
	t.Helper()
	s, err := b.create(b.location(t), ev)
	if err != nil {
		t.Fatalf("%s: create: %v", b.name, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
