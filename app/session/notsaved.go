package session

import (
	"errors"
	"strings"

	"scoresheet/sheet"
)

// Keys refused are kept, not dropped (issue 31). A key typed into a cell
// another writer changed is refused (refuseUnder, or the store's
// store-conflict); the keys the arbiter goes on typing into that cell,
// not knowing yet, are refused with it, and the text they make is kept
// in a list, said in the status line and marked on the cell, until the
// arbiter writes it there after all (RetryNotSaved: the cell then holds
// it, on the condition that it still holds what he now sees) or drops it
// (DropNotSaved). Nothing typed is lost without his deciding so.

// NotSavedCell is text typed into a cell and refused, kept.
type NotSavedCell struct {
	Game int64
	Cursor
	Text string
}

// keepRefused keeps the text of a refusal (ns) and makes its cell the
// one whose keys are refused while the cursor stays there.
func (s *Session) keepRefused(ns *NotSavedError) {
	if ns == nil || ns.Field != "" || s.game == nil {
		return
	}
	s.addNotSaved(s.game.ID, ns.Cursor, ns.Text)
	if ns.Cursor == s.cur {
		s.refusing, s.isRefusing = ns.Cursor, true
	}
}

// addNotSaved keeps text refused in a cell: one text a cell, the last.
func (s *Session) addNotSaved(game int64, at Cursor, text string) {
	for i := range s.notSaved {
		if n := &s.notSaved[i]; n.Game == game && n.Cursor == at {
			n.Text = text
			return
		}
	}
	s.notSaved = append(s.notSaved, NotSavedCell{Game: game, Cursor: at, Text: text})
}

// refuseAfter refuses a key typed into the cell refused a moment ago
// (the cursor has not left it) that adds to what the cell now shows: the
// arbiter typing on, not knowing yet; those keys go to the text kept. ok
// is false when the cursor is elsewhere, or the key changes what the cell
// shows (he has seen it: his keys are his own again).
func (s *Session) refuseAfter(text string) (shown string, ok bool, err error) {
	if !s.isRefusing || s.refusing != s.cur {
		return "", false, nil
	}
	held, _ := s.Cell(s.cur.Side, s.cur.Index)
	n := s.notSavedAt(s.cur)
	if n == nil {
		s.isRefusing = false
		return "", false, nil
	}
	if !strings.HasPrefix(text, held.Text) || len(text) == len(held.Text) {
		// The arbiter changes what the cell now shows (Backspace into it,
		// the text replaced): he has seen it; his keys are his own again,
		// written on the condition that the cell still holds it.
		s.isRefusing = false
		return "", false, nil
	}
	n.Text += strings.TrimPrefix(text, held.Text)
	conflict := sheet.Conflict(s.store.Location(), s.game.ID, s.cur.Side, s.cur.Index, &held)
	return held.Text, true, &NotSavedError{Cursor: s.cur, Text: n.Text, Err: conflict}
}

// notSavedAt is the text kept for a cell of the open game, nil when none.
func (s *Session) notSavedAt(at Cursor) *NotSavedCell {
	if s.game == nil {
		return nil
	}
	for i := range s.notSaved {
		if n := &s.notSaved[i]; n.Game == s.game.ID && n.Cursor == at {
			return n
		}
	}
	return nil
}

// NotSaved returns the texts kept, the last refused last.
func (s *Session) NotSaved() []NotSavedCell { return append([]NotSavedCell(nil), s.notSaved...) }

// NotSavedAt reports whether a cell of the open game has text kept.
func (s *Session) NotSavedAt(side sheet.Side, index int) bool {
	return s.notSavedAt(Cursor{side, index}) != nil
}

// lastNotSaved is the index of the last text kept of the open game, -1
// when none.
func (s *Session) lastNotSaved() int {
	for i := len(s.notSaved) - 1; i >= 0; i-- {
		if s.game != nil && s.notSaved[i].Game == s.game.ID {
			return i
		}
	}
	return -1
}

// RetryNotSaved writes the last text kept of the open game into its
// cell, now that the arbiter has seen what the cell holds: the cursor
// goes there, the cell is written on the condition that it still holds
// that (another change refuses it again, kept). It reports whether there
// was one.
func (s *Session) RetryNotSaved() (bool, error) {
	i := s.lastNotSaved()
	if i < 0 {
		return false, nil
	}
	n := s.notSaved[i]
	s.notSaved = append(s.notSaved[:i], s.notSaved[i+1:]...)
	if err := s.MoveTo(n.Cursor); err != nil {
		return true, err
	}
	err := s.setText(n.Text)
	var ns *NotSavedError
	if errors.As(err, &ns) {
		s.keepRefused(ns)
	}
	if err == nil {
		s.Commit()
	}
	s.recompute()
	return true, err
}

// DropNotSaved drops the last text kept of the open game (the arbiter
// decided so); it returns it.
func (s *Session) DropNotSaved() (NotSavedCell, bool) {
	i := s.lastNotSaved()
	if i < 0 {
		return NotSavedCell{}, false
	}
	n := s.notSaved[i]
	s.notSaved = append(s.notSaved[:i], s.notSaved[i+1:]...)
	if s.isRefusing && s.refusing == n.Cursor {
		s.isRefusing = false
	}
	return n, true
}
