package app

import (
	"errors"
	"time"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

// What the window says while the arbiter types is said on the status
// line, never in a dialog: a dialog takes the focus, and the keys typed
// after it went to it and were lost (issue 31). A message said there
// gives way to the ordinary status (saved at ...) after statusHold, so
// that it does not stay for minutes after the matter is over.

// statusHold is how long a message typing brought stays on the status
// line when no other takes its place.
const statusHold = 20 * time.Second

// say puts text on the status line for statusHold.
func (m *mainWindow) say(text string) {
	setLabel(m.status, text)
	m.timers.after(statusHold, func() {
		if m.status.Text == text && m.s.Offline() == nil {
			m.plainStatus()
		}
	})
}

// plainStatus is the status line with nothing to say: when the last
// write was saved, or the event open.
func (m *mainWindow) plainStatus() {
	at, _ := m.s.Saved()
	if at.IsZero() {
		setLabel(m.status, T("ui.status.open", map[string]any{"Path": placeName(m.s.Store().Location())}))
		return
	}
	setLabel(m.status, T("ui.status.saved", map[string]any{"Time": at.Format(time.TimeOnly), "Path": placeName(m.s.Store().Location())}))
}

// refusedWhileTyping reports whether err is one that typing brings and
// the status line says alone: a write refused over another writer's
// change, the event away (the keys are kept), an edit the editor
// refuses. Anything else (a damaged file, a journal that cannot be
// written) is said in a dialog too.
func refusedWhileTyping(err error) bool {
	var ns *session.NotSavedError
	var ee *sheet.EditError
	return errors.As(err, &ns) || errors.As(err, &ee) || sheet.StoreErrorCodeOf(err) == sheet.StoreConflict ||
		sheet.StoreAway(err)
}

// placeName names an event's location in what the window says: a
// server's event by its name (its address is long and says nothing to
// the arbiter), a file by its path.
func placeName(loc string) string {
	if location.IsServer(loc) {
		return T("ui.place.server-event", map[string]any{"Event": location.Name(loc)})
	}
	return loc
}

// statusErr is what the status line says of an error: a cell not saved
// in its own words (they begin "Not saved in ..."), any other after "Not
// saved:".
func statusErr(err error) string {
	var ns *session.NotSavedError
	if errors.As(err, &ns) && ns.Field == "" {
		return errText(err)
	}
	return T("ui.status.error", map[string]any{"Error": errText(err)})
}
