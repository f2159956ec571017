package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// cellEntry is the one text entry of the window: it sits in the cell
// under the cursor. Its keys (Enter, Tab and Space confirm the cell and
// go to the next, ...) are the key table's (keys.go); the shortcuts go to
// the window.
type cellEntry struct {
	widget.Entry
	shift bool
	keys  cellKeys
	// fresh: the entry got the focus after the last key it saw. The
	// desktop driver gives a key to the widget focused when it goes down
	// and its character to the one focused after: Space on a button that
	// puts the focus here (a check's arrow after Ctrl+K, a candidate, a
	// dialog's OK) sends its " " to the cell, which would confirm the
	// cell and move the cursor one half-move on. That space is the
	// button's, not the cell's.
	fresh bool
	// afterKey runs after each key and rune the cell handled (the key
	// log, debug.go); nil: nothing.
	afterKey func()
}

// cellKeys is what the entry asks of the window.
type cellKeys interface {
	key(c chord) bool              // a key of the cell (keys.go): true when it was one
	shortcut(s fyne.Shortcut) bool // true when handled
}

func newCellEntry(k cellKeys) *cellEntry {
	e := &cellEntry{keys: k}
	e.ExtendBaseWidget(e)
	return e
}

// AcceptsTab keeps Tab and Shift+Tab in the entry, not focus traversal.
func (e *cellEntry) AcceptsTab() bool { return true }

func (e *cellEntry) FocusGained() {
	e.fresh = true
	e.Entry.FocusGained()
}

func (e *cellEntry) KeyDown(k *fyne.KeyEvent) {
	e.fresh = false
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = true
	}
	e.Entry.KeyDown(k)
}

func (e *cellEntry) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = false
	}
	e.Entry.KeyUp(k)
}

func (e *cellEntry) FocusLost() {
	e.shift, e.fresh = false, false
	e.Entry.FocusLost()
}

func (e *cellEntry) TypedRune(r rune) {
	if e.afterKey != nil {
		defer e.afterKey()
	}
	fresh := e.fresh
	e.fresh = false
	if r == ' ' && fresh {
		return // the character of a Space another widget took (see fresh)
	}
	if r == ' ' && e.keys.key(plain(fyne.KeySpace)) {
		return
	}
	e.Entry.TypedRune(r)
}

func (e *cellEntry) TypedKey(k *fyne.KeyEvent) {
	// A key that types a character (a letter, Space) is one key with its
	// rune: it is counted there (afterKey), after both.
	if e.afterKey != nil && len(k.Name) > 1 && k.Name != fyne.KeySpace && !modifierKeys[k.Name] {
		defer e.afterKey()
	}
	e.fresh = false
	c := plain(k.Name)
	if e.shift {
		c = withShift(k.Name)
	}
	// Space is the cell's as a rune (TypedRune), not as a key.
	if k.Name != fyne.KeySpace && e.keys.key(c) {
		return
	}
	e.Entry.TypedKey(k)
}

// atStart and atEnd: the caret is at the start, the end of the text.
func (e *cellEntry) atStart() bool { return e.CursorColumn == 0 }
func (e *cellEntry) atEnd() bool   { return e.CursorColumn >= len([]rune(e.Text)) }

func (e *cellEntry) TypedShortcut(s fyne.Shortcut) {
	e.fresh = false
	if e.keys.shortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// modifierKeys are keys that only change others (their TypedKey comes
// when they go down).
var modifierKeys = map[fyne.KeyName]bool{
	desktop.KeyShiftLeft: true, desktop.KeyShiftRight: true, desktop.KeyControlLeft: true, desktop.KeyControlRight: true,
	desktop.KeyAltLeft: true, desktop.KeyAltRight: true, desktop.KeySuperLeft: true, desktop.KeySuperRight: true,
}

// typeRune types a rune that was typed elsewhere for the cell (the window
// with nothing focused, the navigator): it is the cell's, space or not.
func (e *cellEntry) typeRune(r rune) {
	e.fresh = false
	e.TypedRune(r)
}

// setQuiet sets the text without telling OnChanged, the caret at the end.
func (e *cellEntry) setQuiet(text string) {
	f := e.OnChanged
	e.OnChanged = nil
	e.SetText(text)
	e.CursorColumn = len([]rune(text))
	e.CursorRow = 0
	e.Refresh()
	e.OnChanged = f
}

// leaveEntry is an entry that reports when focus leaves it (the header
// fields are saved then, as one undo step).
type leaveEntry struct {
	widget.Entry
	onLeave  func()
	shortcut func(fyne.Shortcut) bool // the window's keys (Ctrl+E, Ctrl+PageDown, ...)
}

// TypedShortcut passes the window's keys on; the entry keeps its own
// (copy, paste, undo of the text typed).
func (e *leaveEntry) TypedShortcut(s fyne.Shortcut) {
	if _, custom := s.(*desktop.CustomShortcut); custom && e.shortcut != nil && e.shortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

func newLeaveEntry(onLeave func()) *leaveEntry {
	e := &leaveEntry{onLeave: onLeave}
	e.ExtendBaseWidget(e)
	e.OnSubmitted = func(string) { onLeave() }
	return e
}

func (e *leaveEntry) FocusLost() {
	e.Entry.FocusLost()
	if e.onLeave != nil {
		e.onLeave()
	}
}

// tapArea makes any object tappable.
type tapArea struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onTap   func()
}

func newTapArea(content fyne.CanvasObject, onTap func()) *tapArea {
	t := &tapArea{content: content, onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

func (t *tapArea) Tapped(*fyne.PointEvent) {
	if t.onTap != nil {
		t.onTap()
	}
}

func (t *tapArea) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(t.content)
}
