package session_test

import (
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/sheet"
)

// Issue 31: after a consult at half-move 5, the next check (11) seen
// from Black's consulted copy (5 cells) put the cursor at Black's end,
// and F6 from there landed in White's cell 5 ("a6Re1"). The check's
// half-move goes to the copy that reaches it; F6 then consults Black's
// copy at 11.
func TestMoveToPlyFromConsultedCopy(t *testing.T) {
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4", "e5", "Nf3", "Nc6", "Bb9", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re9", "b5"})
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 4}); err != nil {
		t.Fatal(err)
	}
	if err := s.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, []string{"Bb5"})
	for _, c := range []struct {
		from sheet.Side
		idx  int
		want session.Cursor
	}{
		{sheet.BlackCopy, 10, session.Cursor{Side: sheet.WhiteCopy, Index: 10}}, // beyond Black's end
		{sheet.BlackCopy, 2, session.Cursor{Side: sheet.WhiteCopy, Index: 2}},   // Black's blank cell, not looked up
		{sheet.BlackCopy, 4, session.Cursor{Side: sheet.BlackCopy, Index: 4}},   // looked up: Black's own
		{sheet.BlackCopy, 5, session.Cursor{Side: sheet.WhiteCopy, Index: 5}},   // the cell after Black's last
		{sheet.WhiteCopy, 10, session.Cursor{Side: sheet.WhiteCopy, Index: 10}},
		{sheet.WhiteCopy, 30, session.Cursor{Side: sheet.WhiteCopy, Index: 12}}, // neither has it: the copy's end
	} {
		if err := s.MoveToPly(c.from, c.idx); err != nil {
			t.Fatal(err)
		}
		if got := s.Cursor(); got != c.want {
			t.Errorf("MoveToPly(%s, %d): cursor %+v, want %+v", c.from, c.idx, got, c.want)
		}
	}
	if err := s.MoveToPly(sheet.BlackCopy, 10); err != nil {
		t.Fatal(err)
	}
	if err := s.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	sessiontest.Type(t, s, []string{"Re1"})
	wantTexts(t, s.Game(), sheet.WhiteCopy, []string{"e4", "e5", "Nf3", "Nc6", "Bb9", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re9", "b5"})
	wantTexts(t, s.Game(), sheet.BlackCopy, []string{"", "", "", "", "Bb5", "", "", "", "", "", "Re1"})
}
