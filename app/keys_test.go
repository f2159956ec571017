package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"scoresheet/locales"
)

// The key table's tests: each key is bound once where it is typed, each
// binding is registered and runs its action, and Help says each.

// TestKeysBoundOnce: no key does two things in one context; and the
// shortcuts (Ctrl+…) of the cell, the window and the menu, which all come
// from any focus, are not shared either.
func TestKeysBoundOnce(t *testing.T) {
	seen := map[string]binding{}
	anyFocus := map[chord]binding{}
	for _, b := range bindings {
		if len(b.Keys) == 0 || b.Words == "" || b.Action == "" {
			t.Errorf("%s %s: a binding without keys, words or action", b.Where, b.Action)
		}
		for _, c := range b.Keys {
			k := fmt.Sprintf("%s %v", b.Where, c)
			if was, ok := seen[k]; ok {
				t.Errorf("%s is bound twice in the %s: %s and %s", c.words(), b.Where, was.Action, b.Action)
			}
			seen[k] = b
			if c.isShortcut() && b.Where <= inMenu {
				if was, ok := anyFocus[c]; ok && was.Where != b.Where {
					t.Errorf("%s is the %s's %s and the %s's %s", c.words(), was.Where, was.Action, b.Where, b.Action)
				}
				anyFocus[c] = b
			}
		}
	}
}

// keyStroke gives chord c to the focused widget as Fyne's desktop driver
// does: the key goes down, then the shortcut (the menu first) or the key
// and its character, then it goes up. Nothing focused: the canvas.
func keyStroke(m *mainWindow, c chord) {
	keyable, _ := focused(m).(desktop.Keyable)
	down := []fyne.KeyName{}
	if c.Mod&fyne.KeyModifierShift != 0 {
		down = append(down, desktop.KeyShiftLeft)
	}
	down = append(down, c.Key)
	if keyable != nil {
		for _, k := range down {
			keyable.KeyDown(&fyne.KeyEvent{Name: k})
		}
	}
	switch {
	case c.isShortcut():
		press(m, c.shortcut())
	case c.Key == fyne.KeySpace:
		typeKey(m, c.Key)
		typeText(m, " ")
	default:
		typeKey(m, c.Key)
	}
	if keyable, ok := focused(m).(desktop.Keyable); ok {
		for _, k := range slices.Backward(down) {
			keyable.KeyUp(&fyne.KeyEvent{Name: k})
		}
	}
}

// keyPlace puts a fresh window where a context's keys are typed; it
// returns what to call that place. A context may be reached from more
// than one place.
type keyPlace struct {
	name string
	set  func(t *testing.T, m *mainWindow)
}

var keyPlaces = map[keyContext][]keyPlace{
	inCell:      {{"cell", func(_ *testing.T, m *mainWindow) { m.gv.focus() }}},
	inWindow:    {{"cell", func(_ *testing.T, m *mainWindow) { m.gv.focus() }}},
	inMenu:      {{"cell", func(_ *testing.T, m *mainWindow) { m.gv.focus() }}},
	inNavigator: {{"navigator", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Focus(m.nav) }}},
	inDialog: {
		{"message", func(_ *testing.T, m *mainWindow) { m.message("x", "y") }},
		{"dialog's field", func(_ *testing.T, m *mainWindow) { m.askArbiter() }},
		{"dialog's button", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Focus(m.askArbiter().okBtn) }},
	},
	inFileList: {{"file list", func(t *testing.T, m *mainWindow) {
		m.chooseFile("x", chooserDir(t), []string{".pgn"}, func(string) {})
	}}},
}

// shortcutPlaces: the shortcuts of the cell and the window come from any
// focus (a header field passes on only the custom ones: Ctrl+Z there
// undoes the field's typing).
var shortcutPlaces = []keyPlace{
	{"nothing", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Unfocus() }},
	{"header", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Focus(m.gv.header.black) }},
	{"navigator", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Focus(m.nav) }},
}

// fyneKeyPlace: Fyne's own keys (Tab's focus traversal) are typed in a
// header field, where the app takes none of them.
var fyneKeyPlace = keyPlace{"header", func(_ *testing.T, m *mainWindow) { m.win.Canvas().Focus(m.gv.header.black) }}

func placesOf(b binding, c chord) []keyPlace {
	if b.Fyne {
		return []keyPlace{fyneKeyPlace}
	}
	places := keyPlaces[b.Where]
	if (b.Where == inCell || b.Where == inWindow) && c.isShortcut() {
		for _, p := range shortcutPlaces {
			if _, custom := c.shortcut().(*desktop.CustomShortcut); custom || p.name != "header" {
				places = append(places, p)
			}
		}
	}
	return places
}

