package sheet

import "strings"

// What every face does with what the arbiter types in a cell, in one
// place: the window (app/session) and the command line (event enter,
// event mark) call these, so that a cell typed in either is stored the
// same way.

// drawOfferSign is how a player writes a draw offer after his move (C.13).
const drawOfferSign = "(=)"

// TypedDrawOffer reads the draw offer in a typed text: "Nf3 (=)" is the
// move "Nf3" with the draw offer. rest is the text without "(=)" and the
// blanks around it; offer is false (and rest the text) when there is
// none. A cell stores the offer as its flag (Cell.DrawOffer), never as
// text, whichever face typed it.
func TypedDrawOffer(text string) (rest string, offer bool) {
	if !strings.Contains(text, drawOfferSign) {
		return text, false
	}
	return strings.TrimSpace(strings.ReplaceAll(text, drawOfferSign, "")), true
}

// WriteCell writes cell index of a copy with c; index == number of cells
// adds it after the last. The write holds only if the store still holds
// that cell as the game in memory has it, or no cell there for one
// added: another writer's cell is never overwritten, and never pushed
// one place on (an insert would). One undo step. A cell that holds c
// already is written all the same: the write says whether another writer
// changed it since (the command line's event enter writes its cells so,
// and stops at the first one refused).
func (e *Editor) WriteCell(side Side, index int, c Cell) error {
	cells := *e.cells(side)
	switch {
	case index < 0 || index > len(cells):
		return &EditError{Code: "edit-bad-index", Index: index}
	case index < len(cells):
		return e.do(e.setEdit(side, index, c, cells[index]))
	}
	ins := e.insertEdit(side, index, c)
	ins.apply = func(e *Editor) error {
		if err := e.store.SetCellIf(e.game.ID, side, index, nil, c); err != nil {
			return err
		}
		*e.cells(side) = append(*e.cells(side), c)
		return nil
	}
	return e.do(ins)
}

// Mark marks cell index of a copy as one of the Laws' special cases (a
// draw claimed with the intended move, a sealed move, where recording
// stopped under 8.4), or takes its mark off (MarkNone); the writing
// stays. A mark on the cell after the last adds a blank cell with it
// (WriteCell); taking a mark off there does nothing. One undo step.
func (e *Editor) Mark(side Side, index int, mark CellMark) error {
	cells := *e.cells(side)
	if index < 0 || index > len(cells) {
		return &EditError{Code: "edit-bad-index", Index: index}
	}
	var c Cell
	if index < len(cells) {
		c = cells[index]
	} else if mark == MarkNone {
		return nil // no cell to take a mark off: nothing is added
	}
	c.Mark = mark
	return e.WriteCell(side, index, c)
}
