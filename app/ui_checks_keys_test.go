package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

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
	if c := s.Cursor(); c != (Cursor{wantSide, f.Ply - 1}) || focused(m) != m.gv.entry {
		t.Fatalf("Space on check %d (%s, ply %d): cursor %+v, focus %T", last, f.Code, f.Ply, c, focused(m))
	}
}
