package session

import (
	"slices"
	"strings"

	"scoresheet/sheet"
)

// Every window is live: what another writer commits to the event shows
// here within a second. The store says which games changed
// (sheet.Store.Changes); Prepare reads them and judges their states off
// the UI thread, Apply takes them into the session on it, and the
// window redraws what Apply says changed. The open game is read again
// in Apply itself, on the UI thread, so that a keystroke typed between
// the two is never undone by an older reading.

// Changes returns the store's channel of what other writers change
// (sheet.Store.Changes), watched since the session was opened.
func (s *Session) Changes() <-chan sheet.Change { return s.changes }

// Prepared is what other writers changed, read from the store: the event
// and the navigator's line of each game changed (nil: the game is gone).
// All is true when every game was read (the event's conditions may judge
// every game anew).
type Prepared struct {
	Event sheet.Event
	Games map[int64]*GameInfo
	All   bool
	// Open is a game changed that was open when prepared, not read: Apply
	// reads it on the UI thread anyway.
	Open int64
}

// Prepare reads what a change names: the event, and each game changed
// with its state. It touches nothing of the session, so it can run off
// the UI thread while the arbiter types.
func (s *Session) Prepare(ch sheet.Change) (Prepared, error) {
	st := s.store
	ev, err := st.Event()
	if err != nil {
		return Prepared{}, err
	}
	p := Prepared{Event: ev, Games: map[int64]*GameInfo{}, All: ch.Event}
	if p.All {
		all, err := st.Games()
		if err != nil {
			return Prepared{}, err
		}
		for i := range all {
			g := &all[i]
			p.Games[g.ID] = &GameInfo{ID: g.ID, Round: g.Round, Board: g.Board, White: g.White.Name, Black: g.Black.Name,
				Result: g.Result, State: StateOf(g, ev.Conditions())}
		}
		return p, nil
	}
	for _, id := range ch.Games {
		if id == s.openID.Load() {
			p.Open = id
			continue
		}
		gi, err := readInfo(st, id, ev.Conditions())
		if err != nil {
			return Prepared{}, err
		}
		p.Games[id] = gi
	}
	return p, nil
}

// readInfo reads game id's line in the navigator (nil: the game is gone).
func readInfo(st sheet.EventStore, id int64, on sheet.Conditions) (*GameInfo, error) {
	g, err := st.Game(id)
	switch {
	case sheet.StoreErrorCodeOf(err) == sheet.StoreNotFound:
		return nil, nil
	case err != nil:
		return nil, err
	}
	return &GameInfo{ID: g.ID, Round: g.Round, Board: g.Board, White: g.White.Name, Black: g.Black.Name,
		Result: g.Result, State: StateOf(&g, on)}, nil
}

// Refreshed says what Apply changed, for the window to redraw.
type Refreshed struct {
	Event bool // the event's fields or rounds
	Nav   bool // the navigator's boards, names, results or states
	Game  bool // the open game: its cells, checks, header
	// Gone is the open game when another writer deleted it; the session
	// then has no open game.
	Gone *GameInfo
	// Cell is the cursor's cell when another writer changed it: what
	// it held and holds now.
	Cell *CellChanged
}

// CellChanged is the cursor's cell changed by another writer.
type CellChanged struct {
	Cursor
	Was, Now sheet.Cell
}

// Apply takes what other writers changed into the session: the event,
// the navigator's lines, and the open game, read again here. A game that
// changed loses the undo steps of the parts that changed (sheet.Editor's
// Reload); the cursor stays on its cell.
func (s *Session) Apply(p Prepared) Refreshed {
	var r Refreshed
	if !sameEvent(p.Event, s.event) {
		s.event, r.Event = p.Event, true
	}
	before := slices.Clone(s.games)
	open, isOpen := s.openLine()
	if id := p.Open; id != 0 && (s.game == nil || s.game.ID != id) {
		// Another game opened meanwhile: this one is read here.
		if gi, err := readInfo(s.store, id, s.event.Conditions()); err == nil {
			p.Games[id] = gi
		}
	}
	s.takeLines(p)
	if s.game != nil {
		if _, named := p.Games[s.game.ID]; named || p.Open == s.game.ID || p.All || r.Event {
			r.Game, r.Cell, r.Gone = s.readOpenGame()
			if r.Cell != nil {
				s.changedUnder = r.Cell
			}
		}
	}
	if s.game != nil && r.Event {
		// Its copies without a language of their own are read in the
		// event's, which is no part of the game the editor compares.
		s.game.EventLang = s.event.Lang
	}
	switch {
	case r.Gone != nil:
		s.takeLines(Prepared{Games: map[int64]*GameInfo{r.Gone.ID: nil}})
	case r.Game || r.Event:
		s.recompute() // the checks and state, under the event's conditions
	case isOpen:
		s.games[s.byID[open.ID]] = open // what the window holds, however read
	}
	r.Nav = r.Gone != nil || !slices.Equal(before, s.games)
	return r
}

