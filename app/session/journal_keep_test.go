package session_test

import (
	"errors"
	"os"
	"testing"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// keepCell keeps a cell's write in j, failing the test if it is not kept.
func keepCell(t *testing.T, j *session.Journal, index int, text string) {
	t.Helper()
	if err := j.Keep(session.JournalOp{Op: "set-cell", Game: 1, Index: index, Cell: sheet.Cell{Text: text}}); err != nil {
		t.Fatal(err)
	}
}

// A journal whose head line was cut short (the window stopped as it
// began the file: nothing was kept whole) reads as no journal: it is not
// offered, and its file goes. It was refused as journal-bad at every
// start, the journal of that event never used again.
func TestJournalHeadCutShort(t *testing.T) {
	dir, loc := t.TempDir(), "/events/open.scoresheet"
	killed, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatal(err)
	}
	killed.Close()
	if err := os.WriteFile(killed.Path(), []byte(`{"location":"/events/op`), 0o600); err != nil {
		t.Fatal(err)
	}
	left, err := session.LeftJournals(dir, loc)
	if err != nil {
		t.Fatalf("a head cut short: %v", err)
	}
	if len(left) != 0 {
		t.Fatalf("%d journals offered from a head cut short", len(left))
	}
	if _, err := os.Stat(killed.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a head cut short stays: %v", err)
	}
	j, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatal(err)
	}
	keepCell(t, j, 0, "e4")
	again, err := session.ReadJournalFile(j.Path())
	if err != nil || again.Len() != 1 || again.Ops()[0].Cell.Text != "e4" {
		t.Fatalf("after a write kept: %v, %d writes", err, again.Len())
	}
	// A head whole but another event's is still refused: not ours to read.
	x, err := session.OpenJournal(dir, "/x")
	if err != nil {
		t.Fatal(err)
	}
	x.Close()
	os.WriteFile(x.Path(), []byte(`{"location":"/y"}`+"\n"), 0o600)
	var je *session.JournalError
	if _, err := session.LeftJournals(dir, "/x"); !errors.As(err, &je) || je.Code != session.JournalBad {
		t.Errorf("a head naming another event: %v, want %s", err, session.JournalBad)
	}
}
