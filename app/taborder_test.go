package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// tab presses Tab (Shift+Tab) as Fyne's desktop driver does: a widget
// that takes Tab gets the key, else the focus moves to the next
// (previous) control in the window's order.
func tab(m *mainWindow, shift bool) {
	c := m.win.Canvas()
	if f, ok := c.Focused().(fyne.Tabbable); ok && f.AcceptsTab() {
		k, _ := f.(desktop.Keyable)
		if shift && k != nil {
			k.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		}
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		if shift && k != nil {
			k.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
		}
		return
	}
	if shift {
		c.FocusPrevious()
	} else {
		c.FocusNext()
	}
}

// controlNames names the window's controls for the test's messages.
func controlNames(m *mainWindow) map[fyne.Focusable]string {
	gv, h := m.gv, m.gv.header
	names := map[fyne.Focusable]string{
		m.nav: "navigator", h.white: "White", h.wElo: "White rating", h.black: "Black", h.bElo: "Black rating",
		h.round: "Round", h.board: "Board", h.date: "Date", h.result: "Result",
		gv.entry: "cell", gv.notation: "moves notation",
	}
	for i, side := range []string{"White", "Black"} {
		d := h.details[i]
		names[d.title], names[d.fideID], names[d.federation] = side+" title", side+" FIDE ID", side+" federation"
		names[gv.copies[i].result], names[gv.copies[i].lang] = side+"'s copy result", side+"'s copy notation"
		names[gv.copies[i].mode] = side + "'s copy typed in full or consulted"
	}
	for i, b := range gv.tabs.buttons {
		names[b] = []string{"Cell panel", "Checks panel"}[i]
	}
	for i, r := range gv.checkRows {
		names[r.go2] = fmt.Sprintf("check %d", i+1)
	}
	k := 0
	walk(gv.findings, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			k++
			names[b] = fmt.Sprintf("candidate %d", k)
		}
	})
	return names
}

// focusables are the controls the window shows that can take the focus.
func focusables(m *mainWindow) []fyne.Focusable {
	var out []fyne.Focusable
	walkVisible(m.win.Content(), func(o fyne.CanvasObject) bool {
		if d, ok := o.(fyne.Disableable); ok && d.Disabled() {
			return true
		}
		if f, ok := o.(fyne.Focusable); ok {
			out = append(out, f)
		}
		return true
	})
	return out
}

