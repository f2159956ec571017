package sheet

import (
	"maps"
	"time"
)

// GameStore is what the editor needs of the event store: each call is
// committed before it returns. A cell is written only if it still holds
// what the editor last saw there (SetCellIf): another program writing
// the same copy (the CLI's event enter, a second window) is never
// overwritten without a word; the editor gets store-conflict instead.
type GameStore interface {
	SetCellIf(id int64, side Side, index int, was *Cell, c Cell) error
	InsertCell(id int64, side Side, index int, c Cell) error
	DeleteCell(id int64, side Side, index int) error
	SetCopyLang(id int64, side Side, lang string) error
	SetCopyResult(id int64, side Side, result Result) error
	SetCopyConsulted(id int64, side Side, consulted bool) error
	ConsultCopy(id int64, side Side, cells int) error
	AddDecision(id int64, d Decision) error
	SetHeader(g Game) error
}

// EditCode says why an edit was refused: "edit-bad-index",
// "edit-nothing-to-undo", "edit-nothing-to-redo", "edit-bad-result" (a
// result no copy can hold), "edit-bad-ply", "edit-bad-take" and
// "edit-nothing-decided" (Take) (EditErrorCodes).
type EditCode string

// EditError says why an edit was refused.
type EditError struct {
	Code  EditCode
	Index int
}

func (e *EditError) Error() string { return string(e.Code) }

// Editor edits one game: every edit goes to the store (committed before
// the call returns) and to the game in memory, and can be undone and
// redone. Undoing a decision records that it was withdrawn; the history of
// decisions is never rewritten.
type Editor struct {
	store GameStore
	game  *Game
	undo  []edit
	redo  []edit
	now   func() time.Time
	// typing is the cell being typed keystroke by keystroke (TypeCell),
	// nil when none: its undo step is recorded when the typing ends.
	typing *typing
}

type edit struct {
	apply, revert func(e *Editor) error
}

// NewEditor edits g, which must already be in store.
func NewEditor(store GameStore, g *Game) *Editor {
	return &Editor{store: store, game: g, now: time.Now}
}

// Game returns the game as edited so far.
func (e *Editor) Game() *Game { return e.game }

// CanUndo and CanRedo report whether there is an edit to undo or redo.
// A cell being typed that changed is an edit to undo, and leaves none to
// redo: the typing ends before an undo or redo.
func (e *Editor) CanUndo() bool {
	_, typed := e.typingStep()
	return len(e.undo) > 0 || typed
}

func (e *Editor) CanRedo() bool {
	_, typed := e.typingStep()
	return len(e.redo) > 0 && !typed
}

// do applies an edit and records it as an undo step, after the step of
// the cell being typed.
func (e *Editor) do(ed edit) error {
	e.EndTyping()
	if err := ed.apply(e); err != nil {
		return err
	}
	e.undo = append(e.undo, ed)
	e.redo = e.redo[:0]
	return nil
}

// Undo reverts the last edit.
func (e *Editor) Undo() error {
	return e.travel(&e.undo, &e.redo, "edit-nothing-to-undo", func(ed edit) error { return ed.revert(e) })
}

// Redo applies the last undone edit again.
func (e *Editor) Redo() error {
	return e.travel(&e.redo, &e.undo, "edit-nothing-to-redo", func(ed edit) error { return ed.apply(e) })
}

// travel ends the typing, runs the last edit of from with run and moves
// it to to: from is the undo stack and to the redo stack, or the other
// way round. An empty from is an EditError with code.
func (e *Editor) travel(from, to *[]edit, code EditCode, run func(edit) error) error {
	e.EndTyping()
	if len(*from) == 0 {
		return &EditError{Code: code}
	}
	ed := (*from)[len(*from)-1]
	if err := run(ed); err != nil {
		return err
	}
	*from = (*from)[:len(*from)-1]
	*to = append(*to, ed)
	return nil
}

func (e *Editor) cells(side Side) *[]Cell { return &e.game.Copies[side].Cells }

// SetCell writes cell index of a copy; index == number of cells appends.
func (e *Editor) SetCell(side Side, index int, c Cell) error {
	cells := e.cells(side)
	if index < 0 || index > len(*cells) {
		return &EditError{Code: "edit-bad-index", Index: index}
	}
	if index == len(*cells) {
		return e.do(e.insertEdit(side, index, c))
	}
	old := (*cells)[index]
	if old == c {
		return nil
	}
	return e.do(e.setEdit(side, index, c, old))
}

// setEdit writes cell index of a copy with c; reverting it writes old.
// Each write expects the cell to hold what the other one wrote.
func (e *Editor) setEdit(side Side, index int, c, old Cell) edit {
	set := func(was, v Cell) func(*Editor) error {
		return func(e *Editor) error {
			if err := e.store.SetCellIf(e.game.ID, side, index, &was, v); err != nil {
				return err
			}
			(*e.cells(side))[index] = v
			return nil
		}
	}
	return edit{apply: set(old, c), revert: set(c, old)}
}

// InsertCell puts a cell before index (a move the player forgot to write
// and wrote in the margin); the cells after it move one ply on.
func (e *Editor) InsertCell(side Side, index int, c Cell) error {
	if index < 0 || index > len(*e.cells(side)) {
		return &EditError{Code: "edit-bad-index", Index: index}
	}
	return e.do(e.insertEdit(side, index, c))
}

