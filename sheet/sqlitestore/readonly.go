package sqlitestore

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"

	"scoresheet/internal/atomicfile"
	"scoresheet/sheet"
)

// Reading an event must not need to write where it cannot (issue 23.9,
// 23.10). A writer's connection to a WAL-mode event makes its -wal and
// -shm side files. Where this process cannot write them, SQLite falls
// back to reading and still leaves them behind: beside a read-only
// event (mode 444) they were made read-only, and once the file was
// writable again every command failed with "attempt to write a readonly
// database"; on a full disk the -shm could not be made and even reading
// failed.
//
// So when the event file is not writable by this process, or no -wal
// exists and its folder is read-only or its disk full, the store is
// opened for reading only. With no -wal file no connection of any
// process has the event open in WAL mode, and none can write it (the
// file or its side files cannot be written), so the file holds all of
// it and is read as immutable: no side file, no lock. Every write is
// refused with store-read-only saying why.

// sideFilesRoom is the free space a writer's side files need to start:
// the -shm's first 32 KiB and the -wal's first frames.
const sideFilesRoom = 64 << 10

// spaceFree is freeSpace; a test makes a disk full without one.
var spaceFree = freeSpace

// readOnlyReason says why the event at path can only be read by this
// process, nil when it can be written.
func readOnlyReason(path string) *sheet.StoreError {
	readOnly := func(format string, args ...any) *sheet.StoreError {
		return &sheet.StoreError{Code: sheet.StoreReadOnly, Path: path, Err: sheet.Details(format, args...)}
	}
	if errors.Is(atomicfile.Writable(path), atomicfile.ErrNotWritable) {
		return readOnly("file=read-only")
	}
	if _, err := os.Lstat(sidePath(path, "-wal")); err == nil {
		return nil // SQLite uses the side files there are
	}
	dir := filepath.Dir(sidePath(path, ""))
	if errors.Is(atomicfile.Writable(dir), atomicfile.ErrNotWritable) {
		return readOnly("folder=read-only")
	}
	if free, ok := spaceFree(dir); ok && free < sideFilesRoom {
		return readOnly("disk=full free=%d", free)
	}
	return nil
}

// readMode is the mode of a connection that only reads the event at
// path: immutable (no side file made, no lock) when no journal holds any
// of it, else read-only through the side files there are.
func readMode(path string) string {
	for _, suffix := range []string{"-wal", "-journal"} {
		if _, err := os.Lstat(sidePath(path, suffix)); err == nil {
			return "ro"
		}
	}
	return "ro&immutable=1"
}

// openReadOnly opens the event h holds for reading only, why being the
// reason. An event of an older schema version cannot be brought up to
// date without writing: it is refused, with why.
func openReadOnly(path string, h *heldFile, why *sheet.StoreError) (*Store, error) {
	db, err := openDB(path, readMode(path), false)
	if err != nil {
		return nil, classify(path, err, sheet.StoreIO)
	}
	s := &Store{path: path, db: db, file: h, readOnly: why}
	err = s.read(func(tx *sql.Tx) error {
		if err := checkSchemaTx(tx, path); err != nil {
			return err
		}
		var version int
		if err := tx.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
			return err
		}
		if version != schemaVersion() {
			return &sheet.StoreError{Code: sheet.StoreReadOnly, Path: path,
				Err: sheet.Details("%v version=%d known=%d", why.Err, version, schemaVersion())}
		}
		return nil
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// healSideFiles gives this user's -wal and -shm files of the event the
// event file's permissions when they lack some of them: versions before
// this one left them read-only beside an event that was read-only when
// it was read (issue 23.9), and a writable event then failed with
// "attempt to write a readonly database". SQLite makes them with the
// event file's permissions; changing a file's mode is harmless to
// another process that has it open.
func healSideFiles(path string) {
	fi, err := os.Stat(path)
	if err != nil {
		return
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		p := sidePath(path, suffix)
		si, err := os.Lstat(p)
		if err != nil || !si.Mode().IsRegular() || !sameOwner(si, fi) {
			continue
		}
		if want := fi.Mode().Perm(); si.Mode().Perm()|want != si.Mode().Perm() {
			os.Chmod(p, si.Mode().Perm()|want)
		}
	}
}
