package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore"
)

// chooseByKeys presses Right on the focused choice until it shows want.
func chooseByKeys(t *testing.T, m *mainWindow, want string) {
	t.Helper()
	c := m.win.Canvas()
	for range 40 {
		var shows string
		switch f := c.Focused().(type) {
		case *dialogSelect:
			shows = f.Selected
		case *headSelect:
			shows = f.Selected
		default:
			t.Fatalf("the focus is on %T, not a choice", f)
		}
		if shows == want {
			return
		}
		typeKey(m, fyne.KeyRight)
	}
	t.Fatalf("Right never chose %q", want)
}

// Issue 24, item 1: the event's notation language in the window. The
// event settings have it (reached by Tab, chosen from the keyboard,
// saved with the event); each copy's notation choice offers the event's
// besides the languages and shows which it takes; the copies that take
// the event's are read in the new one as soon as it changes, a copy with
// its own keeps it; a new board takes the event's.
func TestWindowEventNotationLanguage(t *testing.T) {
	m, s := newTestWindow(t)
	white, black := m.gv.copies[sheet.WhiteCopy].lang, m.gv.copies[sheet.BlackCopy].lang
	if white.Selected != "de German" || black.Selected != "en English" || white.Options[0] != "Event: en English" {
		t.Fatalf("the copies' notation shows %q and %q, the event's %q", white.Selected, black.Selected, white.Options[0])
	}
	// White's copy takes the event's (none: English), chosen from the keyboard.
	m.win.Canvas().Focus(white)
	for white.SelectedIndex() != 0 {
		typeKey(m, fyne.KeyLeft)
	}
	if g := s.Game(); g.Copies[sheet.WhiteCopy].Lang != "" || g.CopyLang(sheet.WhiteCopy) != "" {
		t.Fatalf("White's copy after choosing the event's: own %q, read in %q", g.Copies[sheet.WhiteCopy].Lang, g.CopyLang(sheet.WhiteCopy))
	}
	m.gv.focus()
	test.Type(m.gv.entry, "Sf3 ")
	if st := s.Status(sheet.WhiteCopy, 0); st == rules.StatusOK {
		t.Fatalf("Sf3 in English: %s", st)
	}

	// Event settings (Ctrl+T): Tab to the notation, German, Enter.
	ctrlPress(m, fyne.KeyT)
	c := m.win.Canvas()
	for range 10 {
		if f, ok := c.Focused().(*dialogSelect); ok && f.Selected == "en English" {
			break
		}
		c.FocusNext()
	}
	chooseByKeys(t, m, "de German")
	typeKey(m, fyne.KeyReturn)
	// The first Enter says what the change reads again (issue 31), the
	// second applies it.
	if len(m.dialogs) != 1 || !strings.Contains(m.dialogs[0].errMsg.Text, "reads 1 typed copies again") {
		t.Fatalf("the notation changed without a word: %d dialogs", len(m.dialogs))
	}
	typeKey(m, fyne.KeyReturn)
	noDialog(t, m, "event settings, German")
	if ev, err := s.Store().Event(); err != nil || ev.Lang != "de" {
		t.Fatalf("the file's event language %q (%v)", ev.Lang, err)
	}
	white, black = m.gv.copies[sheet.WhiteCopy].lang, m.gv.copies[sheet.BlackCopy].lang
	if white.Selected != "Event: de German" || black.Selected != "en English" {
		t.Errorf("the copies' notation shows %q and %q", white.Selected, black.Selected)
	}
	if c := m.gv.copies[sheet.WhiteCopy].cellAt(0); s.Status(sheet.WhiteCopy, 0) != rules.StatusOK || c.bg.FillColor != colorOK {
		t.Errorf("Sf3 in the German event: %s, colour %v", s.Status(sheet.WhiteCopy, 0), c.bg.FillColor)
	}
	if f := newEventForm(nil, s.Event()); f.lang.Selected != "de German" {
		t.Errorf("the settings show %q", f.lang.Selected)
	}

	// Add board (Ctrl+B): its copies take the event's.
	ctrlPress(m, fyne.KeyB)
	typeText(m, "Xena")
	typeKey(m, fyne.KeyReturn)
	g := s.Game()
	if g.White.Name != "Xena" || g.Copies[sheet.WhiteCopy].Lang != "" || g.Copies[sheet.BlackCopy].Lang != "" {
		t.Fatalf("the new board: %q, copies' own languages %q %q", g.White.Name, g.Copies[sheet.WhiteCopy].Lang, g.Copies[sheet.BlackCopy].Lang)
	}
	for side, cv := range m.gv.copies {
		if cv.lang.Selected != "Event: de German" {
			t.Errorf("the new board's copy %d shows %q", side, cv.lang.Selected)
		}
	}
	test.Type(m.gv.entry, "e4 e5 Sf3 ")
	if st := s.Status(sheet.WhiteCopy, 2); st != rules.StatusOK {
		t.Errorf("Sf3 on the new board: %s", st)
	}
}

// The form's notation: an event without one shows English and keeps
// none unless another language is chosen; one it does not know is kept.
func TestEventFormLanguage(t *testing.T) {
	SetLanguage("en")
	f := newEventForm(nil, sheet.Event{Name: "Open"})
	if f.lang.Selected != "en English" || f.langCode() != "" {
		t.Fatalf("no language: shows %q, saves %q", f.lang.Selected, f.langCode())
	}
	f.lang.SetSelected("fr French")
	if f.langCode() != "fr" {
		t.Errorf("French saves %q", f.langCode())
	}
	f = newEventForm(nil, sheet.Event{Name: "Open", Lang: "fr"})
	f.lang.SetSelected("en English")
	if f.langCode() != "en" {
		t.Errorf("English over French saves %q", f.langCode())
	}
	f = newEventForm(nil, sheet.Event{Name: "Open", Lang: "xx"})
	if f.lang.Selected != "" || f.langCode() != "xx" {
		t.Errorf("an unknown language: shows %q, saves %q", f.lang.Selected, f.langCode())
	}
	for _, l := range rules.Languages() {
		if !strings.HasPrefix(notationLangName(l), l.Code+" ") {
			t.Errorf("language %s shown as %q", l.Code, notationLangName(l))
		}
	}
}

// Another writer's event language (event set --lang) shows in an open
// window: the copies that take the event's are read in it.
func TestWindowEventLangLive(t *testing.T) {
	path := board12Event(t)
	s := openBoard12(t, path)
	m := openTestWindow(t, s)
	if err := s.SetLang(sheet.WhiteCopy, ""); err != nil {
		t.Fatal(err)
	}
	m.gv.tapCell(sheet.WhiteCopy, 1)
	test.Type(m.gv.entry, "Sf6")
	if st := s.Status(sheet.WhiteCopy, 1); st == rules.StatusOK {
		t.Fatalf("Sf6 in English: %s", st)
	}
	other, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := other.Event()
	ev.Lang = "de"
	if err := sheettest.SetEvent(other, ev); err != nil {
		t.Fatal(err)
	}
	other.Close()
	applyChanges(t, m, func() (string, bool) {
		c := m.gv.copies[sheet.WhiteCopy]
		return c.lang.Selected, s.Status(sheet.WhiteCopy, 1) == rules.StatusOK && c.lang.Selected == "Event: de German"
	})
}
