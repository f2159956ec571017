package sqlitestore

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"scoresheet/sheet"
)

// An event is one SQLite file (see schema.go for the tables).
//
// Durability: the file is in WAL mode with synchronous=FULL, and every
// write method is one transaction committed before it returns. In WAL mode
// synchronous=NORMAL would already survive a crash or kill -9 of the app,
// but not a power cut or an OS crash: the last commits could be lost,
// because the WAL is only fsynced at checkpoints. FULL fsyncs the WAL at
// every commit, so a cell the arbiter has moved past is on the disk even
// if the power goes the next moment. That costs one fsync per cell edit
// (see BenchmarkSetCell), which is cheap next to a person's typing.
//
// One connection: the store is used by one person through one window, and
// SQLite serialises writers anyway. A single connection (SetMaxOpenConns(1))
// means the per-connection PRAGMAs (foreign_keys, synchronous,
// busy_timeout) are set once, our own connections never wait on each
// other's locks (no SQLITE_BUSY between them), and the prepared statements
// stay prepared. Calls from several goroutines are safe: they queue for the
// connection.

// storeBusyTimeoutMS is how long a statement waits for another process's
// lock before it fails with store-locked. Small, so that a locked file is
// reported promptly instead of freezing the window.
const storeBusyTimeoutMS = 300

// sqliteMagic opens every SQLite 3 database file.
const sqliteMagic = "SQLite format 3\x00"

// Store is an open event file.
type Store struct {
	path   string
	db     *sql.DB
	file   *heldFile // the process's descriptor of the event file (lock.go)
	ident  identity  // the files the store writes into (identity.go)
	lost   atomic.Pointer[sheet.StoreError]
	closed atomic.Bool
	// readOnly, when not nil, is why the store was opened for reading
	// only (readonly.go), and the error of every write.
	readOnly *sheet.StoreError

	stmtCopyLen    *sql.Stmt // game_id, side, game_id, side -> copies, cells
	stmtUpsertCell *sql.Stmt
	patience       patience // how long writes wait for other processes (write.go)

	// What other writers change (watch.go).
	revs      revTracker
	pending   txRevs // what the open write transaction changed
	watch     *watcher
	watchOnce sync.Once
}

// Path returns the file the store was opened from (absolute).
func (s *Store) Path() string { return s.path }

// DefaultEventPath returns the event file the app opens when none is
// chosen: <user config dir>/scoresheet/default.scoresheet. It creates the
// directory (0700) if needed, but not the file.
func DefaultEventPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", &sheet.StoreError{Code: sheet.StoreIO, Err: err}
	}
	dir = filepath.Join(dir, "scoresheet")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", &sheet.StoreError{Code: sheet.StoreIO, Path: dir, Err: err}
	}
	return filepath.Join(dir, "default.scoresheet"), nil
}

// Create makes a new event file at path holding ev and opens it. It fails
// with store-exists if anything is at path already. The file appears
// complete or not at all: it is built under a temporary name in the same
// directory and linked into place.
func Create(path string, ev sheet.Event) (*Store, error) {
	path, err := createFile(path, ev, nil)
	if err != nil {
		return nil, err
	}
	return Open(path)
}

