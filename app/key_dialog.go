package app

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keyDialog is a dialog that Enter confirms and Escape cancels, whatever
// in it has the focus: its entries, its choices, its buttons, or nothing
// (Fyne's dialogs take no keys; an arbiter with both hands on the keyboard
// must not have to reach for the mouse, nor find that the keys typed after
// a dialog went nowhere). When the last dialog closes, the focus goes back
// to the cell being typed.
type keyDialog struct {
	m       *mainWindow
	d       *dialog.CustomDialog
	ok      func() error // nil: the dialog only informs; Enter closes it
	inside  func() bool  // OK done within the dialog, which stays open (a chooser goes into a folder)
	cancel  func()
	errMsg  *widget.Label // why OK was refused; the dialog stays open
	okBtn   *keyButton
	focus   fyne.Focusable    // the field that has the focus when it opens
	content fyne.CanvasObject // what it shows above its buttons
	closed  bool
}

// dialogSpec says what a keyDialog shows and does.
type dialogSpec struct {
	title, okText, cancelText string // cancelText "": no Cancel button
	content                   fyne.CanvasObject
	ok                        func() error // run on OK; an error keeps the dialog open and is shown in it
	inside                    func() bool  // run first on OK: true when OK was done within the dialog (it stays open)
	cancel                    func()       // run on Cancel or Escape (may be nil)
	focus                     fyne.Focusable
	danger                    bool // OK does what cannot be undone
	minWidth                  float32
}

// showDialog shows a keyDialog over the window.
func (m *mainWindow) showDialog(sp dialogSpec) *keyDialog {
	kd := &keyDialog{m: m, ok: sp.ok, inside: sp.inside, cancel: sp.cancel, focus: sp.focus, content: sp.content}
	kd.errMsg = wrapped(widget.NewLabel(""))
	kd.errMsg.Importance = widget.DangerImportance
	kd.errMsg.Hide()
	content := sp.content
	if sp.minWidth > 0 {
		w := canvas.NewRectangle(color.Transparent)
		w.SetMinSize(fyne.NewSize(sp.minWidth, 0))
		content = container.NewStack(w, content)
	}
	kd.d = dialog.NewCustomWithoutButtons(sp.title, container.NewBorder(nil, kd.errMsg, nil, nil, content), m.win)
	var buttons []fyne.CanvasObject
	if sp.cancelText != "" {
		buttons = append(buttons, newKeyButton(kd, sp.cancelText, theme.CancelIcon(), kd.dismiss))
	}
	kd.okBtn = newKeyButton(kd, sp.okText, theme.ConfirmIcon(), kd.confirm)
	kd.okBtn.Importance = widget.HighImportance
	if sp.danger {
		kd.okBtn.Importance = widget.DangerImportance
	}
	buttons = append(buttons, kd.okBtn)
	kd.d.SetButtons(buttons)
	m.dialogs = append(m.dialogs, kd)
	kd.d.Show()
	if sp.focus != nil {
		m.win.Canvas().Focus(sp.focus)
	}
	return kd
}

// confirm runs OK; the dialog closes unless OK refuses. It is closed
// first: what OK opens (the question before replacing a file, a progress
// bar) must go over the window, Fyne takes away with a dialog every
// overlay opened above it, and work OK starts off the UI thread must find
// the closing done.
func (kd *keyDialog) confirm() {
	if kd.closed || kd.inside != nil && kd.inside() {
		return
	}
	kd.d.Hide()
	kd.close()
	if kd.ok == nil {
		return
	}
	if err := kd.ok(); err != nil { // refused: open again, saying why
		kd.closed = false
		kd.m.dialogs = append(kd.m.dialogs, kd)
		kd.errMsg.SetText(errText(err))
		kd.errMsg.Show()
		kd.d.Show()
		if kd.focus != nil {
			kd.m.win.Canvas().Focus(kd.focus)
		}
	}
}

