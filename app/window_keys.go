package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Every key of the README's Keys table works from any focus: the cell,
// a header field, the navigator, a choice, or nothing (after a click on a
// label). Fyne gives a shortcut to the focused widget when it takes
// shortcuts (an entry), else to the canvas: so the window's keys are
// registered on the canvas and the app's entries pass on the shortcuts
// they do not handle themselves (cellEntry via gameView.shortcut,
// leaveEntry via gameView.onShortcut).

// windowKey is a window shortcut and what it does.
type windowKey struct {
	sc fyne.Shortcut
	do func()
}

func ctrlKey(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl}
}

// windowKeys are the shortcuts of the window itself (the menu's own are
// on its items).
func (m *mainWindow) windowKeys() []windowKey {
	return []windowKey{
		{ctrlKey(fyne.KeyPageDown), func() { m.stepBoard(1) }},
		{ctrlKey(fyne.KeyPageUp), func() { m.stepBoard(-1) }},
		{ctrlKey(fyne.KeyE), func() { m.gv.focus() }},
		{ctrlKey(fyne.KeyH), func() { m.win.Canvas().Focus(m.gv.header.white) }},
		{ctrlKey(fyne.KeyL), func() { m.win.Canvas().Focus(m.nav) }},
		{ctrlKey(fyne.KeyK), func() { m.gv.stepCheck(1) }},
		{&desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift}, func() { m.gv.stepCheck(-1) }},
	}
}

// cellShortcuts are the shortcuts gameView.shortcut handles: on the
// canvas too, so that they work when no entry has the focus.
func cellShortcuts() []fyne.Shortcut {
	cs := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift}
	}
	out := []fyne.Shortcut{
		&fyne.ShortcutUndo{}, &fyne.ShortcutRedo{}, ctrlKey(fyne.KeyD), ctrlKey(fyne.KeyJ), ctrlKey(fyne.KeyR),
		cs(fyne.KeyZ), cs(fyne.KeyReturn), cs(fyne.KeyEnter), cs(fyne.KeyBackspace), cs(fyne.KeyDelete),
		ctrlKey(fyne.KeyTab), cs(fyne.KeyTab),
	}
	for k := fyne.Key1; k <= fyne.Key9; k = fyne.KeyName(rune(k[0]) + 1) {
		out = append(out, ctrlKey(k))
	}
	return out
}

// modal reports whether a dialog (or a file chooser, a progress bar)
// is over the window: the window's keys then wait.
func (m *mainWindow) modal() bool {
	return len(m.dialogs) > 0 || m.win.Canvas().Overlays().Top() != nil
}

func (m *mainWindow) addShortcuts() {
	c := m.win.Canvas()
	for _, k := range m.windowKeys() {
		c.AddShortcut(k.sc, func(s fyne.Shortcut) { m.shortcut(s) })
	}
	for _, sc := range cellShortcuts() {
		c.AddShortcut(sc, func(s fyne.Shortcut) {
			if !m.modal() {
				m.gv.shortcut(s)
			}
		})
	}
	c.SetOnTypedKey(m.typedKey)
	c.SetOnTypedRune(m.typedRune)
}

// shortcut does a window shortcut typed anywhere; it reports whether s is
// one.
func (m *mainWindow) shortcut(s fyne.Shortcut) bool {
	for _, k := range m.windowKeys() {
		if k.sc.ShortcutName() == s.ShortcutName() {
			if !m.modal() {
				k.do()
			}
			return true
		}
	}
	return false
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
	switch k.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		k = &fyne.KeyEvent{Name: fyne.KeySpace}
	case fyne.KeyEscape:
		t.m.gv.focus()
		return
	}
	t.Tree.TypedKey(k)
	t.passFocusOn = false // the keyboard opened it: the tree keeps no focus to pass on
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
