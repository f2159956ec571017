package session

import (
	"errors"
	"time"

	"scoresheet/sheet"
)

// The session's side of the journal (journal.go): the window gives it the
// folder next to the user's settings; the writes the editor makes while
// the event is away go there; Resume sends them; a journal left by a
// window killed while waiting is offered at the next start (Kept,
// SendKept, PutKeptAside).

// UseJournal keeps the writes made while the event is away in a journal
// in dir (next to the user's settings). A journal left there for this
// event (a window killed while waiting) is read: Kept says how many
// writes it holds, to be offered.
func (s *Session) UseJournal(dir string) error {
	j, err := OpenJournal(dir, s.store.Location())
	if err != nil {
		return err
	}
	s.off.journal = j
	return nil
}

// Kept is the number of writes kept in the journal, not yet sent.
func (s *Session) Kept() int {
	if s.off.journal == nil {
		return 0
	}
	return s.off.journal.Len()
}

// Journal is the session's journal, nil without one.
func (s *Session) Journal() *Journal { return s.off.journal }

// Waiting reports whether a cell of the open game has a write kept in
// the journal, waiting for the event to answer.
func (s *Session) Waiting(side sheet.Side, index int) bool {
	if s.off.journal == nil || s.game == nil {
		return false
	}
	return s.off.journal.Waiting(s.game.ID, Cursor{side, index})
}

// sendKept sends the journal's writes (Journal.Send) straight to the
// store (not through the gate). The writes refused come back as one
// error, each a NotSavedError naming its cell and text; an event away
// again leaves the session offline with the rest kept.
func (s *Session) sendKept() error {
	j := s.off.journal
	if j == nil || j.Len() == 0 {
		return nil
	}
	raw := s.store.(*gatedStore).EventStore
	refused, err := j.Send(raw)
	if sheet.StoreAway(err) {
		s.goOffline(err)
	} else if err == nil {
		s.saved = time.Now()
	}
	errs := make([]error, 0, len(refused)+1)
	for _, r := range refused {
		at, _ := r.Op.cell()
		ns := &NotSavedError{Cursor: at, Text: r.Op.Cell.Text, Err: r.Err}
		if s.game != nil && r.Op.Game == s.game.ID && r.Op.Op == opSetCell {
			s.addNotSaved(r.Op.Game, at, r.Op.Cell.Text)
		}
		errs = append(errs, ns)
	}
	if err != nil && !sheet.StoreAway(err) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// SendKept sends a journal offered at the start (Kept) and reads the
// event and the open game again.
//
// The cursor then goes to the cell after the last one kept of the open
// game, where the arbiter was typing when the window stopped: left where
// the window opened it (the first empty cell before the journal was
// written), it would now be in a cell the journal filled, and the next
// keys would be added to its move.
func (s *Session) SendKept() error {
	at, typed := s.lastKeptCell()
	err := s.sendKept()
	if s.off.active.Load() {
		return err
	}
	if rerr := s.reload(); rerr != nil {
		return errors.Join(err, rerr)
	}
	s.readGameAgain()
	if typed {
		s.MoveTo(Cursor{at.Side, at.Index + 1})
	}
	return err
}

// lastKeptCell is the last cell of the open game written in the journal.
func (s *Session) lastKeptCell() (Cursor, bool) {
	if s.off.journal == nil || s.game == nil {
		return Cursor{}, false
	}
	ops := s.off.journal.Ops()
	for i := len(ops) - 1; i >= 0; i-- {
		if at, ok := ops[i].cell(); ok && ops[i].Game == s.game.ID {
			return at, true
		}
	}
	return Cursor{}, false
}

// PutKeptAside puts the journal's file aside unsent (the arbiter chose
// so): it is renamed, not deleted, and its name returned.
func (s *Session) PutKeptAside() (string, error) {
	if s.off.journal == nil {
		return "", nil
	}
	return s.off.journal.PutAside()
}
