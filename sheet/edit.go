package sheet

import (
	"maps"
	"slices"
	"time"
)

// GameStore is what the editor needs of the event store: each call is
// committed before it returns. Every write is conditional on what the
// editor last saw (eventstore_conflict.go): a cell on the cell, an insert or
// a delete on the whole copy, the header on the fields changed, a
// copy's field on that field, a decision on the last one at its ply.
// Another program writing the same game (the CLI's event enter, a second
// window) is never overwritten or shifted without a word; the editor
// gets store-conflict instead.
type GameStore interface {
	SetCellIf(id int64, side Side, index int, was *Cell, c Cell) error
	InsertCellIf(id int64, side Side, index int, was []Cell, c Cell) error
	DeleteCellIf(id int64, side Side, index int, was []Cell) error
	SetCopyLangIf(id int64, side Side, was, lang string) error
	SetCopyResultIf(id int64, side Side, was, result Result) error
	SetCopyConsultedIf(id int64, side Side, was, consulted bool) error
	ConsultCopyIf(id int64, side Side, was []Cell, cells int) error
	AddDecisionIf(id int64, d Decision, was *Decision) error
	SetHeaderIf(was, g Game) error
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
	scope         scope // what of the game the edit and its undo depend on
}

// scope is a part of a game an edit reads and writes; an edit's undo
// and redo depend on nothing else. When another writer changes a part,
// the edits of that part are forgotten (Reload).
type scope uint16

const (
	scopeWhiteCells scope = 1 << iota
	scopeBlackCells
	scopeWhiteLang
	scopeBlackLang
	scopeWhiteResult
	scopeBlackResult
	scopeHeader
	scopeDecisions
	scopeWhiteConsulted
	scopeBlackConsulted
)

// cellsScope, langScope and resultScope are the scopes of a copy's
// cells, language and result.
func cellsScope(side Side) scope  { return scopeWhiteCells << side }
func langScope(side Side) scope   { return scopeWhiteLang << side }
func resultScope(side Side) scope { return scopeWhiteResult << side }

// consultedScope is the scope of whether a copy is consulted.
func consultedScope(side Side) scope { return scopeWhiteConsulted << side }

// changedScopes returns the parts where game b differs from game a.
func changedScopes(a, b *Game) scope {
	var sc scope
	for side := range a.Copies {
		ca, cb := a.Copies[side], b.Copies[side]
		if !slices.Equal(ca.Cells, cb.Cells) {
			sc |= cellsScope(Side(side))
		}
		if ca.Lang != cb.Lang {
			sc |= langScope(Side(side))
		}
		if ca.Result != cb.Result {
			sc |= resultScope(Side(side))
		}
		if ca.Consulted != cb.Consulted {
			sc |= consultedScope(Side(side))
		}
	}
	for _, f := range headerFields {
		if f.get(a) != f.get(b) {
			sc |= scopeHeader
		}
	}
	if !maps.Equal(a.Tags, b.Tags) {
		sc |= scopeHeader
	}
	if !slices.EqualFunc(a.Decisions, b.Decisions, func(x, y Decision) bool {
		return x.Ply == y.Ply && x.Move == y.Move && x.By == y.By && x.At.Equal(y.At)
	}) {
		sc |= scopeDecisions
	}
	return sc
}

// Reload takes g, the game as the store holds it now that another writer
// changed it, and reports whether it differs from the game edited. The
// cell being typed ends its undo step first if its copy changed. The undo and redo steps of
// the parts g changed (a copy's cells, language or result, the header,
// the decisions) are forgotten: they describe a game that is no longer
// there (an insert undone at its index would remove another writer's
// cell). The others stay: each is written only if the store still holds
// what it expects (GameStore). A game as it was changes nothing, not
// even the typing.
func (e *Editor) Reload(g Game) bool {
	changed := changedScopes(e.game, &g)
	if changed == 0 {
		return false
	}
	if t := e.typing; t != nil && changed&cellsScope(t.side) != 0 {
		e.EndTyping() // its step is forgotten below; typing on elsewhere stays one step
	}
	keep := func(eds []edit) []edit {
		return slices.DeleteFunc(eds, func(ed edit) bool { return ed.scope&changed != 0 })
	}
	e.undo, e.redo = keep(e.undo), keep(e.redo)
	*e.game = g
	return true
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
	return edit{apply: set(old, c), revert: set(c, old), scope: cellsScope(side)}
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
	return e.do(edit{apply: ins.revert, revert: ins.apply, scope: ins.scope})
}

func (e *Editor) insertEdit(side Side, index int, c Cell) edit {
	return edit{
		apply: func(e *Editor) error {
			if err := e.store.InsertCellIf(e.game.ID, side, index, *e.cells(side), c); err != nil {
				return err
			}
			cells := e.cells(side)
			*cells = append(*cells, Cell{})
			copy((*cells)[index+1:], (*cells)[index:])
			(*cells)[index] = c
			return nil
		},
		revert: func(e *Editor) error {
			if err := e.store.DeleteCellIf(e.game.ID, side, index, *e.cells(side)); err != nil {
				return err
			}
			cells := e.cells(side)
			*cells = append((*cells)[:index], (*cells)[index+1:]...)
			return nil
		},
		scope: cellsScope(side),
	}
}

