package app

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// eventForm holds the fields of the event settings: what the PGN tags
// Event, Site and the dates are filled from, the time control the
// moves-per-period check (Art. 8.6) counts against, and the kind of play
// whose articles the checks cite (standard, rapid, blitz).
type eventForm struct {
	was                                sheet.Event // the event as the form showed it
	name, site, start, end, tc, rounds *dialogEntry
	dates                              *dialogEntry // round dates in round order
	kind                               *dialogSelect
	// lang is the event's notation language, which every copy without
	// one of its own is read in: the languages as a copy's choice names
	// them (rules.Languages), English for none.
	lang *dialogSelect
	// warned is the notation language whose change was said (OK again
	// applies it).
	warned string
}

// kindLabel names a kind of play in the UI language.
func kindLabel(k sheet.EventKind) string { return T("ui.kind." + k.Name()) }

// newEventForm makes the fields; Enter in any of them is OK, Escape
// Cancel (m may be nil in tests that fill the form directly).
func newEventForm(m *mainWindow, ev sheet.Event) *eventForm {
	f := &eventForm{was: ev}
	entry := func(text, hint string) *dialogEntry {
		e := newDialogEntry(m, text)
		e.SetPlaceHolder(hint)
		return e
	}
	f.name = entry(ev.Name, "")
	f.name.Validator = func(s string) error {
		if strings.TrimSpace(s) == "" {
			return errors.New(T("ui.error.eventname"))
		}
		return nil
	}
	f.site = entry(ev.Site, "")
	f.start = entry(ev.StartDate, "YYYY.MM.DD")
	f.end = entry(ev.EndDate, "YYYY.MM.DD")
	f.tc = entry(ev.TimeControl, example("40/5400+30:1800+30")) // an example, not the event's
	f.tc.Validator = func(s string) error {
		if _, err := sheet.ParseTimeControl(s); err != nil {
			return errors.New(errText(err))
		}
		return nil
	}
	var kinds []string
	for _, k := range sheet.EventKinds() {
		kinds = append(kinds, kindLabel(k))
	}
	f.kind = newDialogSelect(m, kinds)
	f.kind.SetSelected(kindLabel(ev.Kind))
	var langs []string
	for _, l := range rules.Languages() {
		langs = append(langs, notationLangName(l))
	}
	f.lang = newDialogSelect(m, langs)
	code := ev.Lang
	if code == "" {
		code = "en" // none is English
	}
	if i := langIndex(code); i >= 0 {
		f.lang.SetSelectedIndex(i)
	}
	n := 0
	for _, r := range ev.Rounds {
		n = max(n, r.Number)
	}
	f.rounds = entry(strconv.Itoa(n), "9")
	f.rounds.Validator = func(s string) error {
		if _, ok := roundCount(s); !ok {
			return errors.New(T("ui.error.rounds"))
		}
		return nil
	}
	f.dates = entry(sheet.RoundDatesText(ev.Rounds, n), "2026.11.20 2026.11.21 - …")
	f.dates.Validator = func(s string) error {
		n, _ := roundCount(f.rounds.Text)
		if d, ok := sheet.ParseRoundDates(s); !ok || len(d) > n {
			return errors.New(T("ui.error.rounddates"))
		}
		return nil
	}
	for _, e := range []*dialogEntry{f.start, f.end} {
		e.Validator = func(s string) error {
			if s = strings.TrimSpace(s); s != "" && !sheet.IsPGNDate(s) {
				return errors.New(T("ui.error.date"))
			}
			return nil
		}
	}
	return f
}

// roundCount reads the number of rounds: empty is none.
func roundCount(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= sheet.MaxRounds
}

