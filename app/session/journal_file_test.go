package session_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// heldStore is an event file whose writes fail with code while held is
// set: another connection holding the event's lock (issue 36's coded
// error), the file's folder gone (store-io).
type heldStore struct {
	sheet.EventStore
	held atomic.Bool
	code sheet.StoreErrorCode
}

func (h *heldStore) err() error {
	if h.held.Load() {
		return &sheet.StoreError{Code: h.code, Path: h.Location(), Err: errors.New("held by scoresheet-window@laptop-3 since 22:01")}
	}
	return nil
}

func (h *heldStore) SetCellIf(id int64, side sheet.Side, index int, was *sheet.Cell, c sheet.Cell) error {
	if err := h.err(); err != nil {
		return err
	}
	return h.EventStore.SetCellIf(id, side, index, was, c)
}

func (h *heldStore) Ping() error { return h.err() }

// Issue 36's window side: while another connection holds the event's
// lock (or the folder is away), the keys are kept in the journal as
// with the server away, and written once it is free.
func TestJournalWhileHeld(t *testing.T) {
	for _, code := range []sheet.StoreErrorCode{"store-lock-held", sheet.StoreLocked, sheet.StoreIO} {
		t.Run(string(code), func(t *testing.T) {
			_, path := sessiontest.New(t)
			st, err := sqlitestore.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			h := &heldStore{EventStore: st, code: code}
			s := sessiontest.Open(t, h)
			if err := s.UseJournal(t.TempDir()); err != nil {
				t.Fatal(err)
			}
			typeCells(t, s, "e4")
			h.held.Store(true)
			typeCells(t, s, "e5", "Nf3")
			if sheet.StoreErrorCodeOf(s.Offline()) != code || s.Kept() == 0 {
				t.Fatalf("held: offline %v, %d kept", s.Offline(), s.Kept())
			}
			if err := s.Resume(); sheet.StoreErrorCodeOf(err) != "" && err != nil {
				t.Fatalf("resume while held: %v", err)
			}
			if s.Offline() == nil || s.Kept() == 0 {
				t.Fatalf("resumed while held: %d kept", s.Kept())
			}
			h.held.Store(false)
			if err := s.Resume(); err != nil {
				t.Fatal(err)
			}
			if got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"e4", "e5", "Nf3"}) {
				t.Errorf("stored %q", got)
			}
		})
	}
}

// A journal's last line cut short (the window killed while writing it)
// is left out; the lines before it are read. A journal of another event
// is refused, never sent. PutAside renames the file, keeping it.
func TestJournalFile(t *testing.T) {
	dir := t.TempDir()
	j, err := session.OpenJournal(dir, "/e/open.scoresheet")
	if err != nil || j.Len() != 0 {
		t.Fatalf("a new journal: %v %v", j, err)
	}
	for i := range 3 {
		if err := j.Keep(session.JournalOp{Op: "set-cell", Game: 1, Index: i, Cell: sheet.Cell{Text: fmt.Sprint("c", i)}}); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(j.Path())
	if err := os.WriteFile(j.Path(), data[:len(data)-5], 0o600); err != nil {
		t.Fatal(err)
	}
	again, err := session.ReadJournalFile(j.Path())
	if err != nil || again.Len() != 2 {
		t.Fatalf("cut short: %d writes, %v; want 2", again.Len(), err)
	}
	// The file under the name of another event's journal: refused.
	other, err := session.OpenJournal(dir, "/e/other.scoresheet")
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	if err := os.WriteFile(other.Path(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	var je *session.JournalError
	if _, err := session.LeftJournals(dir, "/e/other.scoresheet"); !errors.As(err, &je) || je.Code != session.JournalBad {
		t.Fatalf("a journal of another event: %v", err)
	}
	to, err := again.PutAside()
	if err != nil || !strings.HasPrefix(filepath.Base(to), filepath.Base(j.Path())+".aside-") {
		t.Fatalf("put aside: %q %v", to, err)
	}
	if _, err := os.Stat(to); err != nil {
		t.Errorf("the journal put aside is gone: %v", err)
	}
	j.Close()
	if left, _ := session.LeftJournals(dir, "/e/open.scoresheet"); len(left) != 0 {
		t.Errorf("after put aside: %d offered", len(left))
	}
}
