package sqlitestore

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"scoresheet/sheet"
)

// storeErr wraps err with code for the store at path, unless err already
// is a *StoreError, which is returned as it is.
func storeErr(code sheet.StoreErrorCode, path string, err error) error {
	var se *sheet.StoreError
	if errors.As(err, &se) {
		if se.Path == "" {
			se.Path = path
		}
		return err
	}
	return &sheet.StoreError{Code: code, Path: path, Err: err}
}

// classify turns an error from database/sql or SQLite into a
// *StoreError. fallback is the code for errors that say nothing more
// specific (StoreIO for most calls).
func classify(path string, err error, fallback sheet.StoreErrorCode) error {
	if err == nil {
		return nil
	}
	var se *sheet.StoreError
	if errors.As(err, &se) {
		if se.Path == "" {
			se.Path = path
		}
		return err
	}
	var le *sqlite.Error
	if errors.As(err, &le) {
		switch le.Code() & 0xff { // primary result code
		case sqlite3.SQLITE_NOTADB:
			return &sheet.StoreError{Code: sheet.StoreNotSQLite, Path: path, Err: err}
		case sqlite3.SQLITE_CORRUPT:
			return &sheet.StoreError{Code: sheet.StoreCorrupt, Path: path, Err: err}
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return &sheet.StoreError{Code: sheet.StoreLocked, Path: path, Err: err}
		case sqlite3.SQLITE_CONSTRAINT:
			if le.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || le.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY {
				return &sheet.StoreError{Code: sheet.StoreDuplicate, Path: path, Err: err}
			}
			return &sheet.StoreError{Code: sheet.StoreBadArgument, Path: path, Err: err}
		case sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN,
			sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
			return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
		}
	}
	return &sheet.StoreError{Code: fallback, Path: path, Err: err}
}
