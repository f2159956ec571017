package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// ruyLopez is White's copy, in German, with a slip at half-move 13:
// "Lb4" for Lb3 (the bishop on a4 cannot go to b4).
var ruyLopez = "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb4 d6 c3 O-O h3 Sb8 d4 Sbd7"

// hasCheckOn reports whether the checks name code on copy side.
func hasCheckOn(s *session.Session, code sheet.CheckCode, side sheet.Side) bool {
	for _, c := range s.Checks() {
		if c.Code == code && c.Copy == side.Who() {
			return true
		}
	}
	return false
}

// Issue 24, item 2: consult, don't retype. White's copy typed in full
// with a slip at 13; F6 there goes to Black's 13th cell although Black's
// copy is empty, which makes Black's copy consulted (one undo step); the
// arbiter types that cell alone, and the half-move is settled by it: no
// finding on Black's copy; what is left to decide is White's cells with a
// look-alike as consistent, which ask for Black's copy there (issue 32). The copies' heads
// say which is consulted and which typed in full, the cells not looked up
// show as such (not as missing), and the arbiter switches Black's copy
// back to typed in full from the keyboard (then its blank cells are
// missing), and undoes it.
func TestWindowConsultOtherCopy(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, ruyLopez+" ")
	if p := s.Reconciled().Plies[12]; !p.Status.NeedsDecision() {
		t.Fatalf("Lb4 alone at 13: %s", p.Status)
	}
	// F6 on the slip: Black's copy is consulted, blank up to it.
	m.gv.tapCell(sheet.WhiteCopy, 12)
	key(m, fyne.KeyF6)
	g := s.Game()
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.BlackCopy, Index: 12}) {
		t.Fatalf("F6 on White's 13th cell: cursor %+v, want Black's 13th", c)
	}
	if b := g.Copies[sheet.BlackCopy]; !b.Consulted || len(b.Cells) != 12 {
		t.Fatalf("Black's copy after F6: consulted %v, %d cells", b.Consulted, len(b.Cells))
	}
	// Undo takes the consulting back; F6 again does it again.
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if b := s.Game().Copies[sheet.BlackCopy]; b.Consulted || len(b.Cells) != 0 {
		t.Fatalf("after undo: consulted %v, %d cells", b.Consulted, len(b.Cells))
	}
	m.gv.tapCell(sheet.WhiteCopy, 12)
	shortcut(m, fyne.KeyJ)
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.BlackCopy, Index: 12}) || !s.Game().Copies[sheet.BlackCopy].Consulted {
		t.Fatalf("Ctrl+J on White's 13th cell: cursor %+v, consulted %v", c, s.Game().Copies[sheet.BlackCopy].Consulted)
	}
	// Black's copy (English) at 13 only.
	test.Type(m.gv.entry, "Bb3")
	key(m, fyne.KeyReturn)
	p := s.Reconciled().Plies[12]
	if p.Move.UCI() != "a4b3" || p.Status.NeedsDecision() {
		t.Fatalf("half-move 13 with Black's Bb3: %s %s", p.Move.UCI(), p.Status)
	}
	for _, code := range []sheet.CheckCode{sheet.CheckMissingCell, sheet.CheckCopyShorter, sheet.CheckTimeControlShort} {
		if hasCheckOn(s, code, sheet.BlackCopy) {
			t.Errorf("%s on the consulted copy: %+v", code, s.Checks())
		}
	}
	// What is left to decide is only White's cells one look-alike from
	// another move the rest reads on with as well ("e5", e6 as legal and
	// as consistent): with Black's copy consulted, they ask for it there
	// (issue 32).
	for _, c := range s.Checks() {
		if c.Severity() == rules.Error && (c.Code != sheet.CheckLookAlikeOneCopy || c.Copy != sheet.WhiteCopy.Who()) {
			t.Errorf("the board needs a decision other than a look-alike of White's: %+v", c)
		}
	}
	if !hasCheckOn(s, sheet.CheckLookAlikeOneCopy, sheet.WhiteCopy) {
		t.Errorf("no look-alike of White's asked with Black's copy consulted: %+v", s.Checks())
	}
	white, black := m.gv.copies[sheet.WhiteCopy], m.gv.copies[sheet.BlackCopy]
	if white.mode.Selected != "Typed in full" || black.mode.Selected != "Consulted" {
		t.Errorf("heads say White's %q, Black's %q", white.mode.Selected, black.mode.Selected)
	}
	for i := range 12 {
		if c := black.cellAt(i); c.bg.FillColor != colorNotLookedUp || c.icon.Resource != nil {
			t.Fatalf("Black's cell %d not looked up: colour %v icon %v", i, c.bg.FillColor, c.icon.Resource)
		}
	}
	if c := black.cellAt(12); c.bg.FillColor != colorOK {
		t.Errorf("Black's Bb3: colour %v", c.bg.FillColor)
	}
	if c := black.cellAt(20); c.bg.FillColor == colorNotLookedUp {
		t.Error("a cell past both copies shows as not looked up")
	}
	m.gv.tapCell(sheet.BlackCopy, 4)
	if text := findingsText(m); !strings.Contains(text, "Not looked up") || strings.Contains(text, "Missing") {
		t.Errorf("Black's 5th cell, not looked up: the Cell panel says\n%s", text)
	}

	// Back to typed in full from the keyboard: Tab to the choice, Right.
	c := m.win.Canvas()
	c.Focus(black.mode)
	black.mode.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if s.Game().Copies[sheet.BlackCopy].Consulted || black.mode.Selected != "Typed in full" {
		t.Fatalf("Right on Black's choice: consulted %v, shows %q", s.Game().Copies[sheet.BlackCopy].Consulted, black.mode.Selected)
	}
	if c.Focused() != black.mode {
		t.Error("a choice from the keyboard left the focus")
	}
	if !hasCheckOn(s, sheet.CheckMissingCell, sheet.BlackCopy) && !hasCheckOn(s, sheet.CheckCopyShorter, sheet.BlackCopy) {
		t.Errorf("Black's copy typed in full with blank cells: no finding %+v", s.Checks())
	}
	if cell := black.cellAt(4); cell.bg.FillColor == colorNotLookedUp {
		t.Error("Black's copy typed in full still shows cells not looked up")
	}
	stored, err := s.Store().Game(s.Game().ID)
	if err != nil || stored.Copies[sheet.BlackCopy].Consulted {
		t.Fatalf("the file holds Black's copy consulted %v (%v)", stored.Copies[sheet.BlackCopy].Consulted, err)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if !s.Game().Copies[sheet.BlackCopy].Consulted || black.mode.Selected != "Consulted" {
		t.Errorf("undo: consulted %v, shows %q", s.Game().Copies[sheet.BlackCopy].Consulted, black.mode.Selected)
	}
}