// createFile makes a new event file at path holding ev and, when fill is
// not nil, what fill writes into it, and returns its absolute path. The
// file is built under a temporary name and linked into place once whole.
func createFile(path string, ev sheet.Event, fill func(s *Store) error) (string, error) {
	path, err := absPath(path)
	if err != nil {
		return "", err
	}
	if err := checkEvent(path, ev); err != nil {
		return "", err
	}
	if _, err := os.Lstat(path); err == nil {
		return "", &sheet.StoreError{Code: sheet.StoreExists, Path: path}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	dir, base := filepath.Split(path)
	f, err := os.CreateTemp(dir, "."+base+".new-*")
	if err != nil {
		return "", &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	tmp := f.Name()
	f.Close()
	defer removeDB(tmp)

	if err := initFile(tmp, ev, fill); err != nil {
		return "", storeErr(sheet.StoreIO, path, err)
	}
	if err := linkNew(tmp, path); err != nil {
		return "", err
	}
	// The temporary name goes before the file is opened: Windows does not
	// remove a name of a file that is open (SQLite and Go open files
	// without FILE_SHARE_DELETE), and it would stay beside the event.
	removeDB(tmp)
	syncDir(dir)
	return path, nil
}

// initFile makes the empty SQLite file tmp an event file holding ev and
// what fill (when not nil) writes, and closes it (which checkpoints the
// WAL into the file and removes it).
func initFile(tmp string, ev sheet.Event, fill func(s *Store) error) error {
	db, err := openDB(tmp, "rw", true)
	if err != nil {
		return classify(tmp, err, sheet.StoreIO)
	}
	defer db.Close()
	if _, err := db.Exec(`PRAGMA journal_mode = WAL`); err != nil {
		return classify(tmp, err, sheet.StoreIO)
	}
	if err := migrate(db, tmp); err != nil {
		return err
	}
	s := &Store{path: tmp, db: db}
	if err := checkEvent(s.path, ev); err != nil {
		return err
	}
	if err := s.write(func(tx *sql.Tx) error { return s.setEventTx(tx, ev) }); err != nil {
		return err
	}
	if fill != nil {
		if err := s.prepare(); err != nil {
			return err
		}
		if err := fill(s); err != nil {
			return err
		}
	}
	if err := db.Close(); err != nil {
		return classify(tmp, err, sheet.StoreIO)
	}
	return nil
}

// linkNew puts the finished file tmp at path, never replacing a file that
// appeared there meanwhile.
func linkNew(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return &sheet.StoreError{Code: sheet.StoreExists, Path: path}
	}
	// No hard links on this file system: rename, after a last look.
	if _, lerr := os.Lstat(path); lerr == nil {
		return &sheet.StoreError{Code: sheet.StoreExists, Path: path}
	}
	if err := os.Rename(tmp, path); err != nil {
		return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	return nil
}

// syncDir makes a new directory entry durable where the OS allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not supported everywhere (Windows); best effort
		d.Close()
	}
}

// sidePath is the path of the event's side file suffix ("-wal", "-shm"):
// SQLite puts them beside the file a symbolic link at path points to.
func sidePath(path, suffix string) string {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return p + suffix
	}
	return path + suffix
}

// removeDB removes an SQLite file and its side files.
func removeDB(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		os.Remove(path + suffix)
	}
}

// OpenOrCreate opens the event file at path, or creates it holding ev if
// there is no file there. It is how the app opens its default event.
func OpenOrCreate(path string, ev sheet.Event) (*Store, error) {
	s, err := Open(path)
	if sheet.StoreErrorCodeOf(err) != sheet.StoreNoFile {
		return s, err
	}
	s, err = Create(path, ev)
	if sheet.StoreErrorCodeOf(err) == sheet.StoreExists { // created meanwhile by another process
		return Open(path)
	}
	return s, err
}

// Open opens an existing event file, migrating its schema to this
// version if it is older. These are refused, with the file's bytes left
// as they were:
//
//   - no file at path: store-no-file
//   - not an SQLite database, including an empty 0-byte file (which some
//     tools create; it is never silently made into an event):
//     store-not-sqlite
//   - an SQLite database that is not an event file: store-foreign-file
//   - an event file of a newer schema version: store-newer-schema
//   - a damaged file (quick_check fails, or not a whole number of
//     pages, or shorter than its header says): store-corrupt
//   - a file another process holds a lock on: store-locked
//   - another user's file whose side files do not exist yet (they would
//     be this user's): store-not-owner
func Open(path string) (*Store, error) {
	path, err := absPath(path)
	if err != nil {
		return nil, err
	}
	h, err := hold(path)
	if err != nil {
		return nil, err
	}
	s, err := openHeld(path, h)
	if err != nil {
		h.release()
		return nil, err
	}
	return s, nil
}

