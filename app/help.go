package app

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// askArbiter asks for the arbiter's name, which decisions are signed with.
func (m *mainWindow) askArbiter() *keyDialog {
	e := newDialogEntry(m, m.s.Arbiter)
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.arbiter"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: widget.NewForm(widget.NewFormItem(T("ui.arbiter"), e)), focus: e, minWidth: 360,
		ok: func() error {
			if name := strings.TrimSpace(e.Text); name != "" {
				m.s.Arbiter = name
				m.app.Preferences().SetString(prefArbiter, name)
			}
			return nil
		},
	})
}

// keyRows are Help's rows, drawn from the key table (keys.go) in the UI
// language: for each context its heading (a row without words), the
// rows of its bindings, then its notes.
func keyRows() [][2]string {
	var rows [][2]string
	for _, where := range keyContexts {
		rows = append(rows, [2]string{where.heading(), ""})
		rows = append(rows, bindingRows(where)...)
		for _, n := range keyNotes {
			if n.Where == where {
				rows = append(rows, [2]string{T(n.Typed), T(n.Words)})
			}
		}
	}
	return rows
}

// bindingRows are a context's rows: the bindings with the same words
// share one, in the table's order.
func bindingRows(where keyContext) [][2]string {
	var words []string
	same := map[string][]binding{}
	for _, b := range bindings {
		if b.Where != where {
			continue
		}
		if _, ok := same[b.Words]; !ok {
			words = append(words, b.Words)
		}
		same[b.Words] = append(same[b.Words], b)
	}
	var rows [][2]string
	for _, w := range words {
		rows = append(rows, [2]string{rowKeys(same[w]), T(w)})
	}
	return rows
}

// rowKeys says a row's keys: the keys of one action joined by commas (a
// run of more than three as its first and last: "Ctrl+1 … Ctrl+9"), the
// actions by slashes ("Ctrl+PageDown / Ctrl+PageUp").
func rowKeys(bs []binding) string {
	var actions []keyAction
	names := map[keyAction][]string{}
	for _, b := range bs {
		if _, ok := names[b.Action]; !ok {
			actions = append(actions, b.Action)
		}
		for _, c := range b.Keys {
			if n := c.words(); !slices.Contains(names[b.Action], n) {
				names[b.Action] = append(names[b.Action], n)
			}
		}
	}
	var out []string
	for _, a := range actions {
		ns := names[a]
		if len(ns) > 3 {
			out = append(out, ns[0]+" … "+ns[len(ns)-1])
			continue
		}
		out = append(out, strings.Join(ns, ", "))
	}
	return strings.Join(out, " / ")
}

// keysTable draws the keys table: the keys in bold on the left, what they
// do beside them, the headings across. Plain text, not labels: labels'
// padding would make the table taller than a laptop's screen. What a key
// does is cut into lines at most width wide (no cut when width <= 0), so
// that the table fits the window's width.
func keysTable(width float32) fyne.CanvasObject {
	var objs []fyne.CanvasObject
	text := func(s string, bold bool) *canvas.Text {
		t := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
		t.TextStyle.Bold = bold
		return t
	}
	rows := keyRows()
	col0 := float32(0)
	for _, r := range rows {
		col0 = max(col0, text(r[0], true).MinSize().Width)
	}
	for _, r := range rows {
		if r[1] == "" { // a heading
			objs = append(objs, text(r[0], true), layout.NewSpacer())
			continue
		}
		for i, line := range wrapWords(r[1], width-col0-keysGap) {
			keys := r[0]
			if i > 0 {
				keys = "" // the same key's words, on
			}
			objs = append(objs, text(keys, true), text(line, false))
		}
	}
	return container.New(keysLayout{}, objs...)
}

// wrapWords cuts s at spaces into lines at most width wide in the
// theme's text (a word wider than that is a line of its own); s whole
// when width <= 0.
func wrapWords(s string, width float32) []string {
	words := strings.Fields(s)
	if width <= 0 || len(words) == 0 {
		return []string{s}
	}
	size := theme.TextSize()
	var lines []string
	line := words[0]
	for _, w := range words[1:] {
		if fyne.MeasureText(line+" "+w, size, fyne.TextStyle{}).Width > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line += " " + w
	}
	return append(lines, line)
}

// keysLayout lays out pairs of objects as rows of two columns, the first
// as wide as its widest object, the rows tight (24 rows fit 768 pixels).
type keysLayout struct{}

const keysGap = 24 // between the columns

// keysRoom is what Help -> Keys leaves of the window's width beside the
// table: the dialog's margins and the scroll bar.
const keysRoom = 160

func (keysLayout) sizes(objs []fyne.CanvasObject) (col0, col1, row float32) {
	for i, o := range objs {
		ms := o.MinSize()
		if i%2 == 0 {
			col0 = max(col0, ms.Width)
		} else {
			col1 = max(col1, ms.Width)
		}
		row = max(row, ms.Height)
	}
	return col0, col1, row + 4
}

func (l keysLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	col0, col1, row := l.sizes(objs)
	return fyne.NewSize(col0+keysGap+col1, row*float32((len(objs)+1)/2))
}

func (l keysLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	col0, _, row := l.sizes(objs)
	for i, o := range objs {
		x := float32(0)
		if i%2 == 1 {
			x = col0 + keysGap
		}
		o.Move(fyne.NewPos(x, row*float32(i/2)))
		o.Resize(fyne.NewSize(o.MinSize().Width, row))
	}
}

// showKeys shows the whole keys table, scrolling only on a
// screen too small for it.
func (m *mainWindow) showKeys() *keyDialog {
	win := m.win.Canvas().Size()
	table := keysTable(win.Width - keysRoom)
	scroll := container.NewScroll(table)
	size := table.MinSize().AddWidthHeight(keysGap, 0) // the scroll bar stands over the right edge
	if win.Width > 0 && win.Height > 0 {
		size = fyne.NewSize(min(size.Width, win.Width-80), min(size.Height, win.Height-140))
	}
	scroll.SetMinSize(size)
	return m.showDialog(dialogSpec{title: T("ui.menu.keys"), okText: T("ui.ok"), content: scroll})
}

// showAbout says what the app is, its version and the event file open.
func (m *mainWindow) showAbout() *keyDialog {
	md := m.app.Metadata()
	text := T("ui.about.text", map[string]any{"Name": Name, "Version": md.Version, "Path": m.s.Store().Location()})
	return m.message(T("ui.menu.about"), text)
}
