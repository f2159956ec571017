package sheet

import (
	"errors"
	"fmt"
)

// StoreErrorCode says what went wrong with an event file. The app
// translates codes; the store never writes sentences of its own.
type StoreErrorCode string

const (
	// StoreNotSQLite: the file exists but is not an SQLite database
	// (a text file, an empty 0-byte file, a clobbered header).
	StoreNotSQLite StoreErrorCode = "store-not-sqlite"
	// StoreCorrupt: an SQLite database whose pages are damaged or
	// missing (quick_check fails, or SQLite reports corruption).
	StoreCorrupt StoreErrorCode = "store-corrupt"
	// StoreNewerSchema: the file was written by a newer Scoresheet; it is
	// left untouched.
	StoreNewerSchema StoreErrorCode = "store-newer-schema"
	// StoreLocked: another process holds a lock on the file.
	StoreLocked StoreErrorCode = "store-locked"
	// StoreForeignFile: a valid SQLite database that is not an event file
	// (its application_id is not Scoresheet's).
	StoreForeignFile StoreErrorCode = "store-foreign-file"
	// StoreForeignSchema: an event file whose schema is not exactly the
	// one this program's migrations make at its version: a trigger, a
	// view, a table, index or column of its own, or one of the app's
	// missing or changed (sheet/sqlitestore/trust.go). Err names the objects. It is
	// refused before anything in it runs; its data can be copied into a
	// clean file.
	StoreForeignSchema StoreErrorCode = "store-foreign-schema"
	// StoreIO: reading or writing the file failed (permissions, disk
	// full, a directory where a file was expected, ...).
	StoreIO StoreErrorCode = "store-io"
	// StoreNoFile: Open was given a path where there is no file.
	StoreNoFile StoreErrorCode = "store-no-file"
	// StoreExists: Create was given a path where a file already exists.
	StoreExists StoreErrorCode = "store-exists"
	// StoreNotFound: no game with that id, or at that round and board.
	StoreNotFound StoreErrorCode = "store-not-found"
	// StoreDuplicate: another game is already at that round and board.
	StoreDuplicate StoreErrorCode = "store-duplicate"
	// StoreBadArgument: a side, index, round, board or ply out of range.
	StoreBadArgument StoreErrorCode = "store-bad-argument"
	// StoreMigration: bringing an older file to this schema version
	// failed; the file keeps the version it had (each migration is one
	// transaction).
	StoreMigration StoreErrorCode = "store-migration"
	// StoreClosed: the store was used after Close.
	StoreClosed StoreErrorCode = "store-closed"
	// StoreJournalLost: the event's -wal file was deleted or replaced
	// while the store had it open (another program removed it): the last
	// commit did not reach the event, the store takes no more writes, and
	// what it still saw was written to Rescue.
	StoreJournalLost StoreErrorCode = "store-journal-lost"
	// StoreFileReplaced: the event file was deleted, moved or replaced
	// at its path while the store had it open; as StoreJournalLost.
	StoreFileReplaced StoreErrorCode = "store-file-replaced"
	// StoreReadOnly: the event could only be opened for reading (the file
	// is read-only, or its folder or disk cannot take the side files a
	// writer needs): it is read, and each write is refused with this
	// code, Err saying why (sheet/sqlitestore/readonly.go).
	StoreReadOnly StoreErrorCode = "store-read-only"
	// StoreNotOwner: the event file belongs to another user and opening
	// it would create its side files as this one, which would lock the
	// owner out; Err names the owner (sheet/sqlitestore/owner.go).
	StoreNotOwner StoreErrorCode = "store-not-owner"
	// StoreOutOfBounds: a game to write, or read from the file, goes
	// beyond a bound of the domain (bounds.go): Err is the *BoundError
	// that says which and where.
	StoreOutOfBounds StoreErrorCode = "store-out-of-bounds"
)

// StoreError is every error the event store returns. Err, when not nil,
// is the underlying cause (an *os.PathError, an SQLite error) or a short
// key=value detail such as "game=3 side=white index=9 cells=4".
type StoreError struct {
	Code StoreErrorCode
	Path string
	Err  error
	// Rescue, when not empty, is the new event file holding what the
	// store still saw when it stopped (StoreJournalLost,
	// StoreFileReplaced).
	Rescue string
}

func (e *StoreError) Error() string {
	s := string(e.Code)
	if e.Path != "" {
		s += " " + e.Path
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *StoreError) Unwrap() error { return e.Err }

// StoreErrorCodeOf returns the code of err if it is (or wraps) a
// *StoreError, and "" otherwise.
func StoreErrorCodeOf(err error) StoreErrorCode {
	var se *StoreError
	if errors.As(err, &se) {
		return se.Code
	}
	return ""
}

// detail is the non-prose cause of an argument or lookup error.
type detail string

func (d detail) Error() string { return string(d) }

func details(format string, args ...any) error {
	return detail(fmt.Sprintf(format, args...))
}
