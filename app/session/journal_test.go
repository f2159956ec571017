package session_test

import (
	"errors"
	"os"
	"slices"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
)

// typeCells types cells key by key, as the window does, with Next after
// each; every key must be taken (kept or saved).
func typeCells(t *testing.T, s *session.Session, cells ...string) {
	t.Helper()
	for _, c := range cells {
		for i := 1; i <= len(c); i++ {
			if _, err := s.Type(c[:i]); err != nil {
				t.Fatalf("typing %q: %v", c[:i], err)
			}
		}
		if err := s.Next(); err != nil {
			t.Fatalf("next after %q: %v", c, err)
		}
	}
}

// Issue 31: the server stopped after e4 e5 Nf3, the arbiter types Nc6
// Bb5 a6: every key is taken into the journal (on disk), the cells say
// they wait, and when the server is back they are written in order.
func TestJournalKeepsKeysWhileServerAway(t *testing.T) {
	s, srv, loc := newServerSession(t)
	dir := t.TempDir()
	if err := s.UseJournal(dir); err != nil {
		t.Fatal(err)
	}
	typeCells(t, s, "e4", "e5", "Nf3")
	start := srv.StopFor(t)
	typeCells(t, s, "Nc6", "Bb5", "a6")
	if s.Offline() == nil {
		t.Fatal("the session is not offline")
	}
	if s.Kept() == 0 {
		t.Fatal("nothing kept")
	}
	for i := range 6 {
		if w := s.Waiting(sheet.WhiteCopy, i); w != (i >= 3) {
			t.Errorf("cell %d waiting %v", i, w)
		}
	}
	if _, err := os.Stat(s.Journal().Path()); err != nil {
		t.Fatalf("the journal is not on disk: %v", err)
	}
	start()
	if err := s.Resume(); err != nil {
		t.Fatalf("resume: %v", err)
	}
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); !slices.Equal(got, want) {
		t.Fatalf("the server holds %q, want %q", got, want)
	}
	if s.Kept() != 0 || s.Waiting(sheet.WhiteCopy, 4) {
		t.Errorf("after resume: %d kept", s.Kept())
	}
	if _, err := os.Stat(s.Journal().Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the journal stays after every write was sent: %v", err)
	}
	typeCells(t, s, "Ba4")
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); len(got) != 7 || got[6] != "Ba4" {
		t.Fatalf("typing after resume: the server holds %q", got)
	}
}

// A cell another writer changed while the window waited is refused and
// said (NotSavedError naming the cell and the text), never shifted; the
// other cells kept are written.
func TestJournalRefusesCellChangedMeanwhile(t *testing.T) {
	s, srv, loc := newServerSession(t)
	if err := s.UseJournal(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	typeCells(t, s, "e4", "e5")
	if err := s.SwitchCopy(); err != nil { // Black's copy, cell 2
		t.Fatal(err)
	}
	start := srv.StopFor(t)
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 1}); err != nil {
		t.Fatal(err)
	}
	typeCells(t, s, "e6") // over e5: kept
	if err := s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	typeCells(t, s, "e4", "e5")
	start()
	other, err := pgstore.Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	g, _ := other.GameAt(1, 1)
	was := sheet.Cell{Text: "e5"}
	if err := other.SetCellIf(g.ID, sheet.WhiteCopy, 1, &was, sheet.Cell{Text: "c5"}); err != nil {
		t.Fatal(err)
	}
	err = s.Resume()
	var ns *session.NotSavedError
	if !errors.As(err, &ns) || ns.Side != sheet.WhiteCopy || ns.Index != 1 {
		t.Fatalf("resume: %v, want White's cell 2 not saved", err)
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"e4", "c5"}) {
		t.Errorf("White's copy on the server %q", got)
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.BlackCopy); !slices.Equal(got, []string{"e4", "e5"}) {
		t.Errorf("Black's copy on the server %q", got)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 1); c.Text != "c5" {
		t.Errorf("the window shows %q", c.Text)
	}
}

// A window killed while waiting: its journal is on disk; the next
// session on the event finds it (Kept) and writes it when asked.
func TestJournalSurvivesKill(t *testing.T) {
	s, srv, loc := newServerSession(t)
	dir := t.TempDir()
	if err := s.UseJournal(dir); err != nil {
		t.Fatal(err)
	}
	typeCells(t, s, "d4")
	start := srv.StopFor(t)
	typeCells(t, s, "d5", "c4")
	kept := s.Kept()
	// killed: the session is dropped unclosed; only the file remains
	start()
	st, err := pgstore.Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	next := sessiontest.Open(t, st)
	if err := next.UseJournal(dir); err != nil {
		t.Fatal(err)
	}
	if next.Kept() != kept || kept == 0 {
		t.Fatalf("the next start finds %d writes kept, the first window kept %d", next.Kept(), kept)
	}
	if err := next.SendKept(); err != nil {
		t.Fatal(err)
	}
	if got := sessiontest.Stored(t, loc, 1, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"d4", "d5", "c4"}) {
		t.Errorf("the server holds %q", got)
	}
	if c, _ := next.Cell(sheet.WhiteCopy, 2); c.Text != "c4" {
		t.Errorf("the next window shows %q", c.Text)
	}
	// The cursor is after the last cell kept, not in a cell the journal
	// filled (the next keys would be added to its move).
	if c := next.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: 3}) {
		t.Errorf("the cursor is at %+v, want White's cell 3", c)
	}
}
