package app

import (
	"path/filepath"
	"time"

	"fyne.io/fyne/v2/widget"
)

// The window's journal (app/session/journal.go) lives next to the user's
// settings (Fyne's storage folder: preferences.json is there), one file
// per event. A journal found when an event is opened was left by a
// window that stopped while it waited for the event (killed, the laptop
// off): it is offered before anything is typed, to be written now
// (Enter) or put aside (the file renamed and kept, its name said).

// journalDir is the folder of the window's journals.
func (m *mainWindow) journalDir() string {
	return filepath.Join(m.app.Storage().RootURI().Path(), "journal")
}

// useJournal gives the session its journal and offers one left there.
// Without one (the folder cannot be written) the window works as before
// it had one, and says why.
func (m *mainWindow) useJournal() {
	if err := m.s.UseJournal(m.journalDir()); err != nil {
		m.showErr(err)
		return
	}
	if m.s.Kept() > 0 {
		m.offerJournal()
	}
}

// offerJournal asks whether to write the writes kept from last time.
func (m *mainWindow) offerJournal() {
	j := m.s.Journal()
	text := T("ui.journal.offer", map[string]any{"Count": j.Len(), "Event": placeName(j.Location()),
		"Since": j.Since().Local().Format(time.DateTime)})
	m.showDialog(dialogSpec{
		title: T("ui.journal.title"), okText: T("ui.journal.write"), cancelText: T("ui.journal.aside"),
		content: wrapped(widget.NewLabel(text)), minWidth: 520,
		ok: func() error {
			n := j.Len()
			err := m.s.SendKept()
			m.gv.afterMove()
			m.refreshNav()
			if m.s.Offline() != nil {
				m.goOffline() // away again: the rest stays kept, sent when it answers
				return nil
			}
			if err != nil {
				m.sayRefused(err)
				return nil
			}
			m.say(T("ui.journal.written", map[string]any{"Count": n, "Event": placeName(j.Location())}))
			return nil
		},
		cancel: func() {
			to, err := m.s.PutKeptAside()
			if err != nil {
				m.showErr(err)
				return
			}
			m.say(T("ui.journal.put-aside", map[string]any{"Path": to}))
		},
	})
}