func (f *eventForm) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem(T("ui.event.name"), f.name),
		widget.NewFormItem(T("ui.event.site"), f.site),
		widget.NewFormItem(T("ui.event.start"), f.start),
		widget.NewFormItem(T("ui.event.end"), f.end),
		widget.NewFormItem(T("ui.event.tc"), f.tc),
		widget.NewFormItem(T("ui.event.kind"), f.kind),
		widget.NewFormItem(T("ui.event.lang"), f.lang),
		widget.NewFormItem(T("ui.event.rounds"), f.rounds),
		widget.NewFormItem(T("ui.event.rounddates"), f.dates),
	}
}

// event returns the event as the form says: rounds 1..N with the dates
// listed (a round above N is dropped from the list; its games stay).
func (f *eventForm) event() (sheet.Event, error) {
	n, ok := roundCount(f.rounds.Text)
	if !ok {
		return sheet.Event{}, errors.New(T("ui.error.rounds"))
	}
	for _, e := range []*dialogEntry{f.name, f.start, f.end} {
		if err := e.Validator(e.Text); err != nil {
			return sheet.Event{}, err
		}
	}
	if _, err := sheet.ParseTimeControl(strings.TrimSpace(f.tc.Text)); err != nil {
		return sheet.Event{}, err
	}
	listed, ok := sheet.ParseRoundDates(f.dates.Text)
	if !ok || len(listed) > n {
		return sheet.Event{}, errors.New(T("ui.error.rounddates"))
	}
	ev := sheet.Event{
		Name:        strings.TrimSpace(f.name.Text),
		Site:        strings.TrimSpace(f.site.Text),
		StartDate:   strings.TrimSpace(f.start.Text),
		EndDate:     strings.TrimSpace(f.end.Text),
		TimeControl: strings.TrimSpace(f.tc.Text),
		Lang:        f.langCode(),
		Rounds:      sheet.NumberedRounds(n, listed),
	}
	for _, k := range sheet.EventKinds() {
		if f.kind.Selected == kindLabel(k) {
			ev.Kind = k
		}
	}
	return ev, nil
}

// langCode is the event's notation language as chosen: English stays
// none when the event had none (it reads the same, and a language left
// as it was is not written over another writer's).
func (f *eventForm) langCode() string {
	i := f.lang.SelectedIndex()
	if i < 0 {
		return f.was.Lang // a language this version does not know, kept
	}
	code := rules.Languages()[i].Code
	if code == "en" && f.was.Lang == "" {
		return ""
	}
	return code
}

// applyEvent saves the form's event; the window shows the new name, the
// navigator the rounds, the checks what the time control changes, and
// the copies that take the event's notation are read in the new one.
func (m *mainWindow) applyEvent(f *eventForm) error {
	ev, err := f.event()
	if err == nil && ev.Lang != f.was.Lang && ev.Lang != f.warned {
		// The copies typed without a language of their own are read
		// again in the new one: said, with how many boards change, and
		// applied on the second OK (complete boards turned "needs a
		// decision" without a word).
		copies, boards, cerr := m.s.NotationChange(ev.Lang)
		if cerr != nil {
			return cerr
		}
		if copies > 0 {
			f.warned = ev.Lang
			return notationWarning(T("ui.event.lang-warning", map[string]any{"Copies": copies, "Boards": boards}))
		}
	}
	if err == nil {
		err = m.s.SetEventFrom(f.was, ev)
	}
	if err != nil {
		return err
	}
	m.build()
	return nil
}

// editEvent shows the event settings; a field that does not read keeps
// the dialog open with what is wrong.
func (m *mainWindow) editEvent() *keyDialog { return m.editEventIn(newEventForm(m, m.s.Event())) }

// editEventIn shows the event settings in form f.
func (m *mainWindow) editEventIn(f *eventForm) *keyDialog {
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.eventsettings"), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: widget.NewForm(f.items()...), focus: f.name, minWidth: 560,
		ok: func() error { return m.applyEvent(f) },
	})
}

// notationWarning is what a change of the event's notation would read
// again, said in the dialog before it is applied.
type notationWarning string

func (w notationWarning) Error() string { return string(w) }
