package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// checkOf returns the arbiter check of code c, if there is one.
func checkOf(s *session.Session, c sheet.CheckCode) (sheet.CheckFinding, bool) {
	for _, f := range s.Checks() {
		if f.Code == c {
			return f, true
		}
	}
	return sheet.CheckFinding{}, false
}

// Ctrl+M marks the cursor's cell: White seals 2.Nf3; the check says it
// is legal and unambiguous; the cell shows the mark; undo takes it off.
func TestWindowMarkCell(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Nf3 ")
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 2}); err != nil {
		t.Fatal(err)
	}
	ctrlPress(m, fyne.KeyM)
	if len(m.dialogs) != 1 {
		t.Fatal("Ctrl+M opened no dialog")
	}
	choice, ok := focused(m).(*dialogSelect)
	if !ok || choice.Selected != markLabel(sheet.MarkNone) || len(choice.Options) != len(sheet.CellMarks()) {
		t.Fatalf("focus %T, choice %+v", focused(m), choice)
	}
	choice.SetSelected(markLabel(sheet.MarkSealed))
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "mark, Enter")
	if c, _ := s.Cell(sheet.WhiteCopy, 2); c.Mark != sheet.MarkSealed || c.Text != "Nf3" {
		t.Fatalf("cell %+v, want Nf3 marked sealed", c)
	}
	if f, ok := checkOf(s, sheet.CheckSealed); !ok || f.Ply != 3 || f.Article != "I.1.1" || f.Side != sheet.WhoWhite {
		t.Errorf("sealed-move check %+v (%v)", f, ok)
	}
	if got := m.gv.copies[sheet.WhiteCopy].rows[1].cells[0].draw.Text; got != "I.1" {
		t.Errorf("the cell shows %q beside the move, want I.1", got)
	}
	// Escape changes nothing; the menu item opens the same dialog.
	menuAction(t, m, "ui.menu.mark")
	focused(m).(*dialogSelect).SetSelected(markLabel(sheet.MarkRecordingStopped))
	typeKey(m, fyne.KeyEscape)
	if c, _ := s.Cell(sheet.WhiteCopy, 2); c.Mark != sheet.MarkSealed {
		t.Fatalf("Escape changed the mark: %+v", c)
	}
	press(m, &fyne.ShortcutUndo{})
	if c, _ := s.Cell(sheet.WhiteCopy, 2); c.Mark != sheet.MarkNone || c.Text != "Nf3" {
		t.Fatalf("after undo: %+v", c)
	}
	// The mark is in the file.
	if err := s.SetMark(sheet.MarkClaimRepetition); err != nil {
		t.Fatal(err)
	}
	g, err := s.Store().Game(s.Game().ID)
	if err != nil || g.Copies[sheet.WhiteCopy].Cells[2].Mark != sheet.MarkClaimRepetition {
		t.Errorf("stored cells %+v (%v)", g.Copies[sheet.WhiteCopy].Cells, err)
	}
}

// The event settings choose the kind of play: an illegal move then cites
// the rapid appendix, and it is in the file.
func TestWindowEventKind(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Ke3 ")
	if f, ok := checkOf(s, sheet.CheckIllegalMove.Unconfirmed()); !ok || f.Article != "7.5.1" {
		t.Fatalf("standard play: %+v (%v)", f, ok)
	}
	f := newEventForm(nil, s.Event())
	if f.kind.Selected != kindLabel(sheet.KindStandard) {
		t.Fatalf("the form shows kind %q", f.kind.Selected)
	}
	f.kind.SetSelected(kindLabel(sheet.KindRapid))
	if err := m.applyEvent(f); err != nil {
		t.Fatal(err)
	}
	if ev, err := s.Store().Event(); err != nil || ev.Kind != sheet.KindRapid {
		t.Errorf("stored kind %q (%v)", ev.Kind, err)
	}
	if f, ok := checkOf(s, sheet.CheckIllegalMove.Unconfirmed()); !ok || f.Article != "A.4.2" {
		t.Errorf("rapid play: %+v (%v)", f, ok)
	}
	if f := newEventForm(nil, s.Event()); f.kind.Selected != kindLabel(sheet.KindRapid) {
		t.Errorf("the form shows kind %q", f.kind.Selected)
	}
}

// The arbiter marks where recording stopped on the cell after the last
// one written: it is added blank with its mark; the copy is then not
// "shorter" for the moves the other copy has.
func TestSessionMarkRecordingStopped(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 Nf3 Nc6 ")
	if err := s.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	test.Type(m.gv.entry, "e4 e5 ")
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.BlackCopy, Index: 2}) {
		t.Fatalf("cursor %+v", c)
	}
	if _, ok := checkOf(s, sheet.CheckCopyShorter); !ok {
		t.Fatalf("no copy-shorter before the mark: %+v", s.Checks())
	}
	if err := s.SetMark(sheet.MarkRecordingStopped); err != nil {
		t.Fatal(err)
	}
	if c, ok := s.Cell(sheet.BlackCopy, 2); !ok || c != (sheet.Cell{Mark: sheet.MarkRecordingStopped}) {
		t.Fatalf("cell 3 of Black's copy %+v (%v)", c, ok)
	}
	f, ok := checkOf(s, sheet.CheckRecordingStopped)
	if !ok || f.Ply != 3 || f.Copy != sheet.WhoBlack || f.Texts[0] != "2." {
		t.Errorf("recording-stopped %+v (%v)", f, ok)
	}
	if f, ok := checkOf(s, sheet.CheckCopyShorter); ok {
		t.Errorf("copy-shorter after the mark: %+v", f)
	}
	if got := checkText(f); !strings.Contains(got, "not recorded from 2. on") {
		t.Errorf("the check says %q", got)
	}
}
