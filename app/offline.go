package app

import (
	"time"

	"fyne.io/fyne/v2"
)

// The window while the event's server cannot be reached
// (app/session/offline.go): the status line says so, the cell being typed
// keeps its text but takes no more keys, and a goroutine asks the server
// every pingEvery whether it answers again; when it does, the session
// saves the cell typed and reads the game again, and the cell takes keys
// again.

// pingEvery is how often an offline window asks the server whether it
// answers again.
const pingEvery = 500 * time.Millisecond

// offlineStatus says on the status line that the server cannot be
// reached, and what was typed and is kept.
func (m *mainWindow) offlineStatus() {
	if _, text, ok := m.s.Typed(); ok && text != "" {
		m.status.SetText(T("ui.status.unreachable-typed", map[string]any{"Text": text}))
		return
	}
	m.status.SetText(T("ui.status.unreachable"))
}

// goOffline takes the window offline, once per loss of the server.
func (m *mainWindow) goOffline() {
	m.gv.entry.Disable()
	m.offlineStatus()
	if m.pinging != nil {
		return
	}
	st, stop := m.s.Store(), make(chan struct{})
	m.pinging = stop
	go func() {
		tick := time.NewTicker(pingEvery)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if st.Ping() == nil {
				fyne.Do(func() {
					if m.pinging == stop { // still this session's loss
						m.backOnline()
					}
				})
				return
			}
		}
	}()
}

// stopPinging ends the pinging of an offline window (another event
// opened, the window closed).
func (m *mainWindow) stopPinging() {
	if m.pinging != nil {
		close(m.pinging)
		m.pinging = nil
	}
}

// backOnline saves what was typed offline and shows the game as the
// server holds it.
func (m *mainWindow) backOnline() {
	m.pinging = nil
	err := m.s.Resume()
	if m.s.Offline() != nil { // gone again before the cell was saved
		m.goOffline()
		return
	}
	m.gv.entry.Enable()
	m.gv.afterMove()
	if err != nil {
		m.showErr(err)
	}
}
