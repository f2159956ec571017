package sheet

import (
	"fmt"
)

// Several writers on one event
//
// Two things keep a writer from losing what another wrote, or its own
// input, when several processes write one event file at once:
//
//   - A write never shifts or overwrites what the writer did not see.
//     Each conditional write (the ...If methods) checks, in the same
//     write transaction as the write, that what it replaces or moves is
//     still what the writer last saw: SetCellIf the one cell (nothing
//     there, for a cell typed after the last: never an insert), and
//     InsertCellIf and DeleteCellIf the whole copy, since every cell
//     after the place moves; SetHeaderIf the header's fields the writer
//     changed, one by one (a field it did not change keeps what another
//     writer put there); SetCopyLangIf and SetCopyResultIf their field;
//     AddDecisionIf the last decision at the ply. A writer that finds
//     something changed by someone else gets store-conflict naming it
//     and what it now holds (*CellConflict, *FieldConflict), and nothing
//     is written.
//   - Patience: a store can wait for other processes' write locks longer
//     than SQLite's busy timeout (storeBusyTimeoutMS, kept short so that
//     the window never freezes), retrying the whole transaction with
//     growing, jittered pauses. The CLI sets it; the window does not, and
//     reports store-locked at once as before.

// StoreConflict: a cell written with SetCellIf no longer held what the
// writer last saw: another writer changed it. Nothing was written.
const StoreConflict StoreErrorCode = "store-conflict"

// CellConflict is the detail of a store-conflict error: the cell, and
// what it holds now (nil when it holds nothing: no such cell).
type CellConflict struct {
	Game  int64
	Side  Side
	Index int
	Held  *Cell
}

func (c *CellConflict) Error() string {
	held := "none"
	if c.Held != nil {
		held = fmt.Sprintf("%q", c.Held.Text)
	}
	return fmt.Sprintf("game=%d side=%s index=%d held=%s", c.Game, c.Side, c.Index, held)
}

// SameCell is SetCellIf's judgement of the cell at its index, the same
// for every store: whether the cell held (nil: no cell there) is the one
// the writer saw (nil: it saw none).
func SameCell(held, was *Cell) bool {
	if held == nil || was == nil {
		return held == nil && was == nil
	}
	return *held == *was
}

// BeyondEnd is SetCellIf's judgement of a cell typed where the writer
// saw none, in a copy of n cells: beyond its end (a copy that shrank
// since), the conflict is at the first cell gone (at).
func BeyondEnd(index, n int) (at int, beyond bool) { return n, index > n }

// CopyDiff is the judgement of InsertCellIf, DeleteCellIf and
// ConsultCopyIf, the same for every store: the first cell where a copy
// holding cells differs from was, what the writer saw (held nil: no cell
// there).
func CopyDiff(cells, was []Cell) (i int, held *Cell, differs bool) {
	for i = range cells {
		if i >= len(was) || cells[i] != was[i] {
			return i, &cells[i], true
		}
	}
	if len(cells) < len(was) {
		return len(cells), nil, true
	}
	return 0, nil, false
}
