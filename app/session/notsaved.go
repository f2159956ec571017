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

// keepRefused keeps the text of a refusal (ns) and begins refusing the
// keys after it (blind): the arbiter typing from paper goes on typing,
// not knowing; the cells after it may hold the other writer's moves too.
func (s *Session) keepRefused(ns *NotSavedError) {
	if ns == nil || ns.Field != "" || s.game == nil {
		return
	}
	s.addNotSaved(s.game.ID, ns.Cursor, ns.Text)
	if ns.Cursor == s.cur {
		s.blind = true
	}
}

// addNotSaved keeps text refused in a cell: one text a cell, the last.
func (s *Session) addNotSaved(game int64, at Cursor, text string) *NotSavedCell {
	for i := range s.notSaved {
		if n := &s.notSaved[i]; n.Game == game && n.Cursor == at {
			n.Text = text
			return n
		}
	}
	s.notSaved = append(s.notSaved, NotSavedCell{Game: game, Cursor: at, Text: text})
	return &s.notSaved[len(s.notSaved)-1]
}

// refuseAfter refuses a key typed after a refusal while the arbiter goes
// on typing (Enter, Tab and Space between cells; no other move, no F8 or
// Shift+F8) when it adds to what the cell shows: those keys go to the
// cell's text kept, nothing is written. ok is false when no refusal is
// going on, or the key changes what the cell shows (he has seen it: his
// keys are his own again, written on the condition that the cell still
// holds it).
func (s *Session) refuseAfter(text string) (shown string, ok bool, err error) {
	if !s.blind || s.game == nil {
		return "", false, nil
	}
	held, _ := s.Cell(s.cur.Side, s.cur.Index)
	if !strings.HasPrefix(text, held.Text) || len(text) == len(held.Text) {
		s.blind = false
		return "", false, nil
	}
	add := strings.TrimPrefix(text, held.Text)
	n := s.notSavedAt(s.cur)
	if n == nil {
		n = s.addNotSaved(s.game.ID, s.cur, "")
	}
	n.Text += add
	conflict := sheet.Conflict(s.store.Location(), s.game.ID, s.cur.Side, s.cur.Index, &held)
	s.saveErr = &NotSavedError{Cursor: s.cur, Text: n.Text, Err: conflict} // the last, as the status line says it
	return held.Text, true, s.saveErr
}

// nextBlind is Next while keys are refused: the cursor goes on to the
// next cell as the arbiter means it to; past the copy's last cell, where
// it cannot, the text kept there gets a space, as typed.
func (s *Session) nextBlind() error {
	if s.cur.Index < len(s.game.Copies[s.cur.Side].Cells) {
		s.cur.Index++
		s.recompute()
		return nil
	}
	if n := s.notSavedAt(s.cur); n != nil && n.Text != "" && !strings.HasSuffix(n.Text, " ") {
		n.Text += " "
	}
	return nil
}

// Refusing reports whether the keys typed are refused and kept (after a
// refusal, until the arbiter moves otherwise than by typing on, or
// writes or drops the text kept).
func (s *Session) Refusing() bool { return s.blind }

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

// keptToDecide is the index of the text kept that F8 and Shift+F8 act
// on: the cursor's cell's when it has one (the arbiter went there to
// look at it), else the last refused; -1 when the open game has none.
func (s *Session) keptToDecide() int {
	if s.game != nil {
		for i, n := range s.notSaved {
			if n.Game == s.game.ID && n.Cursor == s.cur {
				return i
			}
		}
	}
	return s.lastNotSaved()
}

// NotSavedText is the text kept for a cell of the open game, refused
// there and not yet written or dropped, as typed (without the space the
// arbiter's last Space, Enter or Tab past the copy's end left on it:
// nextBlind).
func (s *Session) NotSavedText(side sheet.Side, index int) (string, bool) {
	if n := s.notSavedAt(Cursor{side, index}); n != nil {
		return strings.TrimRight(n.Text, " "), true
	}
	return "", false
}

// RetryNotSaved writes a text kept of the open game (keptToDecide) into
// its cell, now that the arbiter has seen what the cell holds: the
// cursor goes there, the cell is written on the condition that it still
// holds that (another change refuses it again, kept). A text kept past
// the copy's end holds the moves typed on there, one a cell (keptMoves):
// they go into the cells after it, each on the same condition. It
// reports whether there was one.
func (s *Session) RetryNotSaved() (bool, error) {
	i := s.keptToDecide()
	if i < 0 {
		return false, nil
	}
	n := s.notSaved[i]
	s.notSaved = append(s.notSaved[:i], s.notSaved[i+1:]...)
	moves := keptMoves(n.Text)
	at := n.Cursor
	for k, text := range moves {
		if k > 0 && at.Index < len(s.game.Copies[at.Side].Cells) {
			// A cell came after the one written meanwhile (another
			// writer's): the rest stays kept there, for him to see.
			s.addNotSaved(n.Game, at, strings.Join(moves[k:], " "))
			break
		}
		if err := s.retryAt(at, text); err != nil {
			var ns *NotSavedError
			if errors.As(err, &ns) {
				ns.Text = strings.Join(moves[k:], " ")
				s.keepRefused(ns)
			}
			s.recompute()
			return true, err
		}
		at.Index++
	}
	s.recompute()
	return true, nil
}

// retryAt writes a text kept into the cell at, the cursor there, as if
// typed there now (a draw offer typed with the move is its flag).
func (s *Session) retryAt(at Cursor, text string) error {
	if err := s.MoveTo(at); err != nil {
		return err
	}
	if _, err := s.Type(text); err != nil {
		return err
	}
	return s.Commit()
}

// keptMoves splits a text kept into what each cell holds. Past a copy's
// end the arbiter typing on (Space, Enter, Tab: nextBlind) had no next
// cell to go to, so the words kept are successive cells; a mark typed
// apart goes with the move before, as Next puts it. A text of one word
// is one cell, as typed.
func keptMoves(text string) []string {
	var cells []string
	for _, w := range strings.Fields(text) {
		if n := len(cells); n > 0 && markApart(w) {
			cells[n-1] += " " + w
			continue
		}
		cells = append(cells, w)
	}
	if len(cells) == 0 {
		return []string{text}
	}
	return cells
}

// DropNotSaved drops a text kept of the open game (keptToDecide; the
// arbiter decided so); it returns it.
func (s *Session) DropNotSaved() (NotSavedCell, bool) {
	i := s.keptToDecide()
	if i < 0 {
		return NotSavedCell{}, false
	}
	n := s.notSaved[i]
	s.notSaved = append(s.notSaved[:i], s.notSaved[i+1:]...)
	s.blind = false // decided
	return n, true
}
