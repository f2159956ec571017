package session_test

import (
	"slices"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// keptTexts is the texts of the cells a journal's file holds.
func keptTexts(t *testing.T, path string) []string {
	t.Helper()
	j, err := session.ReadJournalFile(path)
	if err != nil {
		t.Fatalf("the journal %s: %v", path, err)
	}
	var texts []string
	for _, op := range j.Ops() {
		texts = append(texts, op.Cell.Text)
	}
	return texts
}

// The reviewer's scenario (issue 31): two windows on one event on one
// laptop, the event held, window A keeps e4, window B keeps Nf3. They
// shared one file, and B's first write kept rewrote it: only Nf3 was on
// disk, and e4 was lost when A was killed. Each window now has its own
// file, both on disk. A killed: the next window started takes A's
// journal (its lock free), not B's (B lives); a fourth takes nothing
// (offered once). Written, both moves are stored.
func TestJournalTwoWindowsOneEvent(t *testing.T) {
	_, path := sessiontest.New(t)
	dir := t.TempDir()
	var held []*heldStore
	window := func() *session.Session {
		st, err := sqlitestore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		h := &heldStore{EventStore: st, code: sheet.StoreLocked}
		held = append(held, h)
		s := sessiontest.Open(t, h)
		if err := s.UseJournal(dir); err != nil {
			t.Fatal(err)
		}
		return s
	}
	holdAll := func(on bool) {
		for _, h := range held {
			h.held.Store(on)
		}
	}
	a, b := window(), window()
	holdAll(true)
	typeCells(t, a, "e4")
	if err := b.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	typeCells(t, b, "Nf3")
	if a.Kept() == 0 || b.Kept() == 0 {
		t.Fatalf("kept: A %d, B %d", a.Kept(), b.Kept())
	}
	if a.Journal().Path() == b.Journal().Path() {
		t.Errorf("both windows keep in %s", a.Journal().Path())
	}
	// typed key by key: each key's write kept (e, e4)
	if got := keptTexts(t, a.Journal().Path()); !slices.Equal(got, []string{"e", "e4"}) {
		t.Errorf("A's journal holds %q on disk, want e, e4", got)
	}
	if got := keptTexts(t, b.Journal().Path()); !slices.Equal(got, []string{"N", "Nf", "Nf3"}) {
		t.Errorf("B's journal holds %q on disk, want N, Nf, Nf3", got)
	}
	aKept := a.Kept()

	a.Journal().Kill() // A killed while waiting
	holdAll(false)
	c := window()
	if got := keptTexts(t, c.Journal().Path()); c.Kept() != aKept || !slices.Equal(got, []string{"e", "e4"}) {
		t.Fatalf("the next start is offered %d writes %q, want A's e, e4 alone (B lives)", c.Kept(), got)
	}
	if d := window(); d.Kept() != 0 {
		t.Errorf("A's journal offered twice: %d writes to a fourth window", d.Kept())
	}
	if err := c.SendKept(); err != nil {
		t.Fatal(err)
	}
	if err := b.Resume(); err != nil {
		t.Fatal(err)
	}
	if got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"e4"}) {
		t.Errorf("White's copy stored %q", got)
	}
	if got := sessiontest.Stored(t, path, 1, 1, sheet.BlackCopy); !slices.Equal(got, []string{"Nf3"}) {
		t.Errorf("Black's copy stored %q", got)
	}
}

// A window that closes lets go of its journal: what it still held
// (closed while the event was away) is offered at the next start; a
// journal that held nothing leaves no file.
func TestJournalClosedWindowOffered(t *testing.T) {
	dir, loc := t.TempDir(), "/events/open.scoresheet"
	empty, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatal(err)
	}
	j, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatal(err)
	}
	keepCell(t, j, 0, "e4")
	if left, err := session.LeftJournals(dir, loc); err != nil || len(left) != 0 {
		t.Fatalf("journals of live windows taken: %d %v", len(left), err)
	}
	empty.Close()
	j.Close()
	left, err := session.LeftJournals(dir, loc)
	if err != nil || len(left) != 1 || left[0].Path() != j.Path() || left[0].Len() != 1 {
		t.Fatalf("after close: %d journals %v, want %s", len(left), err, j.Path())
	}
	left[0].Close()
}