// openLine returns the open game's line in the navigator, as the window
// holds the game.
func (s *Session) openLine() (GameInfo, bool) {
	if s.game == nil {
		return GameInfo{}, false
	}
	return s.Info(s.game.ID)
}

// takeLines puts the navigator's lines p read into the session's (all of
// them when p.All); a nil line removes its game.
func (s *Session) takeLines(p Prepared) {
	lines := map[int64]GameInfo{}
	if !p.All {
		for _, g := range s.games {
			lines[g.ID] = g
		}
	}
	for id, gi := range p.Games {
		if gi == nil {
			delete(lines, id)
		} else {
			lines[id] = *gi
		}
	}
	s.games = s.games[:0]
	for _, g := range lines {
		s.games = append(s.games, g)
	}
	s.reindex()
}

// reindex sorts the games and indexes them by id again.
func (s *Session) reindex() {
	s.byID = map[int64]int{}
	s.sortGames()
}

// readOpenGame reads the open game again and takes it if another writer
// changed it: it reports whether it did, the cursor's cell if that
// changed, and the game if it is gone (the session then has none open).
func (s *Session) readOpenGame() (changed bool, cell *CellChanged, gone *GameInfo) {
	if s.Kept() > 0 {
		// The game on screen holds writes kept in the journal, not yet
		// sent: read as the event holds it, they would vanish from the
		// screen and the keys after them be conditioned on the wrong
		// cells. It is read again once they are sent (Resume).
		return false, nil, nil
	}
	g, err := s.store.Game(s.game.ID)
	if sheet.StoreErrorCodeOf(err) == sheet.StoreNotFound {
		gi := GameInfo{ID: s.game.ID, Round: s.game.Round, Board: s.game.Board, White: s.game.White.Name, Black: s.game.Black.Name}
		s.game, s.ed, s.rec, s.checks = nil, nil, nil, nil
		s.openID.Store(0)
		s.cur = Cursor{}
		return true, nil, &gi
	}
	if err != nil {
		return false, nil, nil // the next change, or edit, reads it again
	}
	at := s.cur
	was, had := s.Cell(at.Side, at.Index)
	if !s.ed.Reload(g) {
		return false, nil, nil
	}
	s.clampCursor()
	now, has := s.Cell(at.Side, at.Index)
	if had != has || was != now {
		cell = &CellChanged{Cursor: at, Was: was, Now: now}
	}
	return true, cell, nil
}

// refuseUnder refuses the keystroke that made the cursor's cell text, once,
// when another writer changed the cell under the cursor since the last
// keystroke: it was typed into what the cell held before, and saving it
// would change the other writer's cell without the arbiter having seen
// it. The window then shows the cell as the file holds it, and says what
// was typed (the keys typed after the change, when the text begins with
// what the cell holds now).
func (s *Session) refuseUnder(text string) error {
	c := s.changedUnder
	if c == nil || c.Cursor != s.cur {
		return nil
	}
	s.changedUnder = nil
	typed := strings.TrimPrefix(text, c.Now.Text)
	if typed == "" {
		typed = text
	}
	held := c.Now
	conflict := &sheet.StoreError{Code: sheet.StoreConflict, Path: s.store.Location(),
		Err: &sheet.CellConflict{Game: s.game.ID, Side: c.Side, Index: c.Index, Held: &held}}
	return s.wrote(&NotSavedError{Cursor: c.Cursor, Text: typed, Err: conflict})
}

// sameEvent reports whether two readings of the event are the same.
func sameEvent(a, b sheet.Event) bool {
	return a.Name == b.Name && a.Site == b.Site && a.StartDate == b.StartDate && a.EndDate == b.EndDate &&
		a.TimeControl == b.TimeControl && a.Kind == b.Kind && a.Lang == b.Lang && slices.Equal(a.Rounds, b.Rounds)
}

// ChangedUnder is the cursor's cell when another writer changed it while
// the arbiter was there, until the cursor moves or a key is typed there;
// else nil. The window says it on its status line.
func (s *Session) ChangedUnder() *CellChanged { return s.changedUnder }
