package app

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The one key table: which key does what, where, and the words that say
// it. The menu's shortcuts, the window's canvas shortcuts, the cell's
// keys, the navigator's, the dialogs' and the file list's are all read
// from bindings; what an action does is a handler beside the code it
// runs (gameView.cellHandlers, mainWindow.windowHandlers, the menu, ...).
// Help -> Keys and the keys table of docs/ are drawn from the same list
// (keyRows), so a key cannot work without being told, nor be told
// without working (keys_test.go).

// keyContext is where a key is dispatched.
type keyContext int

const (
	inCell      keyContext = iota // the cell's entry; its shortcuts (Ctrl+…) from any focus
	inWindow                      // from any focus: the canvas, and the entries pass them on
	inMenu                        // the menu items' shortcuts (Fyne's menu runs them)
	inNavigator                   // the navigator has the focus
	inDialog                      // a dialog is open: in its fields, on its buttons, or nothing focused
	inFileList                    // the file chooser's list has the focus
)

// keyContexts are the contexts in the order Help shows them.
var keyContexts = []keyContext{inCell, inWindow, inMenu, inNavigator, inDialog, inFileList}

var contextNames = [...]string{"cell", "window", "menu", "navigator", "dialog", "filelist"}

func (c keyContext) String() string { return contextNames[c] }

// heading is the context's heading in Help, in the UI language.
func (c keyContext) heading() string { return T("ui.keys.group." + c.String()) }

// keyAction names what a key does; its handler is beside the code it
// runs.
type keyAction string

const (
	actNext        keyAction = "next"          // confirm the cell, go to the next
	actPrev        keyAction = "prev"          // the previous cell
	actPrevAtStart keyAction = "prev-at-start" // the previous cell when the caret is at the text's start
	actNextAtEnd   keyAction = "next-at-end"   // the next cell when the caret is at the text's end
	actUp          keyAction = "up"
	actDown        keyAction = "down"
	actSwitchCopy  keyAction = "switch-copy"
	actDraw        keyAction = "draw"
	actUndo        keyAction = "undo"
	actRedo        keyAction = "redo"
	actInsertCell  keyAction = "insert-cell"
	actDeleteCell  keyAction = "delete-cell"
	actCandidate   keyAction = "candidate" // Ctrl+digit: the candidate of that number
	actRealign     keyAction = "realign"
	actWriteKept   keyAction = "write-not-saved" // write the text refused and kept into its cell after all
	actDropKept    keyAction = "drop-not-saved"  // drop it

	actNextBoard   keyAction = "next-board"
	actPrevBoard   keyAction = "prev-board"
	actToNavigator keyAction = "to-navigator"
	actToHeader    keyAction = "to-header"
	actToCell      keyAction = "to-cell"
	actNextControl keyAction = "next-control"
	actPrevControl keyAction = "prev-control"
	actNextCheck   keyAction = "next-check"
	actPrevCheck   keyAction = "prev-check"

	actNewEvent      keyAction = "new-event"
	actOpenEvent     keyAction = "open-event"
	actEventSettings keyAction = "event-settings"
	actAddBoard      keyAction = "add-board"
	actMark          keyAction = "mark"
	actImport        keyAction = "import"

	actOpenBoard keyAction = "open-board"

	actOK     keyAction = "ok"
	actCancel keyAction = "cancel"

	actChoosePrev     keyAction = "choose-prev"
	actChooseNext     keyAction = "choose-next"
	actChooseFirst    keyAction = "choose-first"
	actChooseLast     keyAction = "choose-last"
	actChoosePageUp   keyAction = "choose-page-up"
	actChoosePageDown keyAction = "choose-page-down"
	actOpenItem       keyAction = "open-item"
	actFolderUp       keyAction = "folder-up"
)

// chord is a key with the modifiers held.
type chord struct {
	Mod fyne.KeyModifier
	Key fyne.KeyName
}

