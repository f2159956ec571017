package app

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// watch shows in the window what other writers change while session s is
// open (app/session/live.go): each change is read off the UI thread and
// applied on it. A change that cannot be read (the file busy a long
// while) is read again, merged with the next ones. It ends when the
// session's store closes.
func (m *mainWindow) watch(s *session.Session) {
	go func() {
		var pending sheet.Change
		changes := s.Changes()
		for changes != nil {
			var retry <-chan time.Time
			if !pending.Empty() {
				retry = time.After(250 * time.Millisecond)
			}
			select {
			case ch, ok := <-changes:
				if !ok {
					return
				}
				pending.Merge(ch)
			case <-retry:
			}
			if s.Offline() != nil {
				continue // read again once back (Resume reads everything): the cell keeps what was typed
			}
			p, err := s.Prepare(pending)
			if err != nil {
				continue
			}
			pending = sheet.Change{}
			// One change applied at a time: what other writers change
			// meanwhile waits merged in the store's feed and is read
			// after it. Posted without waiting, a window watching
			// another typing 40 keys a second queued a redraw per key
			// behind its own typing and showed the other's saves up to
			// a minute and a half late (bench/keepup.sh three).
			applied := make(chan struct{})
			fyne.Do(func() {
				defer close(applied)
				if m.s == s {
					m.applyChange(p)
				}
			})
			<-applied
		}
	}()
}

// applyChange redraws what other writers changed: the title and rounds,
// the navigator's lines, the open game's cells, checks and header. The
// cursor stays in its cell, the focus where it is; the status line says
// when the cursor's cell changed, or the open board was deleted.
func (m *mainWindow) applyChange(p session.Prepared) {
	defer m.traceLive()
	r := m.s.Apply(p)
	if r.Event {
		m.win.SetTitle(T("app.title") + " — " + m.s.Event().Name)
		m.navSig = "" // the rounds may have changed: the whole tree is drawn again
	}
	if r.Nav || r.Event {
		for _, rd := range m.s.Rounds() {
			m.nav.OpenBranch(roundNode(rd))
		}
	}
	switch {
	case r.Gone != nil:
		m.openNeighbour(*r.Gone)
		m.status.SetText(T("ui.live.board-gone", map[string]any{"Board": roundBoard(*r.Gone)}))
		return
	case r.Game || r.Event && m.s.Game() != nil: // the event's conditions judge the checks
		m.gv.refreshLive()
	default:
		m.refreshNav()
	}
	// Said until the cursor moves or a key is typed there, whatever else
	// changes meanwhile.
	if c := m.s.ChangedUnder(); c != nil {
		cell := T("ui.cell.title", map[string]any{"Ply": c.Index + 1, "Copy": T("ui.copy." + c.Side.String())})
		m.status.SetText(T("ui.live.cell-changed", map[string]any{"Cell": cell, "Text": c.Now.Text}))
	}
}

// roundBoard names a board with its round: "Round 3, Board 12".
func roundBoard(g session.GameInfo) string {
	return T("ui.nav.round", map[string]any{"Round": g.Round}) + ", " + boardLabel(g)
}

// openNeighbour opens the board after gone in the navigator's order (else
// the last), when another writer deleted the open board gone.
func (m *mainWindow) openNeighbour(gone session.GameInfo) {
	games := m.s.Games()
	if len(games) == 0 {
		m.build()
		return
	}
	next := games[len(games)-1]
	for _, g := range games {
		if g.Round > gone.Round || g.Round == gone.Round && g.Board > gone.Board {
			next = g
			break
		}
	}
	m.navSig = ""
	m.refreshNav()
	m.openGame(next.ID)
}

// refreshLive redraws the open game after another writer changed it,
// keeping the focus where it is (the arbiter may be typing in the header)
// and the entry in the cursor's cell, showing what that cell holds.
func (gv *gameView) refreshLive() {
	gv.refresh()
	cur := gv.s.Cursor()
	gv.hold(gv.copies[cur.Side].cellAt(cur.Index))
	cell, _ := gv.s.Cell(cur.Side, cur.Index)
	if gv.entry.Text != cell.Text {
		gv.entry.setQuiet(cell.Text)
	}
}

// fieldLabel names a header field of a sheet.FieldConflict in the UI
// language: "Rating (White)", "Result".
func fieldLabel(field string) string {
	side, prop, ok := strings.Cut(field, ".")
	if !ok {
		prop, side = field, ""
	}
	switch side {
	case "white", "black":
		player := T("ui.header." + side)
		if prop == "name" {
			return player
		}
		return TF("ui.header."+strings.ReplaceAll(prop, "_", ""), prop) + " (" + player + ")"
	case "tag":
		return prop
	case "event":
		keys := map[string]string{"name": "ui.event.name", "site": "ui.event.site", "start_date": "ui.event.start",
			"end_date": "ui.event.end", "time_control": "ui.event.tc", "kind": "ui.event.kind", "rounds": "ui.event.rounds"}
		return TF(keys[prop], prop)
	}
	return TF("ui.header."+field, field)
}
