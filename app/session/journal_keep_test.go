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
// began the file: nothing was kept whole) reads as no journal, and the
// next write kept begins the file anew. It was refused as journal-bad at
// every start, the journal of that event never used again.
func TestJournalHeadCutShort(t *testing.T) {
	dir, loc := t.TempDir(), "/events/open.scoresheet"
	path := session.JournalPath(dir, loc)
	if err := os.WriteFile(path, []byte(`{"location":"/events/op`), 0o600); err != nil {
		t.Fatal(err)
	}
	j, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatalf("a head cut short: %v", err)
	}
	if j.Len() != 0 {
		t.Fatalf("%d writes read from a head cut short", j.Len())
	}
	keepCell(t, j, 0, "e4")
	again, err := session.OpenJournal(dir, loc)
	if err != nil || again.Len() != 1 || again.Ops()[0].Cell.Text != "e4" {
		t.Fatalf("after a write kept: %v, %d writes", err, again.Len())
	}
	// A head whole but another event's is still refused: not ours to read.
	if _, err := session.OpenJournal(dir, "/events/other.scoresheet"); err != nil {
		t.Fatal(err) // another file: no journal
	}
	os.WriteFile(session.JournalPath(dir, "/x"), []byte(`{"location":"/y"}`+"\n"), 0o600)
	var je *session.JournalError
	if _, err := session.OpenJournal(dir, "/x"); !errors.As(err, &je) || je.Code != session.JournalBad {
		t.Errorf("a head naming another event: %v, want %s", err, session.JournalBad)
	}
}