func plain(k fyne.KeyName) chord     { return chord{Key: k} }
func withShift(k fyne.KeyName) chord { return chord{fyne.KeyModifierShift, k} }
func withCtrl(k fyne.KeyName) chord  { return chord{fyne.KeyModifierControl, k} }
func withCtrlShift(k fyne.KeyName) chord {
	return chord{fyne.KeyModifierControl | fyne.KeyModifierShift, k}
}

// binding is one line of the table: keys (alternatives) that do one
// action in one context. Words is the locale key of what it does in Help;
// the bindings of a context with the same words share Help's row.
// Fyne: the key is Fyne's own (Tab's focus traversal), told in Help but
// neither registered nor dispatched here.
type binding struct {
	Where  keyContext
	Keys   []chord
	Action keyAction
	Words  string
	Fyne   bool
}

// bindings is THE declaration of the keys.
var bindings = []binding{
	{Where: inCell, Keys: []chord{plain(fyne.KeyReturn), plain(fyne.KeyEnter), plain(fyne.KeyTab), plain(fyne.KeySpace)}, Action: actNext, Words: "ui.keys.cell.next"},
	{Where: inCell, Keys: []chord{withShift(fyne.KeyTab)}, Action: actPrev, Words: "ui.keys.cell.prev"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyLeft)}, Action: actPrevAtStart, Words: "ui.keys.cell.leftright"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyRight)}, Action: actNextAtEnd, Words: "ui.keys.cell.leftright"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyUp)}, Action: actUp, Words: "ui.keys.cell.updown"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyDown)}, Action: actDown, Words: "ui.keys.cell.updown"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyF6), withCtrl(fyne.KeyJ)}, Action: actSwitchCopy, Words: "ui.keys.cell.switch"},
	{Where: inCell, Keys: []chord{withCtrl(fyne.KeyD)}, Action: actDraw, Words: "ui.keys.cell.draw"},
	{Where: inCell, Keys: []chord{withCtrl(fyne.KeyZ)}, Action: actUndo, Words: "ui.keys.cell.undo"},
	{Where: inCell, Keys: []chord{withCtrl(fyne.KeyY), withCtrlShift(fyne.KeyZ)}, Action: actRedo, Words: "ui.keys.cell.redo"},
	{Where: inCell, Keys: []chord{withCtrlShift(fyne.KeyReturn), withCtrlShift(fyne.KeyEnter)}, Action: actInsertCell, Words: "ui.keys.cell.insert"},
	{Where: inCell, Keys: []chord{withCtrlShift(fyne.KeyBackspace), withCtrlShift(fyne.KeyDelete)}, Action: actDeleteCell, Words: "ui.keys.cell.delete"},
	{Where: inCell, Keys: []chord{withCtrl(fyne.Key1), withCtrl(fyne.Key2), withCtrl(fyne.Key3), withCtrl(fyne.Key4), withCtrl(fyne.Key5),
		withCtrl(fyne.Key6), withCtrl(fyne.Key7), withCtrl(fyne.Key8), withCtrl(fyne.Key9)}, Action: actCandidate, Words: "ui.keys.cell.candidate"},
	{Where: inCell, Keys: []chord{withCtrl(fyne.KeyR)}, Action: actRealign, Words: "ui.keys.cell.realign"},
	{Where: inCell, Keys: []chord{plain(fyne.KeyF8)}, Action: actWriteKept, Words: "ui.keys.cell.notsaved"},
	{Where: inCell, Keys: []chord{withShift(fyne.KeyF8)}, Action: actDropKept, Words: "ui.keys.cell.notsaved"},

	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyPageDown)}, Action: actNextBoard, Words: "ui.keys.window.boards"},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyPageUp)}, Action: actPrevBoard, Words: "ui.keys.window.boards"},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyL)}, Action: actToNavigator, Words: "ui.keys.window.focus"},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyH)}, Action: actToHeader, Words: "ui.keys.window.focus"},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyE)}, Action: actToCell, Words: "ui.keys.window.focus"},
	{Where: inWindow, Keys: []chord{plain(fyne.KeyTab)}, Action: actNextControl, Words: "ui.keys.window.controls", Fyne: true},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyTab)}, Action: actNextControl, Words: "ui.keys.window.controls"},
	{Where: inWindow, Keys: []chord{withShift(fyne.KeyTab)}, Action: actPrevControl, Words: "ui.keys.window.controls", Fyne: true},
	{Where: inWindow, Keys: []chord{withCtrlShift(fyne.KeyTab)}, Action: actPrevControl, Words: "ui.keys.window.controls"},
	{Where: inWindow, Keys: []chord{withCtrl(fyne.KeyK)}, Action: actNextCheck, Words: "ui.keys.window.checks"},
	{Where: inWindow, Keys: []chord{withCtrlShift(fyne.KeyK)}, Action: actPrevCheck, Words: "ui.keys.window.checks"},

	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyN)}, Action: actNewEvent, Words: "ui.keys.menu.newopen"},
	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyO)}, Action: actOpenEvent, Words: "ui.keys.menu.newopen"},
	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyT)}, Action: actEventSettings, Words: "ui.keys.menu.settings"},
	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyB)}, Action: actAddBoard, Words: "ui.keys.menu.addboard"},
	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyM)}, Action: actMark, Words: "ui.keys.menu.mark"},
	{Where: inMenu, Keys: []chord{withCtrl(fyne.KeyI)}, Action: actImport, Words: "ui.keys.menu.import"},

	{Where: inNavigator, Keys: []chord{plain(fyne.KeyReturn), plain(fyne.KeyEnter), plain(fyne.KeySpace)}, Action: actOpenBoard, Words: "ui.keys.navigator.open"},
	{Where: inNavigator, Keys: []chord{plain(fyne.KeyEscape)}, Action: actToCell, Words: "ui.keys.navigator.back"},

	{Where: inDialog, Keys: []chord{plain(fyne.KeyReturn), plain(fyne.KeyEnter)}, Action: actOK, Words: "ui.keys.dialog.okcancel"},
	{Where: inDialog, Keys: []chord{plain(fyne.KeyEscape)}, Action: actCancel, Words: "ui.keys.dialog.okcancel"},

	{Where: inFileList, Keys: []chord{plain(fyne.KeyUp)}, Action: actChoosePrev, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyDown)}, Action: actChooseNext, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyHome)}, Action: actChooseFirst, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyEnd)}, Action: actChooseLast, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyPageUp)}, Action: actChoosePageUp, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyPageDown)}, Action: actChoosePageDown, Words: "ui.keys.filelist.choose"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyReturn), plain(fyne.KeyEnter), plain(fyne.KeySpace)}, Action: actOpenItem, Words: "ui.keys.filelist.open"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyBackspace)}, Action: actFolderUp, Words: "ui.keys.filelist.up"},
	{Where: inFileList, Keys: []chord{plain(fyne.KeyEscape)}, Action: actCancel, Words: "ui.cancel"},
}

