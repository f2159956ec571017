package session

import (
	"sync"
	"sync/atomic"

	"scoresheet/sheet"
)

// When the event's server cannot be reached (a cable, the server
// restarting), a write fails with store-unreachable and the session goes
// offline: what the arbiter typed in the cell stays on screen, every
// later write is refused at once (the window takes no edits it cannot
// save: nothing typed after the loss is taken, and nothing waits on the
// network), and when the server answers again (Resume) the cell typed is
// saved first, then the game is read again as the server holds it.
// Nothing acknowledged is lost, nothing is doubled: the cell is written
// on the condition that it still holds what the window showed, and one
// that holds what was typed already (its answer was lost on the way)
// is not written again.

// offline is the session's state while the server cannot be reached.
type offline struct {
	active atomic.Bool // read by the store's gate from any goroutine
	mu     sync.Mutex
	err    error // the store-unreachable that began it
	typed  *typedCell
	// journal keeps the writes made while offline (journal.go); nil:
	// none (a session without one refuses them, as before).
	journal *Journal
}

// begin begins (or continues) the offline state after err.
func (o *offline) begin(err error) {
	o.mu.Lock()
	if !o.active.Load() {
		o.err = err
	}
	o.mu.Unlock()
	o.active.Store(true)
}

// typedCell is the text typed in a cell and not saved.
type typedCell struct {
	game int64
	at   Cursor
	text string
}

// cause is the error that began the offline state.
func (o *offline) cause() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// Offline returns the error that made the session offline, nil while the
// event's server can be reached.
func (s *Session) Offline() error {
	if !s.off.active.Load() {
		return nil
	}
	return s.off.cause()
}

// goOffline begins (or continues) the offline state after err.
func (s *Session) goOffline(err error) { s.off.begin(err) }

// noteTyped remembers text typed at the cursor as not saved, when the
// write that failed was the first since the server went away (a write
// the gate refused typed nothing new).
func (s *Session) noteTyped(wasOffline bool, at Cursor, text string, err error) {
	if wasOffline || !sheet.StoreAway(err) || s.game == nil {
		return
	}
	s.off.typed = &typedCell{game: s.game.ID, at: at, text: text}
}

// Typed returns the text typed and not saved while offline, and its
// cell; ok is false when there is none.
func (s *Session) Typed() (at Cursor, text string, ok bool) {
	t := s.off.typed
	if t == nil || s.game == nil || t.game != s.game.ID {
		return Cursor{}, "", false
	}
	return t.at, t.text, true
}

// Resume ends the offline state once the server answers: the cell typed
// is saved if it still holds what the window showed (or found saved
// already), then the game and the list of games are read again. A cell
// another writer changed meanwhile is not overwritten: the error says
// which and what was typed (NotSavedError). If the server is gone again,
// the session stays offline.
func (s *Session) Resume() error {
	if !s.off.active.Load() {
		return nil
	}
	typed := s.off.typed
	s.off.active.Store(false)
	s.off.typed = nil
	var err error
	switch {
	case s.off.journal != nil:
		err = s.sendKept()
	case typed != nil && s.game != nil && typed.game == s.game.ID:
		err = s.saveTyped(typed)
	}
	if s.off.active.Load() { // gone again
		return err
	}
	if rerr := s.reload(); rerr != nil {
		s.wrote(rerr)
		return rerr
	}
	if s.game != nil {
		s.readGameAgain()
	}
	s.saveErr = err
	return err
}

// saveTyped writes the text typed offline into its cell if the server's
// cell is still what the window showed; one that holds the text already
// was saved before its answer was lost; one another writer changed is
// not written over (NotSavedError, as a conflict is).
func (s *Session) saveTyped(t *typedCell) error {
	held, err := s.store.Game(t.game)
	if err != nil {
		return s.wrote(err)
	}
	shown, wasShown := s.Cell(t.at.Side, t.at.Index)
	want := shown
	want.Text = t.text
	var now *sheet.Cell
	if cells := held.Copies[t.at.Side].Cells; t.at.Index < len(cells) {
		now = &cells[t.at.Index]
	}
	switch {
	case now != nil && *now == want:
		return s.wrote(nil) // saved before the answer was lost
	case (now != nil) != wasShown || now != nil && *now != shown:
		conflict := sheet.Conflict(s.store.Location(), t.game, t.at.Side, t.at.Index, now)
		return s.wrote(&NotSavedError{Cursor: t.at, Text: t.text, Err: conflict})
	}
	cur := s.cur
	s.cur = t.at
	err = s.setText(t.text)
	s.cur = cur
	if err == nil {
		s.Commit()
	}
	return err
}

// gatedStore is the session's store: while the session is offline every
// write is refused at once with the error that began it, so that the
// first write when the server answers again is the cell typed (Resume).
// Reads go through.
type gatedStore struct {
	sheet.EventStore
	off *offline
}

func (g *gatedStore) refused() error {
	if !g.off.active.Load() {
		return nil
	}
	if err := g.off.cause(); err != nil {
		return err
	}
	return &sheet.StoreError{Code: sheet.StoreUnreachable, Path: g.Location()}
}

