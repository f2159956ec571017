package app

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// Ctrl+K reaches the Arbiter checks from the keyboard: the tab comes up,
// the focus on the first check's button, its row in view; Ctrl+K again
// goes to the next check (the list scrolls), Ctrl+Shift+K back; Space
// puts the cursor on the check's half-move, the focus in the cell.
func TestKeysChecksPanel(t *testing.T) {
	m, s := newTestWindow(t)
	m.win.Resize(fyne.NewSize(1280, 720))
	// Four repetitions of the same position, then every move written on
	// one copy only: a check for each.
	test.Type(m.gv.entry, strings.Repeat("Sf3 Sf6 Sg1 Sg8 ", 6)+"e4 e5 d4 d5 c4 c6 Sc3 Sf6 Lg5 Le7 e3 0-0 ")
	m.gv.tabs.SelectIndex(checksTab) // its rows are drawn as it comes up
	m.gv.tabs.SelectIndex(0)
	rows := m.gv.checkRows
	if len(rows) < 6 {
		t.Fatalf("%d checks with a half-move: %+v", len(rows), s.Checks())
	}
	visible := func(r checkRow) bool {
		y, off := r.row.Position().Y, m.gv.checkScrl.Offset.Y
		return y >= off && y+r.row.Size().Height <= off+m.gv.checkScrl.Size().Height
	}
	if visible(rows[len(rows)-1]) {
		t.Fatalf("the panel shows all %d checks at once: nothing to scroll", len(rows))
	}
	for i := range rows {
		ctrlPress(m, fyne.KeyK)
		if m.gv.tabs.SelectedIndex() != 1 || focused(m) != rows[i].go2 || !visible(rows[i]) {
			t.Fatalf("Ctrl+K %d: tab %d, focus %T, check %d in view %v", i+1, m.gv.tabs.SelectedIndex(), focused(m), i, visible(rows[i]))
		}
	}
	press(m, &desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	last := len(rows) - 2
	if focused(m) != rows[last].go2 || !visible(rows[last]) {
		t.Fatalf("Ctrl+Shift+K: focus %T, check %d in view %v", focused(m), last, visible(rows[last]))
	}
	var withPly []sheet.CheckFinding // the panel's rows with a button, in order
	for _, f := range s.Checks() {
		if f.Ply > 0 {
			withPly = append(withPly, f)
		}
	}
	f := withPly[last]
	wantSide := s.Cursor().Side
	switch f.Copy {
	case "white":
		wantSide = sheet.WhiteCopy
	case "black":
		wantSide = sheet.BlackCopy
	}
	typeKey(m, fyne.KeySpace)
	if c := s.Cursor(); c != (session.Cursor{Side: wantSide, Index: f.Ply - 1}) || focused(m) != m.gv.entry {
		t.Fatalf("Space on check %d (%s, ply %d): cursor %+v, focus %T", last, f.Code, f.Ply, c, focused(m))
	}
}

// hitKey presses and lets go of key k as Fyne's desktop driver gives a
// key: down to the widget focused, typed to it (else to the canvas),
// then the character the key types (char; 0 for none) to the widget
// focused by then, then up. A key whose action moves the focus gives its
// character to where the focus went.
func hitKey(m *mainWindow, k fyne.KeyName, char rune) {
	c := m.win.Canvas()
	ev := &fyne.KeyEvent{Name: k}
	if f, ok := c.Focused().(desktop.Keyable); ok {
		f.KeyDown(ev)
	}
	typeKey(m, k)
	if char != 0 {
		typeText(m, string(char))
	}
	if f, ok := c.Focused().(desktop.Keyable); ok {
		f.KeyUp(ev)
	}
}

// Issue 24, defect 1: Ctrl+K to a check, then Space, landed one half-move
// past it (the check at 14 opened 15: the space of Space went on to the
// cell, which it confirmed), and a Ctrl+1 right after decided the wrong
// half-move. Space is pressed as the desktop driver gives it (hitKey).
func TestKeysCheckThenSpaceLandsOnTheCheck(t *testing.T) {
	m, s := newTestWindow(t)
	// The copies differ at half-move 14 only: d6 on White's, d5 on Black's.
	test.Type(m.gv.entry, "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb3 d6 c3 O-O h3 Sb8 d4 Sbd7 ")
	m.gv.tapCell(sheet.BlackCopy, 0)
	test.Type(m.gv.entry, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d5 c3 O-O h3 Nb8 d4 Nbd7 ")
	var withPly []sheet.CheckFinding // the checks panel's rows with a button, in order
	for _, f := range s.Checks() {
		if f.Ply > 0 {
			withPly = append(withPly, f)
		}
	}
	k := slices.IndexFunc(withPly, func(f sheet.CheckFinding) bool { return f.Ply == 14 })
	if k < 0 || !s.Reconciled().Plies[13].Status.NeedsDecision() {
		t.Fatalf("no check at half-move 14 to decide: %+v", withPly)
	}
	for range k + 1 {
		ctrlPress(m, fyne.KeyK)
	}
	if focused(m) != m.gv.checkRows[k].go2 {
		t.Fatalf("Ctrl+K x%d: focus %T, not the check of half-move 14", k+1, focused(m))
	}
	hitKey(m, fyne.KeySpace, ' ')
	if c := s.Cursor(); c.Index != 13 || focused(m) != m.gv.entry {
		t.Fatalf("Space on the check of half-move 14: cursor at half-move %d, focus %T", c.Index+1, focused(m))
	}
	ctrlPress(m, fyne.Key1)
	for _, p := range s.Reconciled().Plies {
		if (p.Decision != nil) != (p.Ply == 14) {
			t.Errorf("Ctrl+1 after Space: half-move %d decision %+v", p.Ply, p.Decision)
		}
	}
	// The typing goes on in the cell: a space typed now is the cell's.
	hitKey(m, fyne.KeySpace, ' ')
	if c := s.Cursor(); c.Index != 14 {
		t.Fatalf("a second Space: cursor at half-move %d, want 15", c.Index+1)
	}
}
