package app

import (
	"errors"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestSessionDoesNotOverwriteAnotherWriter: the window typed a cell;
// another program (the CLI's event enter) wrote the same cell since.
// The next keystroke there is not saved, the cell shows what the file
// holds, and the error says which cell and what was typed; typing goes
// on normally afterwards.
func TestSessionDoesNotOverwriteAnotherWriter(t *testing.T) {
	SetLanguage("en")
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5"})
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Type("e"); err != nil { // the window holds "e"
		t.Fatal(err)
	}
	other := sheet.Cell{Text: "d4"}
	if err := sheettest.SetCell(s.Store(), s.Game().ID, sheet.WhiteCopy, 0, other); err != nil {
		t.Fatal(err)
	}

	got, err := s.Type("e3")
	var ns *session.NotSavedError
	if !errors.As(err, &ns) || ns.Text != "e3" || ns.Index != 0 || ns.Side != sheet.WhiteCopy {
		t.Fatalf("typing over another writer's cell: %v, want NotSavedError for e3 in White's cell 0", err)
	}
	if got != other.Text {
		t.Errorf("the entry shows %q, want what the file holds, %q", got, other.Text)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 0); c != other {
		t.Errorf("the session's cell holds %q, want %q", c.Text, other.Text)
	}
	if msg := errText(err); !strings.Contains(msg, "Half-move 1, White") || !strings.Contains(msg, "“e3”") || strings.Contains(msg, "index=") {
		t.Errorf("the window's message %q does not say the cell and what was not saved in words (only)", msg)
	}
	stored, serr := s.Store().Game(s.Game().ID)
	if serr != nil {
		t.Fatal(serr)
	}
	if c := stored.Copies[sheet.WhiteCopy].Cells[0]; c != other {
		t.Errorf("the store holds %q, want the other writer's %q", c.Text, other.Text)
	}

	// A key that adds to what the cell now shows is the arbiter typing
	// on, not knowing (issue 31): refused with the first, kept as one
	// text (e3x), not written after the other writer's d4.
	if _, err := s.Type("d4x"); !errors.As(err, &ns) || ns.Text != "e3x" {
		t.Fatalf("typing on after the conflict: %v, want e3x kept", err)
	}
	// The arbiter changes what the cell shows (he has seen it): saved.
	if _, err := s.Type("d3"); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	stored, _ = s.Store().Game(s.Game().ID)
	if c := stored.Copies[sheet.WhiteCopy].Cells[0]; c.Text != "d3" {
		t.Errorf("after typing again the store holds %q, want d3", c.Text)
	}
}
