package app

import (
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"scoresheet/app/core"
	"scoresheet/sheet"
)

// The window while the event cannot be written (the server away, its
// lock held by another connection, the file's folder gone:
// sheet.StoreAway). With its journal (app/session/journal.go) the
// window goes on taking keys: each write is kept on this computer, the
// cells kept are framed as waiting, and the status line says so, with
// why and how many. A goroutine asks the event every pingEvery whether
// it answers again; when it does, the session sends the writes kept, in
// order and on their conditions, and reads the game again; a cell another
// writer changed meanwhile is refused and said on the status line.
// Without a journal (it could not be opened) the cell being typed keeps
// its text and takes no more keys, as before.

// pingEvery is how often an offline window asks the server whether it
// answers again.
const pingEvery = 500 * time.Millisecond

// offlineStatus says on the status line that the server cannot be
// reached, and what was typed and is kept.
func (m *mainWindow) offlineStatus() {
	if m.s.Journal() != nil {
		setLabel(m.status, T("ui.status.away-kept", map[string]any{"Event": placeName(m.s.Store().Location()),
			"Count": m.s.Kept(), "Why": awayWhy(m.s.Offline())}))
		return
	}
	if _, text, ok := m.s.Typed(); ok && text != "" {
		m.status.SetText(T("ui.status.unreachable-typed", map[string]any{"Text": text}))
		return
	}
	m.status.SetText(T("ui.status.unreachable"))
}

// goOffline takes the window offline, once per loss of the server.
func (m *mainWindow) goOffline() {
	if m.s.Journal() == nil {
		m.gv.entry.Disable()
	}
	m.offlineStatus()
	if m.pinging != nil {
		return
	}
	st, stop := m.s.Store(), make(chan struct{})
	m.pinging = stop
	wait := resendWait(m.resends)
	go func() {
		tick := time.NewTicker(wait)
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

// resendWait is how long the window waits before asking the event
// again after it answered a ping but refused the writes kept (n times in
// a row): a server that answers while another connection holds the
// event's lock would otherwise be sent the journal every half second,
// each time on the UI thread for as long as the store waits for the lock
// (the keys typed meanwhile wait for it). Doubled each time, up to 8 s.
func resendWait(n int) time.Duration {
	return pingEvery << min(n, 4)
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
		m.resends++
		m.goOffline()
		return
	}
	m.resends = 0
	m.gv.entry.Enable()
	m.gv.afterMove()
	m.sayRefused(err)
}

// sayRefused says on the status line each write kept that the event
// refused when it was sent (another writer had changed its cell), and
// shows any other error as ever.
func (m *mainWindow) sayRefused(err error) {
	if err == nil {
		m.plainStatus()
		return
	}
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		m.showErr(err)
		return
	}
	var said []string
	for _, e := range joined.Unwrap() {
		if !refusedWhileTyping(e) {
			m.showErr(e)
			continue
		}
		said = append(said, statusErr(e))
	}
	if len(said) > 0 {
		m.say(strings.Join(said, " · "))
	}
}

// awayWhy says why the event is away, short: the code's words, and what
// the store adds to them when it is no network or system text (who holds
// the event's lock).
func awayWhy(err error) string {
	var se *sheet.StoreError
	if !errors.As(err, &se) {
		return errText(err)
	}
	s := core.Explainer{Lang: Language()}.Said("store."+string(se.Code), string(se.Code))
	if se.Err != nil && se.Code != sheet.StoreUnreachable && se.Code != sheet.StoreIO {
		s += " (" + strings.Join(strings.Fields(se.Err.Error()), " ") + ")"
	}
	return s
}
