// Package location opens an event wherever it is kept, from what the
// arbiter typed or chose: a file's path (an SQLite event file, package
// sheet/sqlitestore) or a server's location,
// postgres://USER@HOST[:PORT]/DB?event=NAME (package pgstore). Every
// face takes its events through here, so that a location works wherever
// a file does.
package location

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
	"scoresheet/sheet/sqlitestore"
)

// SetFace names the part of the program that opens events ("window",
// "cli") in what a server sees of its connections (pgstore.SetFace).
func SetFace(name string) { pgstore.SetFace(name) }

// IsServer reports whether loc names an event on a server.
func IsServer(loc string) bool { return pgstore.IsLocation(loc) }

// Open opens the event at loc.
func Open(loc string) (sheet.EventStore, error) {
	if IsServer(loc) {
		return nilIfErr(pgstore.Open(loc))
	}
	return nilIfErr(sqlitestore.Open(loc))
}

// Create makes a new event at loc holding ev and opens it; there must be
// none there.
func Create(loc string, ev sheet.Event) (sheet.EventStore, error) {
	if IsServer(loc) {
		return nilIfErr(pgstore.Create(loc, ev))
	}
	return nilIfErr(sqlitestore.Create(loc, ev))
}

// OpenOrCreate opens the event at loc, or creates it holding ev when
// there is none.
func OpenOrCreate(loc string, ev sheet.Event) (sheet.EventStore, error) {
	if IsServer(loc) {
		return nilIfErr(pgstore.OpenOrCreate(loc, ev))
	}
	return nilIfErr(sqlitestore.OpenOrCreate(loc, ev))
}

// nilIfErr returns a nil interface, not an interface holding a nil
// pointer, with an error.
func nilIfErr[S sheet.EventStore](s S, err error) (sheet.EventStore, error) {
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Missing reports whether there is no event at loc yet: no file there,
// or (on a server) no event of that name, though the server answers.
func Missing(loc string) bool {
	if !IsServer(loc) {
		_, err := os.Stat(loc)
		return errors.Is(err, fs.ErrNotExist)
	}
	s, err := pgstore.Open(loc)
	if err == nil {
		s.Close()
	}
	return sheet.StoreErrorCodeOf(err) == sheet.StoreNoEvent
}

// Name is the name a new event at loc takes: a file's name without its
// extension, or the location's event name.
func Name(loc string) string {
	if IsServer(loc) {
		if name, ok := pgstore.EventName(loc); ok {
			return name
		}
	}
	return strings.TrimSuffix(filepath.Base(loc), filepath.Ext(loc))
}