// openHeld opens the event file h holds. No descriptor of the file is
// opened or closed here but SQLite's (see lock.go).
func openHeld(path string, h *heldFile) (*Store, error) {
	if err := checkHeader(h.file(), path); err != nil {
		return nil, err
	}
	if err := checkOwner(path, h.info); err != nil {
		return nil, err
	}
	if err := checkReadOnly(path); err != nil {
		return nil, err
	}
	if why := readOnlyReason(path); why != nil {
		return openReadOnly(path, h, why)
	}
	healSideFiles(path)
	db, err := openDB(path, "rw", true)
	if err != nil {
		return nil, classify(path, err, sheet.StoreIO)
	}
	s := &Store{path: path, db: db, file: h}
	if err := s.open(); err != nil {
		persistWAL(db)
		db.Close()
		return nil, err
	}
	return s, nil
}

func (s *Store) open() error {
	// Take the write lock once, writing nothing: a file another process
	// is writing (or holds exclusively) is reported now, before the
	// journal mode or a migration could touch it. Under it the schema is
	// checked again on this connection (the file at the path may have
	// been replaced since checkReadOnly looked).
	tx, err := s.db.Begin()
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	if err := checkSchemaTx(tx, s.path); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Rollback(); err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	var mode string
	if err := s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	if !strings.EqualFold(mode, "wal") {
		if err := s.db.QueryRow(`PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
			return classify(s.path, err, sheet.StoreIO)
		}
	}
	if err := migrate(s.db, s.path); err != nil {
		return err
	}
	if err := s.prepare(); err != nil {
		return err
	}
	s.noteWAL()
	if lost := s.checkIdentity(); lost != nil {
		return lost
	}
	return nil
}

// prepare prepares the statements every cell write uses.
func (s *Store) prepare() error {
	var err error
	s.stmtCopyLen, err = s.db.Prepare(`SELECT
		(SELECT count(*) FROM copy WHERE game_id = ? AND side = ?),
		(SELECT coalesce(max(idx) + 1, 0) FROM cell WHERE game_id = ? AND side = ?)`)
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	s.stmtUpsertCell, err = s.db.Prepare(`INSERT INTO cell
		(game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded, mark)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, side, idx) DO UPDATE SET
			text = excluded.text, clock = excluded.clock,
			draw_offer = excluded.draw_offer, note = excluded.note,
			illegible = excluded.illegible, not_recorded = excluded.not_recorded,
			mark = excluded.mark`)
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	return nil
}

// Close closes the store. Everything written is already committed; Close
// checkpoints the WAL into the file and removes it when no other store,
// of this process or another, has the event open.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.stopWatch()
	for _, st := range []*sql.Stmt{s.stmtCopyLen, s.stmtUpsertCell} {
		if st != nil {
			st.Close()
		}
	}
	if err := s.file.closeDB(s.db); err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	return nil
}

func absPath(path string) (string, error) {
	if path == "" {
		return "", &sheet.StoreError{Code: sheet.StoreBadArgument, Err: sheet.Details("path=")}
	}
	p, err := filepath.Abs(path)
	if err != nil {
		return "", &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	return p, nil
}

// checkHeader reads the first 100 bytes of the event file (the SQLite
// header) through f, the store's own descriptor, without SQLite, so that
// a file that is not a database is refused before SQLite, which would
// happily initialise an empty file, ever sees it. It also refuses a file
// that is not whole (checkSize).
func checkHeader(f *os.File, path string) error {
	fi, err := f.Stat()
	if err != nil {
		return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	var hdr [100]byte
	n, err := f.ReadAt(hdr[:], 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return &sheet.StoreError{Code: sheet.StoreIO, Path: path, Err: err}
	}
	if n < len(hdr) || string(hdr[:len(sqliteMagic)]) != sqliteMagic {
		return &sheet.StoreError{Code: sheet.StoreNotSQLite, Path: path, Err: sheet.Details("size=%d", fi.Size())}
	}
	return checkSize(hdr[:], fi.Size(), path)
}

// checkSize refuses, as store-corrupt, an event file that is not a whole
// number of pages or is shorter than its header's page count, when the
// file alone holds the database (no -wal file with frames in it). SQLite
// itself reads the missing end of a short last page as zero bytes, so a
// file one byte short would read a stored "e5" back as "e\x00" without a
// word (issue 13).
func checkSize(hdr []byte, size int64, path string) error {
	if fi, err := os.Lstat(sidePath(path, "-wal")); err == nil && fi.Size() > 0 {
		return nil // the WAL may hold the pages; quick_check reads them
	}
	pageSize := int64(hdr[16])<<8 | int64(hdr[17])
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Path: path, Err: sheet.Details("page_size=%d", pageSize)}
	}
	if size%pageSize != 0 {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Path: path, Err: sheet.Details("size=%d page_size=%d", size, pageSize)}
	}
	be32 := func(i int) int64 { return int64(binary.BigEndian.Uint32(hdr[i:])) }
	// The page count is valid when the change counter (24) equals the
	// version-valid-for number (92).
	if pages := be32(28); be32(24) == be32(92) && pages*pageSize > size {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Path: path, Err: sheet.Details("size=%d pages=%d page_size=%d", size, pages, pageSize)}
	}
	return nil
}

// checkReadOnly looks at the file through a read-only connection, which
// never writes the database file: is it ours, of a version we know, and
// undamaged?
//
// A read-only connection still makes the -wal and -shm side files of a
// WAL-mode database. When there is no -wal file, no connection has the
// database open and the file holds all of it, so it is read as
// immutable: without locks or side files, leaving a refused file's
// directory as it was.
func checkReadOnly(path string) error {
	mode := "ro"
	if _, err := os.Lstat(sidePath(path, "-wal")); errors.Is(err, fs.ErrNotExist) {
		mode = "ro&immutable=1"
	}
	db, err := openDB(path, mode, false)
	if err != nil {
		return classify(path, err, sheet.StoreIO)
	}
	defer func() {
		persistWAL(db) // the store's own connection opens next
		db.Close()
	}()
	version, err := checkVersion(db, path)
	if err != nil {
		return err
	}
	if err := checkSchema(db, path, version); err != nil {
		return err
	}
	return quickCheck(db, path)
}

// checkVersion refuses a file that is not an event file (its
// application_id), or of a newer version than this code's; it returns
// the file's version. Reading them reads the file's header only.
func checkVersion(db *sql.DB, path string) (int, error) {
	var appID, version int64
	if err := db.QueryRow(`PRAGMA application_id`).Scan(&appID); err != nil {
		return 0, classify(path, err, sheet.StoreCorrupt)
	}
	if appID != storeApplicationID {
		return 0, &sheet.StoreError{Code: sheet.StoreForeignFile, Path: path, Err: sheet.Details("application_id=%#x", appID)}
	}
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return 0, classify(path, err, sheet.StoreCorrupt)
	}
	if version > int64(schemaVersion()) {
		return 0, &sheet.StoreError{Code: sheet.StoreNewerSchema, Path: path,
			Err: sheet.Details("version=%d known=%d", version, schemaVersion())}
	}
	return int(version), nil
}

// quickCheck runs PRAGMA quick_check: the b-trees are well formed and
// every page is used once (not the slower index-content check of
// integrity_check).
func quickCheck(db *sql.DB, path string) error {
	rows, err := db.Query(`PRAGMA quick_check`)
	if err != nil {
		return classify(path, err, sheet.StoreCorrupt)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return classify(path, err, sheet.StoreCorrupt)
		}
		if line != "ok" && len(problems) < 3 {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return classify(path, err, sheet.StoreCorrupt)
	}
	if len(problems) > 0 {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Path: path, Err: sheet.Details("%s", strings.Join(problems, "; "))}
	}
	return nil
}

// openDB opens a database/sql handle on path, mode "ro" or "rw" (neither
// creates a file). writer adds the PRAGMAs of a writing connection and
// BEGIN IMMEDIATE for read-write transactions, so that a transaction never
// has to upgrade a read lock (which can fail with SQLITE_BUSY mid-way).
//
// Every connection distrusts the file (trust.go): the driver turns
// SQLite's defensive mode on right after opening it, then runs the
// _pragma list (busy_timeout first, then trusted_schema), neither of
// which reads the schema; foreign_keys and synchronous, which may, come
// after as the driver's own keys.
func openDB(path, mode string, writer bool) (*sql.DB, error) {
	q := fmt.Sprintf("mode=%s&_defensive=1&_pragma=busy_timeout(%d)&_pragma=trusted_schema(0)", mode, storeBusyTimeoutMS)
	if writer {
		q += "&_foreign_keys=1&_synchronous=FULL&_txlock=immediate"
	}
	db, err := sql.Open("sqlite", sqliteURI(path)+"?"+q)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(context.Background()); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// sqliteURI is path as an SQLite URI filename: "file:" and the path with
// '/' separators, '%', '?' and '#' escaped. On Windows an absolute path
// becomes "file:/C:/...".
func sqliteURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	var b strings.Builder
	b.WriteString("file:")
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' || c == '?' || c == '#' || c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// migrate brings the schema of db to schemaVersion(), one migration per
// transaction. The version is read inside each transaction (under the
// write lock), so two processes opening an old file at once cannot both
// run a migration.
func migrate(db *sql.DB, path string) error {
	for {
		done, err := migrateOne(db)
		if err != nil {
			return classify(path, err, sheet.StoreIO)
		}
		if done {
			return nil
		}
	}
}

func migrateOne(db *sql.DB) (done bool, err error) {
	tx, err := db.Begin()
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	var version int
	if err := tx.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return false, err
	}
	if version > schemaVersion() {
		return false, &sheet.StoreError{Code: sheet.StoreNewerSchema,
			Err: sheet.Details("version=%d known=%d", version, schemaVersion())}
	}
	if version == schemaVersion() {
		return true, tx.Rollback()
	}
	if err := migrations[version](tx); err != nil {
		return false, classify("", err, sheet.StoreMigration)
	}
	if _, err := tx.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, version+1)); err != nil {
		return false, err
	}
	return false, tx.Commit()
}

// writeOnce runs fn in one write transaction (BEGIN IMMEDIATE) and commits
// it before returning; write (write.go) retries it. A commit that
// did not reach the files at the event's path stops the store
// (identity.go). Every write transaction is counted in the event's
// seq, and fn counts what it changes (touchGame, touchEvent), so that
// other stores on the event learn of it (watch.go).
func (s *Store) writeOnce(fn func(tx *sql.Tx) error) error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.path}
	}
	if lost := s.lost.Load(); lost != nil {
		return lost
	}
	if s.readOnly != nil {
		return s.readOnly
	}
	tx, err := s.db.Begin()
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	s.pending = txRevs{} // the store's one connection is this transaction's
	seq, err := nextSeq(tx)
	if err == nil {
		err = fn(tx)
	}
	if err != nil {
		tx.Rollback()
		return classify(s.path, err, sheet.StoreIO)
	}
	if err := s.revs.commit(seq, &s.pending, tx.Commit); err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	if lost := s.checkIdentity(); lost != nil {
		return s.stop(lost)
	}
	return nil
}

// read runs fn in one read transaction, so that it sees one state of the
// file even if another process writes meanwhile.
func (s *Store) read(fn func(tx *sql.Tx) error) error {
	if s.closed.Load() {
		return &sheet.StoreError{Code: sheet.StoreClosed, Path: s.path}
	}
	tx, err := s.db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return classify(s.path, err, sheet.StoreIO)
	}
	return nil
}
