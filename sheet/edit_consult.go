package sheet

// Consulting a copy: the arbiter types one copy in full and looks the
// other up only where the first is in doubt. The copy looked up is
// consulted (Copy.Consulted): its cells he does not type are not on the
// sheet as far as the app knows (no finding, no evidence).

// Consult makes copy side consulted and gives it cells up to index,
// blank and not typed, so that cell index can be typed: what the window
// does when the arbiter goes to a half-move of the other copy that is
// empty or shorter there. The cells it has are kept. One undo step;
// nothing to do when the copy is consulted and reaches index already.
func (e *Editor) Consult(side Side, index int) error {
	if index < 0 {
		return &EditError{Code: "edit-bad-index", Index: index}
	}
	c := &e.game.Copies[side]
	n, was := len(c.Cells), c.Consulted
	if was && index <= n {
		return nil
	}
	apply := func(e *Editor) error {
		c := &e.game.Copies[side]
		if err := e.store.ConsultCopyIf(e.game.ID, side, c.Cells, index); err != nil {
			return err
		}
		c.Consulted = true
		for len(c.Cells) < index {
			c.Cells = append(c.Cells, Cell{})
		}
		return nil
	}
	revert := func(e *Editor) error {
		c := &e.game.Copies[side]
		for len(c.Cells) > n {
			if err := e.store.DeleteCellIf(e.game.ID, side, len(c.Cells)-1, c.Cells); err != nil {
				return err
			}
			c.Cells = c.Cells[:len(c.Cells)-1]
		}
		if err := e.store.SetCopyConsultedIf(e.game.ID, side, c.Consulted, was); err != nil {
			return err
		}
		c.Consulted = was
		return nil
	}
	return e.do(edit{apply: apply, revert: revert, scope: cellsScope(side) | consultedScope(side)})
}

// SetConsulted says whether copy side is consulted or typed in full. One
// undo step.
func (e *Editor) SetConsulted(side Side, consulted bool) error {
	return e.doIf(copyFieldEdit(e, side, consulted, func(c *Copy) *bool { return &c.Consulted }, e.store.SetCopyConsultedIf, consultedScope(side)))
}
