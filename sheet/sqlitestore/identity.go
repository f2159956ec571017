package sqlitestore

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"scoresheet/sheet"
)

// Defence 3 of lock.go: a commit is only reported saved if it went
// into the files at the event's path. SQLite writes through the
// descriptors it opened; if the -wal file was deleted (by a process that
// wrongly believed itself the last one) or the event file was replaced at
// its path, the commit went into a file nobody will ever read again.
// After every commit the store compares the identity (device and inode)
// of the event file and of its -wal file with the ones it opened. On a
// mismatch it stops: this and every later write fail with
// store-journal-lost or store-file-replaced, and what the store still
// sees is written to a new event file beside the old one (Rescue).

// identity is the -wal file the store opened (the event file's is in
// its heldFile).
type identity struct {
	walPath string      // where SQLite keeps the -wal file
	wal     fs.FileInfo // nil until the -wal file exists
}

// noteWAL records the -wal file the connection uses. SQLite creates it
// when the connection first reads the database in WAL mode.
func (s *Store) noteWAL() {
	if s.ident.walPath == "" {
		s.ident.walPath = sidePath(s.path, "-wal")
	}
	if fi, err := os.Stat(s.ident.walPath); err == nil {
		s.ident.wal = fi
	}
}

// checkIdentity returns the error that stops the store when the files at
// its path are not the ones it writes into, nil when they are.
func (s *Store) checkIdentity() *sheet.StoreError {
	if s.file == nil { // a file being created (initFile): nobody else sees it
		return nil
	}
	fi, err := os.Stat(s.path)
	if err != nil || !os.SameFile(fi, s.file.info) {
		return &sheet.StoreError{Code: sheet.StoreFileReplaced, Path: s.path, Err: identityDetail("file", err)}
	}
	if s.ident.wal == nil {
		s.noteWAL()
		return nil
	}
	wi, err := os.Stat(s.ident.walPath)
	if err != nil || !os.SameFile(wi, s.ident.wal) {
		return &sheet.StoreError{Code: sheet.StoreJournalLost, Path: s.path, Err: identityDetail("wal", err)}
	}
	return nil
}

func identityDetail(which string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return sheet.Details("%s=deleted", which)
	}
	if err != nil {
		return sheet.Details("%s=%v", which, err)
	}
	return sheet.Details("%s=replaced", which)
}

// stop makes lost the error of this and every later write and rescues
// what the connection still sees.
func (s *Store) stop(lost *sheet.StoreError) error {
	s.lost.CompareAndSwap(nil, lost)
	lost = s.lost.Load()
	if lost.Rescue == "" {
		if p, err := s.rescue(); err == nil {
			lost.Rescue = p
			lost.Err = sheet.Details("%v rescued=%s", lost.Err, p)
		}
	}
	return lost
}

// rescue writes everything the store's connection sees (its deleted or
// replaced files included, which it still has open) to a new event file
// beside the event: <name>.rescued-<time>-<n><ext>. It returns the path.
func (s *Store) rescue() (string, error) {
	dir, base := filepath.Split(s.path)
	ext := filepath.Ext(base)
	f, err := os.CreateTemp(dir, strings.TrimSuffix(base, ext)+".rescued-"+time.Now().Format("20060102-150405")+"-*"+ext)
	if err != nil {
		return "", err
	}
	p := f.Name()
	f.Close() // VACUUM INTO writes into an empty file
	if _, err := s.db.Exec(`VACUUM INTO ?`, p); err != nil {
		os.Remove(p)
		return "", err
	}
	return p, nil
}
