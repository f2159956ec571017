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
	st := s.Store()
	if !location.IsServer(st.Location()) {
		return
	}
	name := s.Event().Name
	go func() {
		tick := time.NewTicker(serverCheckEvery)
		defer tick.Stop()
		silent := false
		for range tick.C {
			err := st.Ping()
			if sheet.StoreErrorCodeOf(err) == sheet.StoreClosed {
				return
			}
			if (err != nil) == silent {
				continue
			}
			silent = err != nil
			fyne.Do(func() { m.sayServer(s, name, silent) })
		}
	}()
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