// tabRound goes from the navigator by Tab (Ctrl+Tab out of the cell,
// where Tab goes to the next cell) until the navigator again, and
// returns the controls in the order the focus went through them.
func tabRound(t *testing.T, m *mainWindow, shift bool) []string {
	t.Helper()
	names := controlNames(m)
	c := m.win.Canvas()
	c.Focus(m.nav)
	var order []string
	for range 80 {
		f := c.Focused()
		name, ok := names[f]
		if !ok {
			name = fmt.Sprintf("%T", f)
		}
		order = append(order, name)
		switch {
		case f == m.gv.entry && shift:
			press(m, &desktop.CustomShortcut{KeyName: fyne.KeyTab, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
		case f == m.gv.entry:
			press(m, ctrlKey(fyne.KeyTab))
		default:
			tab(m, shift)
		}
		if c.Focused() == fyne.Focusable(m.nav) {
			return order
		}
	}
	t.Fatalf("Tab never came back to the navigator: %q", order)
	return nil
}

// Issue 24, defect 4: the result and notation choices above each copy
// could not be reached with Tab (the copies' cells came before them, and
// Tab in a cell goes to the next cell). Every control of the window is
// reached by Tab, in the order it is seen: the navigator, the header row
// by row, each copy's choices (typed in full or consulted, result,
// notation), the cell (Ctrl+Tab leaves it), the moves' notation, the
// panels' buttons, the panel's own buttons.
// Shift+Tab goes the same way back.
func TestTabReachesEveryControl(t *testing.T) {
	m, s := newTestWindow(t)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	m.win.Resize(fyne.NewSize(1366, 768))
	test.Type(m.gv.entry, "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb3 d6 c3 O-O h3 Sb8 d4 Sbd7 Sd2")
	if _, ms := m.gv.candidates(); len(ms) < 2 || len(m.gv.checkRows) == 0 {
		t.Fatalf("Sd2: candidates %v, checks %v", ms, s.Checks())
	}
	head := []string{"navigator", "White", "White rating", "Black", "Black rating", "Round", "Board", "Date", "Result",
		"White title", "White FIDE ID", "White federation", "Black title", "Black FIDE ID", "Black federation",
		"White's copy typed in full or consulted", "White's copy result", "White's copy notation",
		"Black's copy typed in full or consulted", "Black's copy result", "Black's copy notation",
		"cell", "moves notation", "Cell panel", "Checks panel"}
	for panel, rest := range map[int]string{0: "candidate", 1: "check"} {
		m.gv.tabs.SelectIndex(panel)
		order := tabRound(t, m, false)
		if len(order) <= len(head) || !slices.Equal(order[:len(head)], head) {
			t.Fatalf("panel %d: Tab goes\n%q\nwant first\n%q", panel, order, head)
		}
		for i, name := range order[len(head):] {
			if want := fmt.Sprintf("%s %d", rest, i+1); name != want {
				t.Fatalf("panel %d: Tab goes\n%q\nafter the panels' buttons, want %q", panel, order, want)
			}
		}
		names := controlNames(m)
		for _, f := range focusables(m) {
			if !slices.Contains(order, names[f]) {
				t.Errorf("panel %d: Tab never reaches %T %q", panel, f, names[f])
			}
		}
		back := tabRound(t, m, true)
		slices.Reverse(back[1:])
		if !slices.Equal(back, order) {
			t.Errorf("panel %d: Shift+Tab goes\n%q\nwant Tab's order back\n%q", panel, back, order)
		}
		t.Logf("panel %d: %s", panel, strings.Join(order, ", "))
	}
}

// A copy's result chosen from the keyboard (Space, Down, Enter) keeps the
// focus on the choice, so that Tab goes on to the copy's notation; chosen
// with the mouse, the typing goes back to the cell. What is typed on a
// choice goes to the cell.
func TestCopyChoiceByKeysKeepsFocus(t *testing.T) {
	m, s := newTestWindow(t)
	c := m.win.Canvas()
	white := m.gv.copies[sheet.WhiteCopy]
	c.Focus(white.result)
	typeKey(m, fyne.KeySpace) // opens the list
	typeKey(m, fyne.KeyDown)
	typeKey(m, fyne.KeyDown)
	typeKey(m, fyne.KeyReturn) // 1-0
	if got := s.Game().Copies[sheet.WhiteCopy].Result; got != "1-0" || focused(m) != white.result {
		t.Fatalf("Space, Down, Down, Enter: result %q, focus %T", got, focused(m))
	}
	tab(m, false)
	if focused(m) != white.lang {
		t.Fatalf("Tab after the choice: focus %T, not the copy's notation", focused(m))
	}
	test.Tap(white.result) // the mouse: the list opens, a click on 0-1
	var item fyne.Tappable
	walk(c.Overlays().Top(), func(o fyne.CanvasObject) {
		if it, ok := o.(fyne.Tappable); ok && fmt.Sprintf("%T", o) == "*widget.menuItem" {
			walk(o, func(in fyne.CanvasObject) {
				if t, ok := in.(*canvas.Text); ok && t.Text == "0-1" {
					item = it
				}
			})
		}
	})
	if item == nil {
		t.Fatal("no item 0-1 in the open list")
	}
	test.Tap(item)
	if got := s.Game().Copies[sheet.WhiteCopy].Result; got != "0-1" || focused(m) != m.gv.entry {
		t.Fatalf("a click: result %q, focus %T", got, focused(m))
	}
	c.Focus(white.lang)
	typeText(m, "e4")
	if focused(m) != m.gv.entry || m.gv.entry.Text != "e4" {
		t.Fatalf("typed on a choice: focus %T, cell %q", focused(m), m.gv.entry.Text)
	}
}