// DeleteCell removes cell index; the cells after it move one ply back.
func (e *Editor) DeleteCell(side Side, index int) error {
	if index < 0 || index >= len(*e.cells(side)) {
		return &EditError{Code: "edit-bad-index", Index: index}
	}
	ins := e.insertEdit(side, index, (*e.cells(side))[index])
	return e.do(edit{apply: ins.revert, revert: ins.apply})
}

func (e *Editor) insertEdit(side Side, index int, c Cell) edit {
	return edit{
		apply: func(e *Editor) error {
			if err := e.store.InsertCell(e.game.ID, side, index, c); err != nil {
				return err
			}
			cells := e.cells(side)
			*cells = append(*cells, Cell{})
			copy((*cells)[index+1:], (*cells)[index:])
			(*cells)[index] = c
			return nil
		},
		revert: func(e *Editor) error {
			if err := e.store.DeleteCell(e.game.ID, side, index); err != nil {
				return err
			}
			cells := e.cells(side)
			*cells = append((*cells)[:index], (*cells)[index+1:]...)
			return nil
		},
	}
}

// SetLang sets the notation language of a copy: its own, or "" for the
// event's.
func (e *Editor) SetLang(side Side, lang string) error {
	return e.doIf(copyFieldEdit(e, side, lang, func(c *Copy) *string { return &c.Lang }, e.store.SetCopyLang))
}

// SetCopyResult sets the result written on a copy ("" for none).
func (e *Editor) SetCopyResult(side Side, result Result) error {
	return e.doIf(e.copyResultEdit(side, result))
}

func (e *Editor) copyResultEdit(side Side, result Result) (edit, bool) {
	return copyFieldEdit(e, side, result, func(c *Copy) *Result { return &c.Result }, e.store.SetCopyResult)
}

// doIf does ed when ok (an edit that changes something).
func (e *Editor) doIf(ed edit, ok bool) error {
	if !ok {
		return nil
	}
	return e.do(ed)
}

// copyFieldEdit is the edit of one field of a copy (field finds it in the
// copy): write stores the value, then the game in memory takes it. ok is
// false when the field holds v already.
func copyFieldEdit[T comparable](e *Editor, side Side, v T, field func(*Copy) *T, write func(int64, Side, T) error) (ed edit, ok bool) {
	old := *field(&e.game.Copies[side])
	if old == v {
		return edit{}, false
	}
	set := func(v T) func(*Editor) error {
		return func(e *Editor) error {
			if err := write(e.game.ID, side, v); err != nil {
				return err
			}
			*field(&e.game.Copies[side]) = v
			return nil
		}
	}
	return edit{apply: set(v), revert: set(old)}, true
}

// steps makes one edit, one undo step, of several: applied in order,
// reverted in the reverse order. Where one fails, those before it are
// reverted (as far as the store lets them), so that the step is done
// whole or not at all.
func steps(eds ...edit) edit {
	return edit{
		apply: func(e *Editor) error {
			for i, ed := range eds {
				if err := ed.apply(e); err != nil {
					for k := i - 1; k >= 0; k-- {
						eds[k].revert(e)
					}
					return err
				}
			}
			return nil
		},
		revert: func(e *Editor) error {
			for i := len(eds) - 1; i >= 0; i-- {
				if err := eds[i].revert(e); err != nil {
					for k := i + 1; k < len(eds); k++ {
						eds[k].apply(e)
					}
					return err
				}
			}
			return nil
		},
	}
}

// Decide records the arbiter's decision of the move (UCI) at ply.
// Undo records a withdrawal; redo records the decision again.
func (e *Editor) Decide(ply int, uci, by string) error {
	prev := ""
	if d, ok := latestDecisions(e.game.Decisions)[ply]; ok {
		prev = d.Move
	}
	return e.do(e.decisionEdit(ply, uci, prev, by))
}

// decisionEdit records a decision at ply; reverting it records prev.
func (e *Editor) decisionEdit(ply int, move, prev, by string) edit {
	record := func(move string) func(*Editor) error {
		return func(e *Editor) error {
			d := Decision{Ply: ply, Move: move, By: by, At: e.now().UTC()}
			if err := e.store.AddDecision(e.game.ID, d); err != nil {
				return err
			}
			e.game.Decisions = append(e.game.Decisions, d)
			return nil
		}
	}
	return edit{apply: record(move), revert: record(prev)}
}

// SetHeader changes the game's header: players, result, date, tags, FEN.
// The copies and decisions are not touched.
// The tags are copied: the game never shares a map with the caller's
// header, which the caller may change for its next edit.
func (e *Editor) SetHeader(h Game) error {
	return e.do(e.headerEdit(h))
}

// headerEdit sets the header to h; reverting it sets it back as it is.
func (e *Editor) headerEdit(h Game) edit {
	old := *e.game
	old.Tags = maps.Clone(old.Tags)
	h.Tags = maps.Clone(h.Tags)
	set := func(v Game) func(*Editor) error {
		return func(e *Editor) error {
			g := *e.game
			g.Round, g.Board, g.White, g.Black = v.Round, v.Board, v.White, v.Black
			g.Result, g.Date, g.Tags, g.FEN = v.Result, v.Date, maps.Clone(v.Tags), v.FEN
			if err := e.store.SetHeader(g); err != nil {
				return err
			}
			*e.game = g
			return nil
		}
	}
	return edit{apply: set(h), revert: set(old)}
}
