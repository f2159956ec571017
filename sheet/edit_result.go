package sheet

import (
	"strings"

	"scoresheet/rules"
)

// The result a player writes after the last move of his copy ("1-0",
// "1/2", "½-½", "0-1") is the result written on that copy: typed in the
// window where the next move would go, or ending the movetext given to
// "event enter", it becomes the copy's result, and the game's while the
// game has none.

// TypedResult returns the result a cell's text stands for, as one of
// CopyResults ("1/2" is "1/2-1/2"); ok is false for any other text,
// "*" included (no result is written on a copy as unfinished).
func TypedResult(text string) (Result, bool) {
	r, ok := rules.ResultToken(strings.TrimSpace(text))
	if !ok || r == "*" {
		return "", false
	}
	return Result(r), true
}

// GameResultWith returns the game's result once result is written on a
// copy: the game takes it while it has none ("" or "*"); a result it has
// is kept (a copy that differs is a check, not a change).
func GameResultWith(game, result Result) Result {
	if game.Decided() {
		return game
	}
	return result
}

// WriteResult records result (one of CopyResults) as written on copy
// side: the copy's result, and the game's while it has none. "*" ending
// a copy (event enter's movetext) is no copy's result: the game takes it
// while it has none. One undo step; nothing when they hold it already.
func (e *Editor) WriteResult(side Side, result Result) error {
	if result != Unfinished && !ValidCopyResult(result) || result == "" {
		return &EditError{Code: "edit-bad-result"}
	}
	return e.doIf(e.resultEdit(side, result, nil))
}

// resultEdit is the edit recording result on copy side and the game, after
// the edits before (nil for none); ok is false when nothing changes.
func (e *Editor) resultEdit(side Side, result Result, before []edit) (edit, bool) {
	eds := before
	if ed, ok := e.copyResultEdit(side, result); ok && ValidCopyResult(result) {
		eds = append(eds, ed)
	}
	if g := GameResultWith(e.game.Result, result); g != e.game.Result {
		h := *e.game
		h.Result = g
		eds = append(eds, e.headerEdit(*e.game, h))
	}
	if len(eds) == 0 {
		return edit{}, false
	}
	return steps(eds...), true
}

// ResultCell takes cell index of copy side as the result written on the
// copy when it holds one (TypedResult) and is the copy's last cell: the
// cell goes, the copy's result and the game's (while it has none) are
// set, as WriteResult does. One undo step (after the step of the typing,
// which it ends); it reports whether it took the cell. A cell it does
// not take is left as it was, its typing too (a mark typed alone there
// goes to the move before without an undo step of its own,
// DropBlankLast). A result typed
// before the last cell is a cell like any other, for the reader to judge.
func (e *Editor) ResultCell(side Side, index int) (bool, error) {
	cells := *e.cells(side)
	if index < 0 || index != len(cells)-1 {
		return false, nil
	}
	c := cells[index]
	result, ok := TypedResult(c.Text)
	if !ok || c.Clock != "" || c.Note != "" || c.DrawOffer || c.Mark != MarkNone || c.Illegible || c.NotRecorded {
		return false, nil
	}
	ins := e.insertEdit(side, index, c)
	del := edit{apply: ins.revert, revert: ins.apply, scope: ins.scope}
	// The game's result is judged once the cell is gone: resultEdit
	// reads the game as it is now, which the cell does not change.
	ed, _ := e.resultEdit(side, result, []edit{del})
	if err := e.do(ed); err != nil {
		return false, err
	}
	return true, nil
}