// say shows why what was asked is not done (nil: takes it away); the
// dialog stays open.
func (kd *keyDialog) say(err error) {
	if err == nil {
		kd.errMsg.Hide()
		return
	}
	kd.errMsg.SetText(errText(err))
	kd.errMsg.Show()
}

// dismiss closes the dialog without doing anything.
func (kd *keyDialog) dismiss() {
	if kd.closed {
		return
	}
	kd.d.Hide()
	kd.close()
	if kd.cancel != nil {
		kd.cancel()
	}
}

// close takes the (hidden) dialog off the stack; the focus goes back to
// the dialog below (its first field: a chooser opened from it chose a
// folder), or to the cell when no dialog is left.
func (kd *keyDialog) close() {
	kd.closed = true
	m := kd.m
	if i := slices.Index(m.dialogs, kd); i >= 0 {
		m.dialogs = slices.Delete(m.dialogs, i, i+1)
	}
	switch {
	case len(m.dialogs) > 0:
		if below := m.dialogs[len(m.dialogs)-1]; below.focus != nil {
			m.win.Canvas().Focus(below.focus)
		}
	case m.gv != nil && m.s.Game() != nil:
		m.gv.focus()
	}
}

// dialogKey is Enter or Escape typed in the top dialog; it reports
// whether the key was one of them.
func (m *mainWindow) dialogKey(k *fyne.KeyEvent) bool {
	if len(m.dialogs) == 0 {
		return false
	}
	return runKey(inDialog, plain(k.Name), m.dialogs[len(m.dialogs)-1].handlers())
}

// handlers are what a dialog's keys do.
func (kd *keyDialog) handlers() map[keyAction]keyHandler {
	return map[keyAction]keyHandler{actOK: always(kd.confirm), actCancel: always(kd.dismiss)}
}

// message shows a text with one button; Enter and Escape close it.
func (m *mainWindow) message(title, text string) *keyDialog {
	return m.showDialog(dialogSpec{title: title, okText: T("ui.ok"), content: wrapped(widget.NewLabel(text)), minWidth: 360})
}

// keyButton is a dialog's button: Enter presses it (as Space does),
// Escape cancels the dialog.
type keyButton struct {
	widget.Button
	kd *keyDialog
}

func newKeyButton(kd *keyDialog, text string, icon fyne.Resource, tapped func()) *keyButton {
	b := &keyButton{kd: kd}
	b.Text, b.Icon, b.OnTapped = text, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey: OK's key (Enter) presses the button, whichever it is.
func (b *keyButton) TypedKey(k *fyne.KeyEvent) {
	handlers := map[keyAction]keyHandler{actOK: always(b.OnTapped), actCancel: always(b.kd.dismiss)}
	if !runKey(inDialog, plain(k.Name), handlers) {
		b.Button.TypedKey(k)
	}
}

// dialogEntry is a one-line entry in a dialog: Enter confirms the dialog,
// Escape cancels it.
type dialogEntry struct {
	widget.Entry
	m *mainWindow
}

func newDialogEntry(m *mainWindow, text string) *dialogEntry {
	e := &dialogEntry{m: m}
	e.ExtendBaseWidget(e)
	e.SetText(text)
	e.CursorColumn = len([]rune(text)) // typing goes on after what is there
	return e
}

func (e *dialogEntry) TypedKey(k *fyne.KeyEvent) {
	if e.m != nil && e.m.dialogKey(k) {
		return
	}
	e.Entry.TypedKey(k)
}

// dialogSelect is a choice in a dialog: Enter confirms the dialog, Escape
// cancels it (its open list takes them first).
type dialogSelect struct {
	widget.Select
	m *mainWindow
}

func newDialogSelect(m *mainWindow, options []string) *dialogSelect {
	s := &dialogSelect{m: m}
	s.Options = options
	s.ExtendBaseWidget(s)
	return s
}

func (s *dialogSelect) TypedKey(k *fyne.KeyEvent) {
	if s.m.dialogKey(k) {
		return
	}
	s.Select.TypedKey(k)
}
