package sheet

// typing is the cell being typed: every keystroke is in the store
// already, the undo step is recorded when the typing ends.
type typing struct {
	side    Side
	index   int
	before  Cell
	created bool // the cell did not exist before the first keystroke
}

// TypeCell writes cell index of a copy as the arbiter types it, one
// keystroke at a time: each call is committed to the store before it
// returns, so a crash loses nothing typed, but all the calls on one cell
// make one undo step. The step ends with EndTyping, with a keystroke in
// another cell, or with any other edit, undo or redo. index == number of
// cells appends a cell.
func (e *Editor) TypeCell(side Side, index int, c Cell) error {
	if t := e.typing; t == nil || t.side != side || t.index != index {
		e.EndTyping()
		cells := *e.cells(side)
		if index < 0 || index > len(cells) {
			return &EditError{Code: "edit-bad-index", Index: index}
		}
		t = &typing{side: side, index: index, created: index == len(cells)}
		if !t.created {
			t.before = cells[index]
		}
		e.typing = t
	}
	cells := e.cells(side)
	if index == len(*cells) && c == (Cell{}) {
		return nil // an empty cell past the last is no cell
	}
	if index < len(*cells) {
		was := (*cells)[index]
		if was == c {
			return nil
		}
		if err := e.store.SetCellIf(e.game.ID, side, index, &was, c); err != nil {
			return err
		}
		(*cells)[index] = c
		return nil
	}
	// A keystroke after the last cell writes a cell where the copy ends,
	// if nobody else wrote one there meanwhile: never an insert, which
	// would push another writer's cells one place on.
	if err := e.store.SetCellIf(e.game.ID, side, index, nil, c); err != nil {
		return err
	}
	*cells = append(*cells, c)
	return nil
}

// EndTyping makes the keystrokes in the cell being typed one undo step
// (none when the cell is as it was). The store has every keystroke
// already: the step is recorded, not applied again.
func (e *Editor) EndTyping() {
	ed, ok := e.typingStep()
	e.typing = nil
	if ok {
		e.undo = append(e.undo, ed)
		e.redo = e.redo[:0]
	}
}

// typingStep returns the undo step of the cell being typed; ok is false
// when there is none or it changed nothing.
func (e *Editor) typingStep() (ed edit, ok bool) {
	t := e.typing
	if t == nil {
		return edit{}, false
	}
	cells := *e.cells(t.side)
	if t.index >= len(cells) { // the first keystroke was not written
		return edit{}, false
	}
	after := cells[t.index]
	switch {
	case t.created:
		return e.insertEdit(t.side, t.index, after), true
	case after != t.before:
		return e.setEdit(t.side, t.index, after, t.before), true
	}
	return edit{}, false
}

// DropBlankLast takes away cell index of a copy when it is the copy's
// last and blank: a cell that held only a mark which went to the move
// before ("(=)" or "e.p." typed alone after the last move). A cell the
// typing added goes with no undo step, as if never typed; one that was
// there before goes as DeleteCell takes it (one undo step). Any other
// cell stays. The typing ends either way. The window wrote this delete
// behind the editor, which left an undo step of the added cell that no
// undo could revert (store-bad-argument at every undo after it).
func (e *Editor) DropBlankLast(side Side, index int) error {
	cells := *e.cells(side)
	if index < 0 || index != len(cells)-1 || cells[index] != (Cell{}) {
		e.EndTyping()
		return nil
	}
	if t := e.typing; t == nil || t.side != side || t.index != index || !t.created {
		return e.DeleteCell(side, index)
	}
	if err := e.store.DeleteCellIf(e.game.ID, side, index, cells); err != nil {
		e.EndTyping()
		return err
	}
	e.typing = nil
	*e.cells(side) = cells[:index]
	return nil
}