// keyNote is a row of Help that is no key: what typed text does (the
// cell reads it), shown after the keys of its context. Typed and Words
// are locale keys.
type keyNote struct {
	Where        keyContext
	Typed, Words string
}

var keyNotes = []keyNote{
	{inCell, "ui.keys.note.draw.typed", "ui.keys.note.draw"},
	{inCell, "ui.keys.note.join.typed", "ui.keys.note.join"},
	{inCell, "ui.keys.note.missing.typed", "ui.keys.note.missing"},
	{inCell, "ui.keys.note.result.typed", "ui.keys.note.result"},
	{inCell, "ui.keys.note.saving.typed", "ui.keys.note.saving"},
	{inFileList, "ui.keys.note.letters.typed", "ui.keys.note.letters"},
}

// keyHandler does a key's action; it reports whether the key was taken
// (the caret's keys, Left and Right, are the entry's own inside the text).
type keyHandler func(c chord) bool

// always is a handler that always takes its key.
func always(f func()) keyHandler { return func(chord) bool { f(); return true } }

// keyTrace, when set, hears every action a key runs (the tests).
var keyTrace func(where keyContext, a keyAction)

func traceKey(where keyContext, a keyAction) {
	if keyTrace != nil {
		keyTrace(where, a)
	}
}

// bindingFor returns the binding of c in a context.
func bindingFor(where keyContext, c chord) (binding, bool) {
	for _, b := range bindings {
		if b.Where == where && slices.Contains(b.Keys, c) {
			return b, true
		}
	}
	return binding{}, false
}

