package sheettest

import (
	"scoresheet/sheet"
)

// The writes tests make to set an event up, each through the
// conditional write the program itself uses (sheet.EventStore holds no
// other): the game, the event or the copy is read as it is now, and the
// write is conditional on that. They return the store's error as it is,
// so that a test can expect one.

// copyOf reads the cells of a copy as the store holds them now.
func copyOf(st sheet.EventStore, id int64, side sheet.Side) ([]sheet.Cell, error) {
	g, err := st.Game(id)
	if err != nil || (side != sheet.WhiteCopy && side != sheet.BlackCopy) {
		return nil, err
	}
	return g.Copies[side].Cells, nil
}

// SetCell writes cell index of a copy (index = its number of cells
// appends).
func SetCell(st sheet.EventStore, id int64, side sheet.Side, index int, c sheet.Cell) error {
	cells, err := copyOf(st, id, side)
	if err != nil {
		return err
	}
	var was *sheet.Cell
	if index >= 0 && index < len(cells) {
		was = &cells[index]
	}
	return st.SetCellIf(id, side, index, was, c)
}

// InsertCell inserts a cell at index of a copy.
func InsertCell(st sheet.EventStore, id int64, side sheet.Side, index int, c sheet.Cell) error {
	cells, err := copyOf(st, id, side)
	if err != nil {
		return err
	}
	return st.InsertCellIf(id, side, index, cells, c)
}

// DeleteCell removes cell index of a copy.
func DeleteCell(st sheet.EventStore, id int64, side sheet.Side, index int) error {
	cells, err := copyOf(st, id, side)
	if err != nil {
		return err
	}
	return st.DeleteCellIf(id, side, index, cells)
}

// ConsultCopy makes a copy consulted with at least cells cells.
func ConsultCopy(st sheet.EventStore, id int64, side sheet.Side, cells int) error {
	was, err := copyOf(st, id, side)
	if err != nil {
		return err
	}
	return st.ConsultCopyIf(id, side, was, cells)
}

// copyField reads a copy of game id (the zero copy for a side that is
// neither: the store refuses it).
func copyField(st sheet.EventStore, id int64, side sheet.Side) (sheet.Copy, error) {
	g, err := st.Game(id)
	if err != nil || (side != sheet.WhiteCopy && side != sheet.BlackCopy) {
		return sheet.Copy{}, err
	}
	return g.Copies[side], nil
}

// SetCopyLang sets a copy's notation language ("": the event's).
func SetCopyLang(st sheet.EventStore, id int64, side sheet.Side, lang string) error {
	c, err := copyField(st, id, side)
	if err != nil {
		return err
	}
	return st.SetCopyLangIf(id, side, c.Lang, lang)
}

// SetCopyResult sets the result written on a copy.
func SetCopyResult(st sheet.EventStore, id int64, side sheet.Side, result sheet.Result) error {
	c, err := copyField(st, id, side)
	if err != nil {
		return err
	}
	return st.SetCopyResultIf(id, side, c.Result, result)
}

// SetCopyConsulted sets whether a copy is consulted.
func SetCopyConsulted(st sheet.EventStore, id int64, side sheet.Side, consulted bool) error {
	c, err := copyField(st, id, side)
	if err != nil {
		return err
	}
	return st.SetCopyConsultedIf(id, side, c.Consulted, consulted)
}

// AddDecision appends an arbiter's decision to game id, after the last
// one at its ply.
func AddDecision(st sheet.EventStore, id int64, d sheet.Decision) error {
	g, err := st.Game(id)
	if err != nil {
		return err
	}
	var last *sheet.Decision
	for i := range g.Decisions {
		if g.Decisions[i].Ply == d.Ply {
			last = &g.Decisions[i]
		}
	}
	return st.AddDecisionIf(id, d, last)
}

// SetHeader replaces the header of game g.ID (its copies and decisions
// stay).
func SetHeader(st sheet.EventStore, g sheet.Game) error {
	cur, err := st.Game(g.ID)
	if err != nil {
		return err
	}
	return st.SetHeaderIf(cur, g)
}

// SetEvent replaces the event's fields and rounds.
func SetEvent(st sheet.EventStore, ev sheet.Event) error {
	cur, err := st.Event()
	if err != nil {
		return err
	}
	return st.SetEventIf(cur, ev)
}