// closeDialogs closes what a key opened.
func closeDialogs(m *mainWindow) {
	for len(m.dialogs) > 0 {
		m.dialogs[len(m.dialogs)-1].dismiss()
	}
}

// TestKeysRunTheirAction: every key of the table, typed where it works,
// runs its binding's action (registered on the canvas, the menu, the
// widget); Fyne's own keys run none of the app's. One window a binding.
func TestKeysRunTheirAction(t *testing.T) {
	var heard []string
	keyTrace = func(where keyContext, a keyAction) { heard = append(heard, fmt.Sprintf("%s %s", where, a)) }
	defer func() { keyTrace = nil }()
	for _, b := range bindings {
		t.Run(fmt.Sprintf("%s/%s", b.Where, b.Action), func(t *testing.T) {
			m, _ := newTestWindow(t)
			want := fmt.Sprintf("%s %s", b.Where, b.Action)
			if b.Fyne {
				want = ""
			}
			for _, c := range b.Keys {
				for _, p := range placesOf(b, c) {
					closeDialogs(m)
					p.set(t, m)
					heard = nil
					keyStroke(m, c)
					if got := strings.Join(heard, ", "); got != want {
						t.Errorf("%s typed in the %s ran %q, want %q", c.words(), p.name, got, want)
					}
				}
			}
		})
	}
}

// TestKeysInHelp: Help -> Keys has, in every UI language, each binding's
// words under its context's heading beside its keys, and each note.
func TestKeysInHelp(t *testing.T) {
	defer SetLanguage("en")
	for _, code := range UILanguages {
		SetLanguage(code)
		rows := keyRows()
		for _, b := range bindings {
			row, ok := helpRow(rows, b.Where.heading(), T(b.Words))
			if !ok {
				t.Errorf("%s: no row %q under %q", code, T(b.Words), b.Where.heading())
				continue
			}
			for _, c := range b.Keys {
				if !strings.Contains(row[0], c.words()) && !inRun(row[0], b.Keys, c) {
					t.Errorf("%s: the row %q does not say %s", code, row[0], c.words())
				}
			}
		}
		for _, n := range keyNotes {
			if row, ok := helpRow(rows, n.Where.heading(), T(n.Words)); !ok || row[0] != T(n.Typed) {
				t.Errorf("%s: no note %q under %q", code, T(n.Typed), n.Where.heading())
			}
		}
	}
}

// helpRow finds the row of words under a heading.
func helpRow(rows [][2]string, heading, words string) ([2]string, bool) {
	under := ""
	for _, r := range rows {
		if r[1] == "" {
			under = r[0]
			continue
		}
		if under == heading && r[1] == words {
			return r, true
		}
	}
	return [2]string{}, false
}

// inRun: c is inside a run of keys shown as its first and last
// ("Ctrl+1 … Ctrl+9").
func inRun(shown string, keys []chord, c chord) bool {
	return len(keys) > 3 && strings.Contains(shown, keys[0].words()+" … "+keys[len(keys)-1].words()) && slices.Contains(keys, c)
}

// Help -> Keys opens on the whole table; each row is a key beside what
// it does, or a heading.
func TestKeysTableWhole(t *testing.T) {
	rows := keyRows()
	headings := 0
	for _, r := range rows {
		if r[1] == "" {
			headings++
		}
		if r[0] == "" {
			t.Errorf("a row without keys: %q", r[1])
		}
	}
	if headings != len(keyContexts) || len(rows) < 30 {
		t.Errorf("%d rows, %d headings", len(rows), headings)
	}
	m, _ := newTestWindow(t)
	kd := m.showKeys()
	if h := kd.d.MinSize().Height; h < 400 {
		t.Errorf("the keys dialog is %v high: not the whole table", h)
	}
}

// TestKeysWordsInLocales: every word the key table uses is in the locale
// files (TestSameKeys in locales sees that every language has them).
func TestKeysWordsInLocales(t *testing.T) {
	keys := []string{"ui.key.ctrl", "ui.key.shift"}
	for _, where := range keyContexts {
		keys = append(keys, "ui.keys.group."+where.String())
	}
	for _, b := range bindings {
		keys = append(keys, b.Words)
	}
	for _, n := range keyNotes {
		keys = append(keys, n.Typed, n.Words)
	}
	for _, k := range keyWords {
		keys = append(keys, k)
	}
	for _, k := range keys {
		if _, ok := locales.Lookup(locales.Default, k); !ok {
			t.Errorf("no words %q in locales/", k)
		}
	}
}
