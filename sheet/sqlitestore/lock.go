package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"

	"scoresheet/sheet"
)

// Keeping SQLite's locks (issue 11).
//
// SQLite coordinates the processes that share an event with fcntl (POSIX)
// locks, and a POSIX lock belongs to the process and the file, not to the
// descriptor: closing ANY descriptor of the file in the process drops
// every lock the process holds on it. A file dialog that opens the event
// file to pick its icon is enough. Another process then believes it is
// the last connection and, when it closes, deletes the -wal and -shm
// files; this process keeps committing into a deleted WAL and every later
// edit is lost ("How To Corrupt An SQLite Database File", section 2.2).
// Three defences, each enough for the case it covers:
//
//  1. SQLite's own locks on the event file are open-file-description
//     (OFD) locks where the kernel has them (Linux): such a lock belongs
//     to SQLite's descriptor and survives the close of any other one.
//     The -shm file's locks stay POSIX locks, which is why the app also
//     keeps its file dialogs away from the side files.
//  2. Every Store holds a shared flock(2) on its own descriptor of the
//     event file (one descriptor per file per process, shared by the
//     process's stores and closed only after the last of them: closing
//     it while SQLite holds POSIX locks would itself drop them). A flock
//     also belongs to the open file description, and on Linux it is
//     independent of fcntl locks, so it cannot get in SQLite's way. At
//     Close a store asks for the flock exclusively, without waiting: if
//     another process has the event open, it closes with
//     SQLITE_FCNTL_PERSIST_WAL set, so SQLite leaves the -wal and -shm
//     files in place whatever it believes about the locks.
//  3. After every commit the store compares the identity of the event
//     file and its -wal file with what it opened; a journal deleted or
//     replaced under it stops the store with store-journal-lost instead
//     of reporting the edit saved (identity.go).
//
// journal_size_limit stays at its default -1: with PERSIST_WAL and a limit
// SQLite would truncate the WAL at close, under another process using it.

func init() {
	// Before the first database file is opened in the process; where OFD
	// locks do not exist this reports so and changes nothing. The driver's
	// own switch, MODERNC_SQLITE_OFD_LOCK=0, still turns them off (the
	// tests use it to show that each defence holds on its own).
	if v, ok := os.LookupEnv("MODERNC_SQLITE_OFD_LOCK"); ok && strings.HasPrefix(v, "0") {
		return
	}
	_, _ = sqlite.OFDLocking(true)
}

// flockAtClose is defence 2's check at Close; only tests turn it off.
var flockAtClose = true

// heldFile is this process's descriptor of one event file, shared by all
// the stores of the process that have it open.
type heldFile struct {
	info  fs.FileInfo // identity (device and inode) of the file held
	files []*os.File  // files[0] holds the flock; see hold for the rest
	refs  int         // stores using it
}

// held lists the event files the process holds. Its mutex also orders a
// store's Close (the exclusive try, SQLite's close, the release) against
// another store of the process opening the same file.
var held struct {
	sync.Mutex
	files []*heldFile
}

// flockWait bounds how long Open waits for another process that holds
// the flock exclusively, which it does only while closing the event.
const flockWait = 10 * time.Second

// hold returns the process's descriptor of the event file at path,
// opening and flocking it (shared) when no store of the process holds it.
func hold(path string) (*heldFile, error) {
	held.Lock()
	defer held.Unlock()
	fi, err := os.Stat(path)
	if err != nil {
		return nil, statErr(path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: sheet.Details("mode=%s", fi.Mode().Type())}
	}
	if h := heldOf(fi); h != nil {
		h.refs++
		return h, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, statErr(path, err)
	}
	ffi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	if h := heldOf(ffi); h != nil {
		// The path was replaced by a file this process already holds
		// between the Stat and the Open: keep the new descriptor open
		// with the others, since closing it would drop SQLite's locks.
		h.files = append(h.files, f)
		h.refs++
		return h, nil
	}
	if err := flockShared(f, flockWait); err != nil {
		f.Close()
		return nil, &sheet.StoreError{Code: sheet.StoreLocked, Path: path, Err: err}
	}
	h := &heldFile{info: ffi, files: []*os.File{f}, refs: 1}
	held.files = append(held.files, h)
	return h, nil
}

func heldOf(fi fs.FileInfo) *heldFile {
	for _, h := range held.files {
		if os.SameFile(h.info, fi) {
			return h
		}
	}
	return nil
}

func statErr(path string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return &sheet.StoreError{Code: sheet.StoreNoFile, Path: path, Err: err}
	}
	return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
}

// file is the descriptor the header is read through.
func (h *heldFile) file() *os.File { return h.files[0] }

// closeDB closes db, a connection to the file h holds, and then lets go
// of h. SQLite removes the -wal and -shm files only when this is the last
// store of the process and no other process holds the flock.
func (h *heldFile) closeDB(db *sql.DB) error {
	held.Lock()
	defer held.Unlock()
	if flockAtClose && (h.refs > 1 || !flockTryExclusive(h.files[0])) {
		persistWAL(db)
	}
	err := db.Close()
	h.unref()
	return err
}

// release lets go of h without a connection to close (a failed Open).
func (h *heldFile) release() {
	held.Lock()
	defer held.Unlock()
	h.unref()
}

// unref must be called with held locked, after the store's connections
// are closed: closing the last descriptor drops the flock, and with
// POSIX locks SQLite's locks too.
func (h *heldFile) unref() {
	h.refs--
	if h.refs > 0 {
		return
	}
	held.files = slices.DeleteFunc(held.files, func(x *heldFile) bool { return x == h })
	for _, f := range h.files {
		f.Close() // releases the flock
	}
	h.files = nil
}

// persistWAL tells SQLite to leave the -wal and -shm files in place when
// db's connection closes: another process still uses them.
func persistWAL(db *sql.DB) {
	conn, err := db.Conn(context.Background())
	if err != nil {
		return // the close then behaves as SQLite decides
	}
	defer conn.Close()
	_ = conn.Raw(func(dc any) error {
		if fc, ok := dc.(sqlite.FileControl); ok {
			_, err := fc.FileControlPersistWAL("main", 1)
			return err
		}
		return nil
	})
}