// write runs a write of the store unless the session is offline.
func (g *gatedStore) write(w func() error) error {
	if err := g.refused(); err != nil {
		return err
	}
	return w()
}

// gated runs a write that returns a value unless the session is offline.
func gated[T any](g *gatedStore, w func() (T, error)) (T, error) {
	if err := g.refused(); err != nil {
		var zero T
		return zero, err
	}
	return w()
}

// OfflineErr reports whether err is one the session goes offline on
// (sheet.StoreAway).
func OfflineErr(err error) bool { return sheet.StoreAway(err) }

// keep runs a conditional write of the open game's editor: while the
// session is offline, or when the write finds the event away
// (sheet.StoreAway), it is kept in the journal instead (journal.go) and
// taken as done, so that the arbiter goes on typing; it is sent, in
// order and on its condition, when the event answers again (Resume).
// Without a journal it is refused as any write.
func (g *gatedStore) keep(op JournalOp, w func() error) error {
	j := g.off.journal
	if j == nil {
		return g.write(w)
	}
	if g.off.active.Load() || j.Len() > 0 {
		return j.Keep(op)
	}
	err := w()
	if sheet.StoreAway(err) {
		g.off.begin(err)
		return j.Keep(op)
	}
	return err
}

func (g *gatedStore) SetCellIf(id int64, side sheet.Side, index int, was *sheet.Cell, c sheet.Cell) error {
	return g.keep(JournalOp{Op: opSetCell, Game: id, Side: side, Index: index, WasCell: was, Cell: c},
		func() error { return g.EventStore.SetCellIf(id, side, index, was, c) })
}

func (g *gatedStore) InsertCellIf(id int64, side sheet.Side, index int, was []sheet.Cell, c sheet.Cell) error {
	return g.keep(JournalOp{Op: opInsertCell, Game: id, Side: side, Index: index, WasCells: was, Cell: c},
		func() error { return g.EventStore.InsertCellIf(id, side, index, was, c) })
}

func (g *gatedStore) DeleteCellIf(id int64, side sheet.Side, index int, was []sheet.Cell) error {
	return g.keep(JournalOp{Op: opDeleteCell, Game: id, Side: side, Index: index, WasCells: was},
		func() error { return g.EventStore.DeleteCellIf(id, side, index, was) })
}

func (g *gatedStore) SetCopyLangIf(id int64, side sheet.Side, was, lang string) error {
	return g.keep(JournalOp{Op: opCopyLang, Game: id, Side: side, WasText: was, Text: lang},
		func() error { return g.EventStore.SetCopyLangIf(id, side, was, lang) })
}

func (g *gatedStore) SetCopyResultIf(id int64, side sheet.Side, was, result sheet.Result) error {
	return g.keep(JournalOp{Op: opCopyResult, Game: id, Side: side, WasResult: was, Result: result},
		func() error { return g.EventStore.SetCopyResultIf(id, side, was, result) })
}

func (g *gatedStore) SetCopyConsultedIf(id int64, side sheet.Side, was, consulted bool) error {
	return g.keep(JournalOp{Op: opCopyConsulted, Game: id, Side: side, WasBool: was, Bool: consulted},
		func() error { return g.EventStore.SetCopyConsultedIf(id, side, was, consulted) })
}

func (g *gatedStore) ConsultCopyIf(id int64, side sheet.Side, was []sheet.Cell, cells int) error {
	return g.keep(JournalOp{Op: opConsultCopy, Game: id, Side: side, WasCells: was, Cells: cells},
		func() error { return g.EventStore.ConsultCopyIf(id, side, was, cells) })
}

func (g *gatedStore) AddDecisionIf(id int64, d sheet.Decision, was *sheet.Decision) error {
	return g.keep(JournalOp{Op: opDecision, Game: id, Decision: &d, WasDecision: was},
		func() error { return g.EventStore.AddDecisionIf(id, d, was) })
}

func (g *gatedStore) SetHeaderIf(was, h sheet.Game) error {
	return g.keep(JournalOp{Op: opHeader, Game: h.ID, WasGame: &was, NewGame: &h},
		func() error { return g.EventStore.SetHeaderIf(was, h) })
}

func (g *gatedStore) SetEventIf(was, ev sheet.Event) error {
	return g.write(func() error { return g.EventStore.SetEventIf(was, ev) })
}

func (g *gatedStore) DeleteGameIf(was sheet.Game) error {
	return g.write(func() error { return g.EventStore.DeleteGameIf(was) })
}

func (g *gatedStore) AddGame(h sheet.Game) (int64, error) {
	return gated(g, func() (int64, error) { return g.EventStore.AddGame(h) })
}

func (g *gatedStore) AddGames(gs []sheet.Game) ([]int64, error) {
	return gated(g, func() ([]int64, error) { return g.EventStore.AddGames(gs) })
}

func (g *gatedStore) DeleteGame(id int64) error {
	return g.write(func() error { return g.EventStore.DeleteGame(id) })
}

func (g *gatedStore) ApplyImport(kind string, plan func(base sheet.ImportBase) (sheet.Import, error)) ([]int64, error) {
	return gated(g, func() ([]int64, error) { return g.EventStore.ApplyImport(kind, plan) })
}