// runKey does what c does in a context, with the context's handlers; it
// reports whether c was taken.
func runKey(where keyContext, c chord, handlers map[keyAction]keyHandler) bool {
	b, ok := bindingFor(where, c)
	if !ok || b.Fyne {
		return false
	}
	h := handlers[b.Action]
	if h == nil {
		return false
	}
	traceKey(where, b.Action)
	return h(c)
}

// menuShortcut is the shortcut of a menu's action, or nil.
func menuShortcut(a keyAction) fyne.Shortcut {
	for _, b := range bindings {
		if b.Where == inMenu && b.Action == a {
			return b.Keys[0].shortcut()
		}
	}
	return nil
}

// shortcut is c as Fyne's driver gives it: Ctrl+Z and Ctrl+Y are its
// undo and redo, other keys with Ctrl are custom shortcuts.
func (c chord) shortcut() fyne.Shortcut {
	switch c {
	case withCtrl(fyne.KeyZ):
		return &fyne.ShortcutUndo{}
	case withCtrl(fyne.KeyY):
		return &fyne.ShortcutRedo{}
	}
	return &desktop.CustomShortcut{KeyName: c.Key, Modifier: c.Mod}
}

// isShortcut: c comes as a shortcut (a modifier other than Shift), not
// as a key.
func (c chord) isShortcut() bool { return c.Mod&^fyne.KeyModifierShift != 0 }

// chordOf is the chord of a shortcut the driver gave; false for the
// entries' own (copy, paste, select all).
func chordOf(s fyne.Shortcut) (chord, bool) {
	switch sc := s.(type) {
	case *fyne.ShortcutUndo:
		return withCtrl(fyne.KeyZ), true
	case *fyne.ShortcutRedo:
		return withCtrl(fyne.KeyY), true
	case *desktop.CustomShortcut:
		return chord{sc.Modifier, sc.KeyName}, true
	}
	return chord{}, false
}

// keyWords are the locale keys of the keys' names; the others (letters,
// digits, F6) are said as they are written on the key.
var keyWords = map[fyne.KeyName]string{
	fyne.KeyReturn: "ui.key.enter", fyne.KeyEnter: "ui.key.enter", fyne.KeyTab: "ui.key.tab", fyne.KeySpace: "ui.key.space",
	fyne.KeyLeft: "ui.key.left", fyne.KeyRight: "ui.key.right", fyne.KeyUp: "ui.key.up", fyne.KeyDown: "ui.key.down",
	fyne.KeyPageUp: "ui.key.pageup", fyne.KeyPageDown: "ui.key.pagedown", fyne.KeyHome: "ui.key.home", fyne.KeyEnd: "ui.key.end",
	fyne.KeyBackspace: "ui.key.backspace", fyne.KeyDelete: "ui.key.delete", fyne.KeyEscape: "ui.key.escape",
}

// words says c in the UI language: "Strg+Umschalt+Eingabe".
func (c chord) words() string {
	var parts []string
	if c.Mod&fyne.KeyModifierControl != 0 {
		parts = append(parts, T("ui.key.ctrl"))
	}
	if c.Mod&fyne.KeyModifierShift != 0 {
		parts = append(parts, T("ui.key.shift"))
	}
	name := string(c.Key)
	if w, ok := keyWords[c.Key]; ok {
		name = T(w)
	}
	return strings.Join(append(parts, name), "+")
}
