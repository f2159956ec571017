package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"scoresheet/internal/filelock"
)

// One journal file per window. Two windows on one event on one laptop
// once shared one file: the first write one kept rewrote the file that
// held the other's, and a key was lost if the other was then killed.
// Each window now keeps its writes in a file of its own (the process's
// id and a random part in its name, beside the event's hash) and holds
// the lock of a file beside it (….jsonl.lock, internal/filelock) while
// it lives: the operating system lets go of the lock when the window
// ends, killed or not. At the start only the journals whose lock is free
// (left by a window that is gone) are taken, their lock held meanwhile,
// so that each is offered once, by one window, and a live window's
// journal never.

// lockSuffix names the lock file of a journal's file.
const lockSuffix = ".lock"

// journalPrefix begins the names of every journal of the event at
// location in dir: a hash of the location (a path or a postgres://
// address holds characters no file name can).
func journalPrefix(dir, location string) string {
	sum := sha256.Sum256([]byte(location))
	return filepath.Join(dir, "journal-"+hex.EncodeToString(sum[:8]))
}

// OpenJournal makes this window's journal of the event at location in
// dir: a file of its own, written from the first write kept, its lock
// held until Close.
func OpenJournal(dir, location string) (*Journal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, &JournalError{Code: JournalIO, Path: dir, Err: err}
	}
	var salt [6]byte
	if _, err := rand.Read(salt[:]); err != nil {
		return nil, &JournalError{Code: JournalIO, Path: dir, Err: err}
	}
	path := fmt.Sprintf("%s-%d-%s.jsonl", journalPrefix(dir, location), os.Getpid(), hex.EncodeToString(salt[:]))
	f, err := os.OpenFile(path+lockSuffix, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, &JournalError{Code: JournalIO, Path: path, Err: err}
	}
	if ok, err := filelock.TryLock(f); !ok || err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, &JournalError{Code: JournalIO, Path: f.Name(), Err: err}
	}
	return &Journal{path: path, location: location, lock: f}, nil
}

// LeftJournals takes the journals of the event at location in dir that
// no live window holds (left by a window killed while it waited), each
// with its lock now held by the caller, oldest first. A journal that
// does not read is left where it is and said in err; the others are
// returned all the same.
func LeftJournals(dir, location string) (left []*Journal, err error) {
	entries, rerr := os.ReadDir(dir)
	if errors.Is(rerr, os.ErrNotExist) {
		return nil, nil
	}
	if rerr != nil {
		return nil, &JournalError{Code: JournalIO, Path: dir, Err: rerr}
	}
	base := filepath.Base(journalPrefix(dir, location))
	var errs []error
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, lockSuffix) {
			// a lock file alone: a window gone that kept nothing
			if _, serr := os.Stat(filepath.Join(dir, strings.TrimSuffix(name, lockSuffix))); serr == nil {
				continue // its journal is in the list too
			}
			name = strings.TrimSuffix(name, lockSuffix)
		}
		if !strings.HasPrefix(name, base) || !strings.HasSuffix(name, ".jsonl") {
			continue
		}
		j, jerr := takeLeft(filepath.Join(dir, name), location)
		if jerr != nil {
			errs = append(errs, jerr)
		}
		if j != nil {
			left = append(left, j)
		}
	}
	slices.SortFunc(left, func(a, b *Journal) int {
		if c := a.since.Compare(b.since); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	return left, errors.Join(errs...)
}

// takeLeft takes the journal at path if its lock is free: nil when a
// live window holds it, or when it holds no write (its lock file and any
// head alone are removed then).
func takeLeft(path, location string) (*Journal, error) {
	f, ok, err := holdLock(path + lockSuffix)
	if !ok || err != nil {
		return nil, err
	}
	j, err := openJournalAt(path, location)
	if err != nil {
		f.Close()
		return nil, err
	}
	j.lock = f
	if j.Len() == 0 {
		return nil, j.Close()
	}
	return j, nil
}

// holdLock opens and locks the lock file at path, creating it if it is
// gone. ok is false when another open holds it, or when the path was
// removed or replaced meanwhile (its holder let go of it and another
// window made it anew): the lock held is then not the path's.
func holdLock(path string) (*os.File, bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, &JournalError{Code: JournalIO, Path: path, Err: err}
	}
	ok, err := filelock.TryLock(f)
	if ok && err == nil {
		fi, ferr := f.Stat()
		now, serr := os.Stat(path)
		ok = ferr == nil && serr == nil && os.SameFile(fi, now)
	}
	if !ok || err != nil {
		f.Close()
		if err != nil {
			return nil, false, &JournalError{Code: JournalIO, Path: path, Err: err}
		}
		return nil, false, nil
	}
	return f, true, nil
}

// Close lets go of the journal's lock: another window may take its file
// from then on. A journal holding no write leaves no file behind.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.lock == nil {
		return nil
	}
	var err error
	if len(j.ops) == 0 {
		if rerr := os.Remove(j.path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			err = &JournalError{Code: JournalIO, Path: j.path, Err: rerr}
		}
	}
	lock := j.lock
	j.lock = nil
	lock.Close()
	os.Remove(lock.Name()) // after the close: Windows removes no file open
	return err
}

// adopt takes into j, before any write of its own, the writes of the
// journals left by windows gone (in the order they kept them, oldest
// journal first), whole on disk, then removes their files and lets go of
// them: they are offered once, as j's. If j cannot be written, the left
// journals stay as they were, for the next start.
func (j *Journal) adopt(left []*Journal) error {
	var ops []JournalOp
	for _, l := range left {
		ops = append(ops, l.Ops()...)
	}
	j.mu.Lock()
	j.since = left[0].since
	j.mu.Unlock()
	err := j.rewrite(ops)
	if err != nil {
		j.mu.Lock()
		j.ops = nil
		j.mu.Unlock()
	}
	for _, l := range left {
		if err == nil {
			l.rewrite(nil)
		}
		l.Close()
	}
	return err
}
