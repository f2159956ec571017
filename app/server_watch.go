package app

import (
	"time"

	"fyne.io/fyne/v2"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

// An idle window on a server's event did not say that the server was
// gone: only a write found it out. Every serverCheckEvery the window
// asks the server whether it answers (off the UI thread, the store's
// ping bounded), and says it on the status line when it stops answering
// and when it answers again. Only the status line: the cell keeps taking
// keys, and what a write does while the server is away is the write's
// (offline.go).

// serverCheckEvery is how often an idle window asks its server.
const serverCheckEvery = 2 * time.Second

// watchServer says on the status line when the server of session s stops
// answering, and when it answers again, until s's store closes. An event
// in a file has nothing to ask.
func (m *mainWindow) watchServer(s *session.Session) {
	if !location.IsServer(s.Store().Location()) {
		return
	}
	w := &serverWatch{m: m, s: s, name: s.Event().Name}
	go func() {
		tick := time.NewTicker(serverCheckEvery)
		defer tick.Stop()
		for range tick.C {
			if !w.check(fyne.Do) {
				return
			}
		}
	}()
}

// serverWatch is what an idle window knows of its server between two
// questions: whether it said the server silent.
type serverWatch struct {
	m      *mainWindow
	s      *session.Session
	name   string // the event's name, as the status line says it
	silent bool
}

// check asks the server once and, when the answer changed, says so
// through do (fyne.Do: on the UI thread). False once the store is
// closed: nothing more to ask.
func (w *serverWatch) check(do func(func())) bool {
	err := w.s.Store().Ping()
	if sheet.StoreErrorCodeOf(err) == sheet.StoreClosed {
		return false
	}
	if (err != nil) != w.silent {
		w.silent = err != nil
		silent := w.silent
		do(func() { w.m.sayServer(w.s, w.name, silent) })
	}
	return true
}

// sayServer says that the event's server stopped answering (silent), or
// answers again, unless a write already said it (the window offline).
func (m *mainWindow) sayServer(s *session.Session, event string, silent bool) {
	if m.s != s || m.pinging != nil || s.Offline() != nil {
		return
	}
	gone := T("ui.status.server-silent", map[string]any{"Event": event, "Time": time.Now().Format("15:04:05")})
	switch {
	case silent:
		m.serverSilent = gone
		m.status.SetText(gone)
	case m.status.Text == m.serverSilent: // said and still shown
		m.status.SetText(T("ui.status.server-back", map[string]any{"Event": event}))
	}
}
