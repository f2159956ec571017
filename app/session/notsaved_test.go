package session_test

import (
	"errors"
	"slices"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/store"
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
		other, err := store.Open(path)
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
		if err := s.Next(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Type("N"); err != nil { // the next cell is the arbiter's own again
			t.Fatalf("typing in the next cell: %v", err)
		}
		if err := s.Prev(); err != nil {
			t.Fatal(err)
		}
		want := []string{"e4", "e5", "Nf3", "N"}
		if retry {
			if ok, err := s.RetryNotSaved(); !ok || err != nil {
				t.Fatalf("retry: %v %v", ok, err)
			}
			want[2] = "Nc6"
		} else if n, ok := s.DropNotSaved(); !ok || n.Text != "Nc6" {
			t.Fatalf("drop: %+v %v", n, ok)
		}
		if got := sessiontest.Stored(t, path, 1, 1, sheet.WhiteCopy); !slices.Equal(got, want) {
			t.Errorf("retry %v: stored %q, want %q", retry, got, want)
		}
		if len(s.NotSaved()) != 0 {
			t.Errorf("retry %v: still kept %+v", retry, s.NotSaved())
		}
	}
}
