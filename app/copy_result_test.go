package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// TestWindowCopyResult: each copy's head has the result written on it;
// choosing one stores it, the checks say where the copies' results
// disagree (8.7), and undo takes it back.
func TestWindowCopyResult(t *testing.T) {
	m, s := newTestWindow(t)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	test.Type(m.gv.entry, "e4 e5 ")
	white, black := m.gv.copies[sheet.WhiteCopy].result, m.gv.copies[sheet.BlackCopy].result
	if white.Selected != "" || black.Selected != "" || white.PlaceHolder != "Result written" {
		t.Fatalf("results shown %q %q, placeholder %q", white.Selected, black.Selected, white.PlaceHolder)
	}
	white.SetSelected("1-0")
	black.SetSelected("0-1")
	g, err := s.Store().Game(s.Game().ID)
	if err != nil {
		t.Fatal(err)
	}
	if g.Copies[sheet.WhiteCopy].Result != "1-0" || g.Copies[sheet.BlackCopy].Result != "0-1" {
		t.Fatalf("stored %q %q", g.Copies[sheet.WhiteCopy].Result, g.Copies[sheet.BlackCopy].Result)
	}
	if !hasCheck(s, sheet.CheckCopyResultsDiffer) {
		t.Fatalf("no %s: %+v", sheet.CheckCopyResultsDiffer, s.Checks())
	}
	if text := checksText(m); !strings.Contains(text, "White's has 1-0, Black's has 0-1.  (Art. 8.7)") {
		t.Errorf("checks panel:\n%s", text)
	}
	m.gv.entry.TypedShortcut(&fyne.ShortcutUndo{})
	if black.Selected != "" || hasCheck(s, sheet.CheckCopyResultsDiffer) {
		t.Errorf("after undo: Black's copy shows %q, checks %+v", black.Selected, s.Checks())
	}
	if g, _ := s.Store().Game(s.Game().ID); g.Copies[sheet.BlackCopy].Result != "" {
		t.Errorf("after undo the file holds %q", g.Copies[sheet.BlackCopy].Result)
	}
}

// Issue 24: "1-0" typed after White's last move in the window is White's
// copy's result and the game's: both choices show it, no cell holds it.
func TestWindowResultTypedAfterLastMove(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 e5 1-0 ")
	if got := shown(m, sheet.WhiteCopy); strings.Join(got, "|") != "e4|e5" {
		t.Fatalf("White's copy shows %q", got)
	}
	if w := m.gv.copies[sheet.WhiteCopy].result.Selected; w != "1-0" || m.gv.header.result.Selected != "1-0" || s.Game().Result != "1-0" {
		t.Fatalf("White's copy's result shows %q, the game's %q (%q)", w, m.gv.header.result.Selected, s.Game().Result)
	}
	if c := s.Cursor(); c != (session.Cursor{Side: sheet.WhiteCopy, Index: 2}) || m.gv.entry.Text != "" {
		t.Fatalf("cursor %+v, entry %q", c, m.gv.entry.Text)
	}
}
