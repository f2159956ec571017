package session_test

import (
	"errors"
	"slices"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// Issue 31: another writer puts Nf6 into the cell the window is typing;
// the window's keys there (N, then c, 6 after the refusal) are refused
// together and kept as one text, said, never written over the other's
// cell nor dropped; the arbiter then writes it (RetryNotSaved) or drops
// it (DropNotSaved).
func TestNotSavedKeptThenWrittenOrDropped(t *testing.T) {
	for _, retry := range []bool{true, false} {
		s, path := sessiontest.New(t)
		sessiontest.Type(t, s, []string{"e4", "e5"})
		other, err := sqlitestore.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := other.GameAt(1, 1)
		if err := other.SetCellIf(g.ID, sheet.WhiteCopy, 2, nil, sheet.Cell{Text: "Nf3"}); err != nil {
			t.Fatal(err)
		}
		other.Close()
		shown := ""
		var last error
		for _, text := range []string{"N", "Nc", "Nc6"} {
			typed := shown + text[len(text)-1:] // the entry shows what the cell holds, then the key
			if shown == "" {
				typed = text
			}
			shown, last = s.Type(typed)
			var ns *session.NotSavedError
			if !errors.As(last, &ns) {
				t.Fatalf("typing %q over another writer's cell: %v", typed, last)
			}
			if shown != "Nf3" {
				t.Fatalf("the cell shows %q, want the other writer's Nf3", shown)
			}
		}
		var ns *session.NotSavedError
		errors.As(last, &ns)
		if ns.Text != "Nc6" || ns.Index != 2 {
			t.Fatalf("not saved: %q at %d, want Nc6 at 2", ns.Text, ns.Index)
		}
		if kept := s.NotSaved(); len(kept) != 1 || kept[0].Text != "Nc6" || !s.NotSavedAt(sheet.WhiteCopy, 2) {
			t.Fatalf("kept: %+v", kept)
		}
		// Typing on into the next cell, not knowing: kept too (that cell
		// could hold the other writer's next move).
		if err := s.Next(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Type("N"); !errors.As(err, &ns) || ns.Index != 3 || ns.Text != "N" {
			t.Fatalf("typing on in the next cell: %v, want N kept at 3", err)
		}
		if kept := s.NotSaved(); len(kept) != 2 || !s.Refusing() {
			t.Fatalf("kept: %+v, refusing %v", kept, s.Refusing())
		}
		want := []string{"e4", "e5", "Nf3"}
		for range 2 {
			if retry {
				if ok, err := s.RetryNotSaved(); !ok || err != nil {
					t.Fatalf("retry: %v %v", ok, err)
				}
			} else if _, ok := s.DropNotSaved(); !ok {
				t.Fatal("nothing to drop")
			}
		}
		if retry {
			want = []string{"e4", "e5", "Nc6", "N"}
		}
		if s.Refusing() {
			t.Error("still refusing after the arbiter decided")
		}
		if got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy); !slices.Equal(got, want) {
			t.Errorf("retry %v: stored %q, want %q", retry, got, want)
		}
		if len(s.NotSaved()) != 0 {
			t.Errorf("retry %v: still kept %+v", retry, s.NotSaved())
		}
	}
}

// With two texts kept, F8 (RetryNotSaved) and Shift+F8 (DropNotSaved)
// act on the one of the cell the arbiter went to look at, else on the
// last refused; NotSavedText says what is kept there.
func TestNotSavedDecidedWhereTheCursorIs(t *testing.T) {
	s, path := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5"})
	anotherLaptopWrites(t, path, 2, nil, "Nf3")
	anotherLaptopWrites(t, path, 3, nil, "Nc6")
	if _, err := s.Type("Bc4"); err == nil {
		t.Fatal("typing over another writer's cell was not refused")
	}
	if err := s.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Type("Nc6b5"); err == nil { // the entry shows Nc6, then b5 typed on
		t.Fatal("typing on was not refused")
	}
	if text, ok := s.NotSavedText(sheet.WhiteCopy, 2); !ok || text != "Bc4" {
		t.Fatalf("kept at 2: %q %v, want Bc4", text, ok)
	}
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 2}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.RetryNotSaved(); !ok || err != nil {
		t.Fatalf("retry: %v %v", ok, err)
	}
	if got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy); !slices.Equal(got, []string{"e4", "e5", "Bc4", "Nc6"}) {
		t.Fatalf("F8 on cell 2 stored %q, want Bc4 at 2 and the other writer's Nc6 at 3", got)
	}
	if n, ok := s.DropNotSaved(); !ok || n.Index != 3 || n.Text != "b5" {
		t.Fatalf("Shift+F8 then drops %+v %v, want b5 at 3", n, ok)
	}
	if _, ok := s.NotSavedText(sheet.WhiteCopy, 2); ok || len(s.NotSaved()) != 0 {
		t.Fatalf("still kept: %+v", s.NotSaved())
	}
}

// Keys typed on past the copy's end after a refusal have no next cell to
// go to: they are kept as one text there, and F8 writes them one move a
// cell (a draw offer typed apart with its move), never two moves in one
// cell.
func TestNotSavedPastTheEndOneMoveACell(t *testing.T) {
	s, path := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5"})
	anotherLaptopWrites(t, path, 2, nil, "Nf3")
	if _, err := s.Type("Bc4"); err == nil {
		t.Fatal("typing over another writer's cell was not refused")
	}
	for _, word := range []string{"Nc6", "Bb5", "(=)"} {
		if err := s.Next(); err != nil {
			t.Fatal(err)
		}
		for _, key := range word { // the entry shows the empty cell, then the key
			if _, err := s.Type(string(key)); err == nil {
				t.Fatalf("typing on past the end (%q) was not refused", word)
			}
		}
	}
	if err := s.Next(); err != nil { // typed on once more: nothing after it yet
		t.Fatal(err)
	}
	if text, ok := s.NotSavedText(sheet.WhiteCopy, 3); !ok || text != "Nc6 Bb5 (=)" {
		t.Fatalf("kept at 3: %q %v, want the three words typed on", text, ok)
	}
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 3}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.RetryNotSaved(); !ok || err != nil {
		t.Fatalf("retry: %v %v", ok, err)
	}
	got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy)
	if !slices.Equal(got, []string{"e4", "e5", "Nf3", "Nc6", "Bb5"}) {
		t.Fatalf("F8 stored %q, want Nc6 at 3 and Bb5 at 4", got)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 4); !c.DrawOffer {
		t.Errorf("cell 4 %+v: the draw offer typed apart is not with Bb5", c)
	}
	if kept := s.NotSaved(); len(kept) != 1 || kept[0].Index != 2 || kept[0].Text != "Bc4" {
		t.Errorf("kept after F8: %+v, want only Bc4 at 2", kept)
	}
}