// The session's side of it: F6 from the cell after a copy's last (the
// arbiter starts the other copy) or where the other copy reaches moves
// there and consults nothing.
func TestSessionSwitchCopyConsultsOnlyShorter(t *testing.T) {
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, strings.Fields("e4 e5 Sf3 Sc6"))
	if err := s.SwitchCopy(); err != nil { // from White's cell after the last
		t.Fatal(err)
	}
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.BlackCopy, Index: 0}) || s.Game().Copies[sheet.BlackCopy].Consulted {
		t.Fatalf("F6 after White's last: cursor %+v, consulted %v", c, s.Game().Copies[sheet.BlackCopy].Consulted)
	}
	sessiontest.Type(t, s, strings.Fields("e4 e5"))
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.SwitchCopy(); err != nil { // Black's copy reaches 2: its cell after the last
		t.Fatal(err)
	}
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.BlackCopy, Index: 2}) || s.Game().Copies[sheet.BlackCopy].Consulted {
		t.Fatalf("F6 where Black's copy reaches: cursor %+v, consulted %v", c, s.Game().Copies[sheet.BlackCopy].Consulted)
	}
	if err := s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 3}); err != nil {
		t.Fatal(err)
	}
	if err := s.SwitchCopy(); err != nil {
		t.Fatal(err)
	}
	if b := s.Game().Copies[sheet.BlackCopy]; s.Cursor() != (session.Cursor{Side: sheet.BlackCopy, Index: 3}) || !b.Consulted || len(b.Cells) != 3 {
		t.Fatalf("F6 past Black's end: cursor %+v, consulted %v, %d cells", s.Cursor(), b.Consulted, len(b.Cells))
	}
	if !s.NotLookedUp(sheet.BlackCopy, 2) || s.NotLookedUp(sheet.BlackCopy, 1) || s.NotLookedUp(sheet.BlackCopy, 4) {
		t.Errorf("not looked up: 2 %v, 1 %v, 4 %v", s.NotLookedUp(sheet.BlackCopy, 2), s.NotLookedUp(sheet.BlackCopy, 1), s.NotLookedUp(sheet.BlackCopy, 4))
	}
	if st := s.Status(sheet.WhiteCopy, 3); st != rules.StatusOK {
		t.Errorf("White's Sc6: %s", st)
	}
}
