package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Every key of the key table (keys.go) works from any focus: the cell,
// a header field, the navigator, a choice, or nothing (after a click on a
// label). Fyne gives a shortcut to the focused widget when it takes
// shortcuts (an entry), else to the canvas: so the window's and the
// cell's shortcuts are registered on the canvas and the app's entries
// pass on the shortcuts they do not handle themselves (cellEntry via
// gameView.shortcut, leaveEntry via gameView.onShortcut).

// windowHandlers are what the window's keys do; which key does which is
// the key table's.
func (m *mainWindow) windowHandlers() map[keyAction]keyHandler {
	return map[keyAction]keyHandler{
		actNextBoard:   always(func() { m.stepBoard(1) }),
		actPrevBoard:   always(func() { m.stepBoard(-1) }),
		actToCell:      always(func() { m.gv.focus() }),
		actToHeader:    always(func() { m.win.Canvas().Focus(m.gv.header.white) }),
		actToNavigator: always(func() { m.win.Canvas().Focus(m.nav) }),
		actNextCheck:   always(func() { m.gv.stepCheck(1) }),
		actPrevCheck:   always(func() { m.gv.stepCheck(-1) }),
		actNextControl: always(func() { m.gv.leave(true) }),
		actPrevControl: always(func() { m.gv.leave(false) }),
	}
}

// modal reports whether a dialog (or a file chooser, a progress bar)
// is over the window: the window's keys then wait.
func (m *mainWindow) modal() bool {
	return len(m.dialogs) > 0 || m.win.Canvas().Overlays().Top() != nil
}

// addShortcuts registers the cell's and the window's shortcuts on the
// canvas, where they arrive when no entry has the focus.
func (m *mainWindow) addShortcuts() {
	c := m.win.Canvas()
	for _, b := range bindings {
		if b.Fyne || b.Where != inCell && b.Where != inWindow {
			continue
		}
		for _, k := range b.Keys {
			if k.isShortcut() {
				c.AddShortcut(k.shortcut(), func(s fyne.Shortcut) {
					if !m.modal() {
						m.gv.shortcut(s)
					}
				})
			}
		}
	}
	c.SetOnTypedKey(m.typedKey)
	c.SetOnTypedRune(m.typedRune)
}

// shortcut does a window shortcut typed anywhere; it reports whether s is
// one (under a dialog it is, and waits).
func (m *mainWindow) shortcut(s fyne.Shortcut) bool {
	c, ok := chordOf(s)
	if !ok {
		return false
	}
	if _, ok := bindingFor(inWindow, c); !ok {
		return false
	}
	return m.modal() || runKey(inWindow, c, m.windowHandlers())
}

// typedKey gets the keys typed while nothing has the focus: Enter and
// Escape close the top dialog; without a dialog the key goes to the cell
// (after a click on the board or a label the typing goes on).
func (m *mainWindow) typedKey(k *fyne.KeyEvent) {
	if m.dialogKey(k) || m.modal() || m.s.Game() == nil {
		return
	}
	m.gv.focus()
	m.gv.entry.TypedKey(k)
}

func (m *mainWindow) typedRune(r rune) {
	if m.modal() || m.s.Game() == nil {
		return
	}
	m.gv.focus()
	m.gv.entry.typeRune(r)
}

// navTree is the navigator: a click on a board opens it with the cursor
// in its first empty cell and the focus there, ready to type (the tree
// takes the focus after it reports the selection, so the board opened
// asks it to pass the focus on). Enter opens the board under the
// keyboard focus as Space does; Escape goes back to the cell.
type navTree struct {
	widget.Tree
	m           *mainWindow
	passFocusOn bool // a board was just opened from the tree
}

func (t *navTree) FocusGained() {
	if t.passFocusOn {
		t.passFocusOn = false
		t.m.gv.focus()
		return
	}
	t.Tree.FocusGained()
}

func (t *navTree) TypedKey(k *fyne.KeyEvent) {
	if runKey(inNavigator, plain(k.Name), t.handlers()) {
		return
	}
	t.Tree.TypedKey(k)
	t.passFocusOn = false // the keyboard opened it: the tree keeps no focus to pass on
}

// handlers are what the navigator's keys do: Enter opens the board as
// Space does in Fyne's tree.
func (t *navTree) handlers() map[keyAction]keyHandler {
	return map[keyAction]keyHandler{
		actOpenBoard: always(func() {
			t.Tree.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
			t.passFocusOn = false
		}),
		actToCell: always(func() { t.m.gv.focus() }),
	}
}

// TypedRune: the navigator has no type-ahead, so what is typed there
// belongs to the cell; but for the space of Space, which the tree took
// (it opened the board).
func (t *navTree) TypedRune(r rune) {
	if r == ' ' {
		return
	}
	t.m.gv.focus()
	t.m.gv.entry.typeRune(r)
}