// SetLang sets the notation language of a copy: its own, or "" for the
// event's.
func (e *Editor) SetLang(side Side, lang string) error {
	return e.doIf(copyFieldEdit(e, side, lang, func(c *Copy) *string { return &c.Lang }, e.store.SetCopyLangIf, langScope(side)))
}

// SetCopyResult sets the result written on a copy ("" for none).
func (e *Editor) SetCopyResult(side Side, result Result) error {
	return e.doIf(e.copyResultEdit(side, result))
}

func (e *Editor) copyResultEdit(side Side, result Result) (edit, bool) {
	return copyFieldEdit(e, side, result, func(c *Copy) *Result { return &c.Result }, e.store.SetCopyResultIf, resultScope(side))
}

// doIf does ed when ok (an edit that changes something).
func (e *Editor) doIf(ed edit, ok bool) error {
	if !ok {
		return nil
	}
	return e.do(ed)
}

// copyFieldEdit is the edit of one field of a copy (field finds it in the
// copy): write stores the value if the store still holds what the game
// in memory holds, then the game in memory takes it. ok is false when
// the field holds v already.
func copyFieldEdit[T comparable](e *Editor, side Side, v T, field func(*Copy) *T, write func(id int64, side Side, was, v T) error, sc scope) (ed edit, ok bool) {
	old := *field(&e.game.Copies[side])
	if old == v {
		return edit{}, false
	}
	set := func(v T) func(*Editor) error {
		return func(e *Editor) error {
			if err := write(e.game.ID, side, *field(&e.game.Copies[side]), v); err != nil {
				return err
			}
			*field(&e.game.Copies[side]) = v
			return nil
		}
	}
	return edit{apply: set(v), revert: set(old), scope: sc}, true
}

// steps makes one edit, one undo step, of several: applied in order,
// reverted in the reverse order. Where one fails, those before it are
// reverted (as far as the store lets them), so that the step is done
// whole or not at all. Its scope is all of theirs.
func steps(eds ...edit) edit {
	var sc scope
	for _, ed := range eds {
		sc |= ed.scope
	}
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
		scope: sc,
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
			if err := e.store.AddDecisionIf(e.game.ID, d, lastDecisionAt(e.game.Decisions, ply)); err != nil {
				return err
			}
			e.game.Decisions = append(e.game.Decisions, d)
			return nil
		}
	}
	return edit{apply: record(move), revert: record(prev), scope: scopeDecisions}
}

// lastDecisionAt returns the last decision at ply, nil when there is none.
func lastDecisionAt(ds []Decision, ply int) *Decision {
	for i := len(ds) - 1; i >= 0; i-- {
		if ds[i].Ply == ply {
			return &ds[i]
		}
	}
	return nil
}

// SetHeader changes the game's header: players, result, date, tags, FEN,
// from what the game in memory holds to h (SetHeaderFrom).
func (e *Editor) SetHeader(h Game) error { return e.SetHeaderFrom(*e.game, h) }

// SetHeaderFrom changes the game's header from was (the header as the
// arbiter saw it: a form shows it field by field) to h: the fields where
// h differs from was are written, if the store still holds was's value
// in each of them; a field h leaves as was keeps what the store holds.
// Undoing it sets those fields back, on the same condition. The copies
// and decisions are not touched. The tags are copied: the game never
// shares a map with the caller's, which the caller may change for its
// next edit.
func (e *Editor) SetHeaderFrom(was, h Game) error {
	return e.do(e.headerEdit(was, h))
}

// headerEdit changes the header from was to h as SetHeaderFrom does;
// reverting it sets the fields changed back to was's.
func (e *Editor) headerEdit(was, h Game) edit {
	was, h = HeaderOf(&was), HeaderOf(&h)
	set := func(from, to Game) func(*Editor) error {
		return func(e *Editor) error {
			from.ID, to.ID = e.game.ID, e.game.ID
			if err := e.store.SetHeaderIf(from, to); err != nil {
				return err
			}
			mergeHeader(e.game, from, to)
			return nil
		}
	}
	return edit{apply: set(was, h), revert: set(h, was), scope: scopeHeader}
}

// HeaderOf returns the header fields of g, tags copied.
func HeaderOf(g *Game) Game {
	return Game{ID: g.ID, Round: g.Round, Board: g.Board, White: g.White, Black: g.Black,
		Result: g.Result, Date: g.Date, Tags: maps.Clone(g.Tags), FEN: g.FEN}
}

// mergeHeader changes in g the header fields where to differs from from,
// as SetHeaderIf changes them in the store.
func mergeHeader(g *Game, from, to Game) {
	for _, f := range headerFields {
		if f.get(&to) != f.get(&from) {
			f.put(g, &to)
		}
	}
	tags := maps.Clone(g.Tags)
	for _, k := range tagNames(from.Tags, to.Tags) {
		v, ok := to.Tags[k]
		if w, wok := from.Tags[k]; v == w && ok == wok {
			continue
		}
		if tags == nil {
			tags = map[string]string{}
		}
		if ok {
			tags[k] = v
		} else {
			delete(tags, k)
		}
	}
	if len(tags) == 0 {
		tags = nil
	}
	g.Tags = tags
}
