package session

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Session is the window's controller, free of Fyne so that tests drive it
// directly: the open event store, the games, the game being typed, its
// editor, the cursor, and the reconciled game and arbiter checks, which
// are recomputed after every edit. The widgets only render it.
//
// Saving: every keystroke in a cell is written to the store at once (the
// store commits before it returns), so a crash loses nothing typed. Undo
// works per cell: the keystrokes in one cell become one undo step when
// the cursor leaves the cell (Commit); the editor merges them.
type Session struct {
	store   sheet.EventStore
	changes <-chan sheet.Change // what other writers change (live.go)
	openID  atomic.Int64        // the open game's id, 0 for none: Prepare reads it off the UI thread
	event   sheet.Event
	games   []GameInfo
	byID    map[int64]int // index into games
	states  map[int64]sheet.GameState

	game   *sheet.Game
	ed     *sheet.Editor
	reader *sheet.Reader // reads the game again after each key, as it read it before
	rec    *sheet.Reconciled
	checks []sheet.CheckFinding
	cur    Cursor

	// Arbiter is who decisions are recorded as made by.
	Arbiter string

	saved   time.Time // the last successful write
	saveErr error     // the last write's error, nil when it succeeded
	// changedUnder is the cursor's cell when another writer changed it
	// under the cursor (live.go): the next keystroke there is
	// not saved, since it was typed into what the cell held before.
	changedUnder *CellChanged
	off          offline // while the event's server cannot be reached (offline.go)
	// notSaved: texts typed into cells another writer changed, refused
	// and kept until the arbiter writes or drops them (notsaved.go);
	// blind: the keys typed on after a refusal are refused and kept too.
	notSaved []NotSavedCell
	blind    bool
}

// Cursor is the cell being typed: a copy and a cell index (0-based ply).
type Cursor struct {
	Side  sheet.Side
	Index int
}

// GameInfo is what the navigator shows of a game.
type GameInfo struct {
	ID           int64
	Round, Board int
	White, Black string
	Result       sheet.Result
	State        sheet.GameState // as sheet judges it for every face
}

// NewSession opens a session on an open event store.
func NewSession(st sheet.EventStore) (*Session, error) {
	// Watched before the first reading: what others commit from now on is
	// told (Changes).
	s := &Session{changes: st.Changes(), Arbiter: "arbiter"}
	s.store = &gatedStore{EventStore: st, off: &s.off}
	if err := s.reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// Store returns the event store.
func (s *Session) Store() sheet.EventStore { return s.store }

// Event returns the event; its rounds are the caller's own copy: an
// event changed from it and given back (SetEvent) is compared with the
// session's, which must not change with it.
func (s *Session) Event() sheet.Event {
	ev := s.event
	ev.Rounds = slices.Clone(ev.Rounds)
	return ev
}

// reload reads the event and every game's summary from the store.
func (s *Session) reload() error {
	ev, err := s.store.Event()
	if err != nil {
		return err
	}
	all, err := s.store.Games()
	if err != nil {
		return err
	}
	s.event = ev
	s.games = s.games[:0]
	s.byID = map[int64]int{}
	s.states = map[int64]sheet.GameState{}
	for i := range all {
		g := &all[i]
		s.games = append(s.games, GameInfo{ID: g.ID, Round: g.Round, Board: g.Board,
			White: g.White.Name, Black: g.Black.Name, Result: g.Result, State: StateOf(g, ev.Conditions())})
	}
	s.sortGames()
	return nil
}

// Games returns every game's summary, by round and board.
func (s *Session) Games() []GameInfo { return s.games }

// Rounds returns the round numbers that have games or are in the event.
func (s *Session) Rounds() []int {
	var rs []int
	for _, r := range s.event.Rounds {
		rs = append(rs, r.Number)
	}
	for _, g := range s.games {
		rs = append(rs, g.Round)
	}
	slices.Sort(rs)
	return slices.Compact(rs)
}

// GamesOf returns the games of round r.
func (s *Session) GamesOf(r int) []GameInfo {
	var out []GameInfo
	for _, g := range s.games {
		if g.Round == r {
			out = append(out, g)
		}
	}
	return out
}

// Info returns the summary of game id.
func (s *Session) Info(id int64) (GameInfo, bool) {
	i, ok := s.byID[id]
	if !ok {
		return GameInfo{}, false
	}
	return s.games[i], true
}

// StateOf judges a board for the navigator (sheet.Analyse).
func StateOf(g *sheet.Game, on sheet.Conditions) sheet.GameState { return sheet.Analyse(g, on).State }

// OpenGame makes game id the game being typed; the cursor goes to the
// first empty cell of White's copy.
func (s *Session) OpenGame(id int64) error {
	if err := s.Commit(); err != nil {
		return err
	}
	g, err := s.store.Game(id)
	if err != nil {
		return err
	}
	s.game = &g
	s.openID.Store(g.ID)
	s.ed = sheet.NewEditor(s.store, s.game)
	s.reader = sheet.NewReader() // what it remembers of the last board is let go
	s.cur = Cursor{Side: sheet.WhiteCopy, Index: s.firstEmpty(sheet.WhiteCopy)}
	s.changedUnder = nil
	s.recompute()
	return nil
}

// OpenGameAt opens the game of a round and board.
func (s *Session) OpenGameAt(round, board int) error {
	for _, g := range s.games {
		if g.Round == round && g.Board == board {
			return s.OpenGame(g.ID)
		}
	}
	return &sheet.StoreError{Code: sheet.StoreNotFound, Path: s.store.Location()}
}

func (s *Session) firstEmpty(side sheet.Side) int {
	cells := s.game.Copies[side].Cells
	for i, c := range cells {
		if strings.TrimSpace(c.Text) == "" {
			return i
		}
	}
	return len(cells)
}

// Game returns the game being typed, or nil.
func (s *Session) Game() *sheet.Game { return s.game }

// Reconciled returns the game's reconciled moves.
func (s *Session) Reconciled() *sheet.Reconciled { return s.rec }

// Checks returns the arbiter checks of the game.
func (s *Session) Checks() []sheet.CheckFinding { return s.checks }

// Cursor returns the cell being typed.
func (s *Session) Cursor() Cursor { return s.cur }

// Saved returns when the last write was committed and the last write's
// error (nil when it succeeded).
func (s *Session) Saved() (time.Time, error) { return s.saved, s.saveErr }

// A write refused because another program changed what it would replace
// or move since the window read it (store-conflict) reads the game
// again, so that every cell and field shows what the file holds: the
// window never goes on showing, or writing over, what another writer
// saved.
func (s *Session) wrote(err error) error {
	s.saveErr = err
	if err == nil {
		if !s.off.active.Load() { // a write kept in the journal is not saved yet
			s.saved = time.Now()
		}
		return nil
	}
	if OfflineErr(err) {
		s.goOffline(err)
	}
	if sheet.StoreErrorCodeOf(err) == sheet.StoreConflict && s.game != nil {
		s.readGameAgain()
	}
	return err
}

// readGameAgain reads the game being typed from the store. The undo steps
// of what another writer changed are forgotten (sheet.Editor's Reload).
// The cursor stays where it was.
func (s *Session) readGameAgain() {
	if s.game == nil {
		return
	}
	if _, _, gone := s.readOpenGame(); gone != nil {
		s.reload() // the board is gone: the navigator says so
		return
	}
	s.recompute()
}

// NotSavedError: what the arbiter typed was not saved because another
// program had changed it (Err is the store-conflict): a cell, or a
// header field (Field, sheet.FieldConflict's name of it). The window
// says which and what was typed, so it can be typed again.
type NotSavedError struct {
	Cursor
	Field string
	Text  string
	Err   error
}

func (e *NotSavedError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("not saved: %s %q: %v", e.Field, e.Text, e.Err)
	}
	return fmt.Sprintf("not saved: %s %d %q: %v", e.Side, e.Index, e.Text, e.Err)
}

func (e *NotSavedError) Unwrap() error { return e.Err }

// recompute reconciles the game and runs the checks after an edit.
func (s *Session) recompute() {
	if s.game == nil {
		return
	}
	// A key reads again only what it changed (sheet.Reader): a whole
	// reading of a long sheet of unreadable cells took half a second.
	if s.reader == nil {
		s.reader = sheet.NewReader()
	}
	a := s.reader.Analyse(s.game, s.event.Conditions())
	s.rec, s.checks = a.Rec, a.Checks
	if s.rec == nil {
		s.rec = &sheet.Reconciled{} // the start position does not read: no moves
	}
	if i, ok := s.byID[s.game.ID]; ok {
		gi := &s.games[i]
		gi.State = a.State
		gi.White, gi.Black, gi.Result = s.game.White.Name, s.game.Black.Name, s.game.Result
		gi.Round, gi.Board = s.game.Round, s.game.Board
	}
}

// Len returns the number of cells of a copy.
func (s *Session) Len(side sheet.Side) int {
	if s.game == nil {
		return 0
	}
	return len(s.game.Copies[side].Cells)
}

// Cell returns a cell of a copy; ok is false past the last cell.
func (s *Session) Cell(side sheet.Side, index int) (sheet.Cell, bool) {
	if s.game == nil || index < 0 || index >= len(s.game.Copies[side].Cells) {
		return sheet.Cell{}, false
	}
	return s.game.Copies[side].Cells[index], true
}

// Reading returns how a cell reads in the game; ok is false for a cell
// that does not exist.
func (s *Session) Reading(side sheet.Side, index int) (*sheet.CopyCell, *sheet.Ply) {
	if s.rec == nil || index < 0 {
		return nil, nil
	}
	if cc, p := s.rec.CellAt(side, index); cc != nil {
		return cc, p // a realigned copy's cell is read at another ply
	}
	if index >= len(s.rec.Plies) {
		return nil, nil
	}
	p := &s.rec.Plies[index]
	if cc := p.Copies[side]; cc != nil && cc.Index != index {
		return nil, p // the ply's cell of this copy is another one
	}
	return p.Copies[side], p
}

// Status returns the verdict on a cell: StatusMissing for a blank or
// absent cell.
func (s *Session) Status(side sheet.Side, index int) rules.CellStatus {
	cc, _ := s.Reading(side, index)
	if cc == nil {
		return rules.StatusMissing
	}
	return cc.Reading.Status
}

// Type sets the text of the cursor's cell as the arbiter types it; the
// cell is saved at once. "(=)" in the text is taken out and toggles the
// draw offer: on this cell, or, typed alone in an empty cell, on the
// cell before (the offer is written after the move). It returns the
// text the cell now holds.
func (s *Session) Type(text string) (string, error) {
	if s.game == nil {
		return text, nil
	}
	if shown, ok, err := s.refuseAfter(text); ok {
		return shown, err
	}
	if err := s.refuseUnder(text); err != nil {
		var ns *NotSavedError
		if errors.As(err, &ns) {
			s.keepRefused(ns)
		}
		c, _ := s.Cell(s.cur.Side, s.cur.Index)
		return c.Text, err
	}
	if rest, offer := sheet.TypedDrawOffer(text); offer {
		if rest == "" && s.cur.Index > 0 {
			if err := s.setText(""); err != nil {
				return "", err
			}
			s.dropIfEmptyLast(s.cur)
			prev := Cursor{s.cur.Side, s.cur.Index - 1}
			err := s.toggleDraw(prev)
			s.recompute()
			return "", err
		}
		if err := s.setText(rest); err != nil {
			return rest, err
		}
		err := s.ToggleDraw()
		return rest, err
	}
	err := s.setText(text)
	s.recompute()
	var ns *NotSavedError
	if errors.As(err, &ns) {
		s.keepRefused(ns)
		c, _ := s.Cell(s.cur.Side, s.cur.Index)
		return c.Text, err // the cell shows what the file holds
	}
	return text, err
}

// setText writes the cursor's cell with text, keeping the rest of it.
func (s *Session) setText(text string) error {
	c, _ := s.Cell(s.cur.Side, s.cur.Index)
	if c.Text == text {
		return nil
	}
	c.Text = text
	at := s.cur
	wasOffline := s.off.active.Load()
	err := s.ed.TypeCell(at.Side, at.Index, c)
	s.noteTyped(wasOffline, at, text, err)
	var cc *sheet.CellConflict
	if errors.As(err, &cc) {
		err = &NotSavedError{Cursor: at, Text: text, Err: err}
	}
	return s.wrote(err)
}

// Commit makes the keystrokes in the cell being typed one undo step.
func (s *Session) Commit() error {
	if s.ed != nil {
		s.ed.EndTyping()
	}
	return nil
}

// dropIfEmptyLast ends the typing and removes the last cell of a copy
// when it is blank and at (a cell made only to hold a mark that went to
// the cell before), through the editor (sheet.Editor.DropBlankLast).
func (s *Session) dropIfEmptyLast(at Cursor) {
	s.wrote(s.ed.DropBlankLast(at.Side, at.Index))
}

// markApart reports whether text, typed alone in a cell and confirmed,
// is a mark that goes to the move before (rules.MarkApart, as event
// enter's movetext reads it); question marks alone are a move not
// written, as the arbiter types it.
func markApart(text string) bool {
	return rules.MarkApart(text) && strings.Trim(text, "?") != ""
}

// Next moves to the next cell of the copy in scoresheet order (Enter,
// Tab, Space). A mark written apart from its move ("exd6 e.p.") goes back
// to the move's cell.
func (s *Session) Next() error {
	if s.game == nil {
		return nil
	}
	if s.blind {
		return s.nextBlind()
	}
	side, i := s.cur.Side, s.cur.Index
	cells := &s.game.Copies[side].Cells
	if took, err := s.takeResult(side, i); took || err != nil {
		return err
	}
	if i < len(*cells) && i > 0 && markApart(strings.TrimSpace((*cells)[i].Text)) && (*cells)[i-1].Text != "" {
		mark := strings.TrimSpace((*cells)[i].Text)
		if err := s.setText(""); err != nil {
			return err
		}
		s.dropIfEmptyLast(s.cur)
		prev := (*cells)[i-1]
		prev.Text += " " + mark
		err := s.wrote(s.ed.SetCell(side, i-1, prev))
		s.recompute()
		return err
	}
	if i >= len(*cells) {
		// Past the last cell nothing is typed yet: stay. A move the player
		// did not write is typed as "-" or "?".
		return s.Commit()
	}
	return s.MoveTo(Cursor{side, i + 1})
}

// takeResult takes cell i of copy side, confirmed, as the result written
// on the copy when it is the copy's last cell and holds a result and
// nothing else ("1-0", "1/2", "½-½", "0-1"), as event enter does with the
// result that ends a copy's movetext (sheet.Editor.ResultCell): the cell
// goes (it is no move), the copy's result is set, and the game's while
// it has none (a result it has is never overwritten: a copy that
// differs is a check). The cursor stays in the cell after the last move.
func (s *Session) takeResult(side sheet.Side, i int) (bool, error) {
	took, err := s.ed.ResultCell(side, i)
	if !took && err == nil {
		return false, nil
	}
	err = s.wrote(err)
	if took {
		s.sortGames()
	}
	s.recompute()
	return took, err
}

// Prev moves to the previous cell (Shift+Tab).
func (s *Session) Prev() error { return s.MoveTo(Cursor{s.cur.Side, s.cur.Index - 1}) }

// Up and Down move a row up or down: the same player's move.
func (s *Session) Up() error   { return s.MoveTo(Cursor{s.cur.Side, s.cur.Index - 2}) }
func (s *Session) Down() error { return s.MoveTo(Cursor{s.cur.Side, s.cur.Index + 2}) }

// SwitchCopy moves to the same cell of the other copy (F6, Ctrl+J). On
// a half-move of this copy where the other is shorter, even empty, the
// arbiter is looking that half-move up on the other paper: the other copy
// becomes consulted and gets blank cells up to it (sheet.Editor.Consult,
// one undo step), so that he types just that cell. From the cell after
// this copy's last, or where the other copy reaches, the cursor goes
// there as ever (the other copy's end at most): the arbiter who finished
// one copy starts the other, typed in full.
func (s *Session) SwitchCopy() error {
	if s.game == nil {
		return nil
	}
	other, i := 1-s.cur.Side, s.cur.Index
	if i < len(s.game.Copies[s.cur.Side].Cells) && i > len(s.game.Copies[other].Cells) {
		if err := s.Commit(); err != nil {
			return err
		}
		if err := s.wrote(s.ed.Consult(other, i)); err != nil {
			s.recompute()
			return err
		}
	}
	return s.MoveTo(Cursor{other, i})
}

// SetConsulted says whether a copy is consulted (typed only at the
// half-moves looked up) or typed in full. One undo step.
func (s *Session) SetConsulted(side sheet.Side, consulted bool) error {
	return s.edit(func(ed *sheet.Editor) error { return ed.SetConsulted(side, consulted) })
}

// NotLookedUp reports whether cell index of a copy is a half-move of the
// game the arbiter did not look up: the copy is consulted, he typed
// nothing there, and the other copy reaches it. Such a cell is no
// finding; the window shows it as not looked up, not as missing.
func (s *Session) NotLookedUp(side sheet.Side, index int) bool {
	if s.game == nil || index < 0 || !s.game.Copies[side].Consulted {
		return false
	}
	if c, ok := s.Cell(side, index); ok && c.Typed() {
		return false
	}
	return index < max(s.Len(sheet.WhiteCopy), s.Len(sheet.BlackCopy))
}

// MoveTo commits the cell being typed and moves the cursor, kept within
// the copy's cells and the one after them.
func (s *Session) MoveTo(c Cursor) error {
	if s.game == nil {
		return nil
	}
	s.changedUnder = nil
	s.blind = false // moved otherwise than by typing on: his keys are his own again
	err := s.Commit()
	c.Index = max(0, min(c.Index, len(s.game.Copies[c.Side].Cells)))
	s.cur = c
	s.recompute()
	return err
}

// MoveToPly moves the cursor to the cell of half-move index in copy
// side, or in the other copy when side's holds nothing typed there
// (beyond its end, or a blank cell of a consulted copy not looked up)
// and the other's does: a check's half-move seen from a consulted copy
// goes where the half-move is written, so that F6 from there goes to
// the consulted copy's cell at that half-move (consulting it there if
// need be), never to a written cell of the other copy, where the keys
// would be added to what it holds ("a6Re1", "Bb9Bb5").
func (s *Session) MoveToPly(side sheet.Side, index int) error {
	if s.game != nil && !s.typedAt(side, index) && s.typedAt(1-side, index) {
		side = 1 - side
	}
	return s.MoveTo(Cursor{Side: side, Index: index})
}

// typedAt reports whether a copy's cell holds something typed.
func (s *Session) typedAt(side sheet.Side, index int) bool {
	c, ok := s.Cell(side, index)
	return ok && c.Typed()
}

// edit makes one edit of the game being typed as the window's edits are
// made: nothing without a game; the cell being typed is committed first
// (its own undo step); then do writes through the Editor, the write is
// told (wrote) and the game judged again.
func (s *Session) edit(do func(ed *sheet.Editor) error) error {
	if s.game == nil {
		return nil
	}
	if err := s.Commit(); err != nil {
		return err
	}
	err := s.wrote(do(s.ed))
	s.recompute()
	return err
}

// ToggleDraw toggles the draw offer mark of the cursor's cell.
func (s *Session) ToggleDraw() error {
	if s.game == nil {
		return nil
	}
	if err := s.Commit(); err != nil {
		return err
	}
	err := s.toggleDraw(s.cur)
	s.recompute()
	return err
}

func (s *Session) toggleDraw(at Cursor) error {
	c, ok := s.Cell(at.Side, at.Index)
	if !ok && at.Index > len(s.game.Copies[at.Side].Cells) {
		return nil
	}
	c.DrawOffer = !c.DrawOffer
	return s.wrote(s.ed.SetCell(at.Side, at.Index, c))
}

// SetMark marks the cursor's cell as one of the Laws' special cases (a
// draw claimed with the intended move, a sealed move, where recording
// stopped under 8.4), or takes its mark off (sheet.MarkNone). The cell
// after the last one is added blank (sheet.Editor.Mark, as event mark
// does). One undo step; the writing stays.
func (s *Session) SetMark(mark sheet.CellMark) error {
	if s.game == nil {
		return nil
	}
	if err := s.Commit(); err != nil {
		return err
	}
	at := s.cur
	if at.Index > len(s.game.Copies[at.Side].Cells) {
		return nil // no cell to add
	}
	err := s.wrote(s.ed.Mark(at.Side, at.Index, mark))
	s.recompute()
	return err
}

// InsertCell puts an empty cell at the cursor, for a move the arbiter
// skipped or the player wrote in the margin: the cells from the cursor on
// move one half-move later, nothing written is lost. One undo step.
func (s *Session) InsertCell() error {
	return s.shiftCells(func(side sheet.Side, i int) error { return s.ed.InsertCell(side, i, sheet.Cell{}) })
}

// DeleteCell removes the cursor's cell, one typed twice or not on the
// paper: the cells after it move one half-move earlier. One undo step.
func (s *Session) DeleteCell() error {
	return s.shiftCells(s.ed.DeleteCell)
}

// shiftCells runs an edit that moves the cells from the cursor on; after
// the last cell there is nothing to move and it does nothing.
func (s *Session) shiftCells(edit func(side sheet.Side, index int) error) error {
	if s.game == nil {
		return nil
	}
	if err := s.Commit(); err != nil {
		return err
	}
	if s.cur.Index >= len(s.game.Copies[s.cur.Side].Cells) {
		return nil
	}
	err := s.wrote(edit(s.cur.Side, s.cur.Index))
	s.clampCursor()
	s.recompute()
	return err
}

// Undo and Redo undo and redo the last edit (a cell, a draw offer, a
// decision, a language, the header).
func (s *Session) Undo() error { return s.undoRedo((*sheet.Editor).CanUndo, (*sheet.Editor).Undo) }
func (s *Session) Redo() error { return s.undoRedo((*sheet.Editor).CanRedo, (*sheet.Editor).Redo) }

// undoRedo makes the cell being typed an undo step, then undoes or redoes
// an edit when there is one.
func (s *Session) undoRedo(can func(*sheet.Editor) bool, do func(*sheet.Editor) error) error {
	if s.game == nil {
		return nil
	}
	if err := s.Commit(); err != nil {
		return err
	}
	if !can(s.ed) {
		return nil
	}
	err := s.wrote(do(s.ed))
	s.clampCursor()
	s.recompute()
	return err
}

func (s *Session) clampCursor() {
	s.cur.Index = max(0, min(s.cur.Index, len(s.game.Copies[s.cur.Side].Cells)))
}

// Decide records the arbiter's decision of the move at ply (1-based).
func (s *Session) Decide(ply int, m rules.Move) error {
	return s.edit(func(ed *sheet.Editor) error { return ed.Decide(ply, m.UCI(), s.Arbiter) })
}

// SetLang sets a copy's notation language.
func (s *Session) SetLang(side sheet.Side, code string) error {
	return s.edit(func(ed *sheet.Editor) error { return ed.SetLang(side, code) })
}

// SetCopyResult sets the result written on a copy ("" for none).
func (s *Session) SetCopyResult(side sheet.Side, result sheet.Result) error {
	return s.edit(func(ed *sheet.Editor) error { return ed.SetCopyResult(side, result) })
}

// SetHeader changes the game's header from was, the header as the
// window shows it, to h: the fields where h differs from was are saved,
// each only if no other program changed it since (else a
// *NotSavedError naming the first such field, and nothing is saved); a
// field h leaves as was keeps what another program may have put there.
func (s *Session) SetHeader(was, h sheet.Game) error {
	if s.game == nil {
		return nil // no game, no header: the games stay as sorted
	}
	err := s.edit(func(ed *sheet.Editor) error {
		err := ed.SetHeaderFrom(was, h)
		var fc *sheet.FieldConflict
		if errors.As(err, &fc) {
			text, _ := sheet.HeaderField(&h, fc.Field)
			err = &NotSavedError{Field: fc.Field, Text: text, Err: err}
		}
		return err
	})
	if err == nil {
		s.sortGames()
	}
	return err
}

// sortGames puts the games in round and board order and indexes them by id.
func (s *Session) sortGames() {
	slices.SortFunc(s.games, func(a, b GameInfo) int {
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return a.Board - b.Board
	})
	for i, g := range s.games {
		s.byID[g.ID] = i
	}
}

// AddGame adds an empty board to a round, both copies in lang ("": the
// event's).
func (s *Session) AddGame(round, board int, lang string) (int64, error) {
	g := sheet.Game{Round: round, Board: board}
	g.Copies[0].Lang, g.Copies[1].Lang = lang, lang
	return s.AddBoard(g)
}

// AddBoard adds a game without moves (its round, board, players and the
// copies' languages); it takes its round's date unless it has one.
func (s *Session) AddBoard(g sheet.Game) (int64, error) {
	if g.Date == "" {
		for _, r := range s.event.Rounds {
			if r.Number == g.Round {
				g.Date = r.Date
			}
		}
	}
	id, err := s.store.AddGame(g)
	if s.wrote(err) != nil {
		return 0, err
	}
	g.ID = id
	s.games = append(s.games, GameInfo{ID: id, Round: g.Round, Board: g.Board, White: g.White.Name, Black: g.Black.Name, State: sheet.GameEmpty})
	s.byID[id] = len(s.games) - 1
	s.sortGames()
	return id, nil
}

// DeleteGame removes a board with both copies and its decisions, after
// the arbiter confirmed it. The open game, when it was that one, becomes
// its neighbour in the navigator (none when it was the last). The open
// game is deleted only if it is still as the window shows it: one that
// another program wrote on since is kept (store-conflict) and shown as
// it is now.
func (s *Session) DeleteGame(id int64) error {
	if err := s.Commit(); err != nil {
		return err
	}
	next := int64(0)
	if i, ok := s.byID[id]; ok {
		switch {
		case i+1 < len(s.games):
			next = s.games[i+1].ID
		case i > 0:
			next = s.games[i-1].ID
		}
	}
	del := func() error { return s.store.DeleteGame(id) }
	if s.game != nil && s.game.ID == id {
		del = func() error { return s.store.DeleteGameIf(*s.game) }
	}
	if err := s.wrote(del()); err != nil {
		return err
	}
	if err := s.reload(); err != nil {
		return err
	}
	if s.game == nil || s.game.ID != id {
		return nil
	}
	s.game, s.ed, s.rec, s.checks = nil, nil, nil, nil
	s.openID.Store(0)
	s.cur = Cursor{}
	if next != 0 {
		return s.OpenGame(next)
	}
	return nil
}

// NextBoard returns the board number after the last of round r.
func (s *Session) NextBoard(r int) int {
	b := 0
	for _, g := range s.games {
		if g.Round == r {
			b = max(b, g.Board)
		}
	}
	return b + 1
}

// SetEvent changes the event's name, site, dates, time control and
// rounds from what the session holds (SetEventFrom).
func (s *Session) SetEvent(ev sheet.Event) error { return s.SetEventFrom(s.event, ev) }

// SetEventFrom changes the event's name, site, dates, time control,
// kind of play, notation language and rounds from was, as the settings
// dialog showed them, to ev: only what ev changes, each only if no other
// program changed it since (else a *NotSavedError naming it, nothing
// written, the event read again). A time control that does not read is
// refused (a *sheet.TimeControlError) and nothing is written. The
// arbiter checks and every board's state are judged again, since the
// moves per time-control period depend on it, and the open game's copies
// that take the event's notation are read in the new one.
func (s *Session) SetEventFrom(was, ev sheet.Event) error {
	if _, err := sheet.ParseTimeControl(ev.TimeControl); err != nil {
		return err
	}
	if err := s.Commit(); err != nil {
		return err
	}
	err := s.store.SetEventIf(was, ev)
	var fc *sheet.FieldConflict
	if errors.As(err, &fc) {
		err = &NotSavedError{Field: fc.Field, Text: eventFieldText(ev, fc.Field), Err: err}
		s.reload()
	}
	if err := s.wrote(err); err != nil {
		return err
	}
	if err := s.reload(); err != nil {
		return err
	}
	if s.game != nil {
		s.game.EventLang = s.event.Lang // its copies without a language of their own are read in it
	}
	s.recompute()
	return nil
}

// Reload reads the games again from the store (after an import).
func (s *Session) Reload() error {
	if err := s.Commit(); err != nil {
		return err
	}
	return s.reload()
}

// Close commits the cell being typed and closes the store.
func (s *Session) Close() error {
	err := s.Commit()
	if cerr := s.store.Close(); err == nil {
		err = cerr
	}
	if s.off.journal != nil { // its lock let go: another window may take it
		if jerr := s.off.journal.Close(); err == nil {
			err = jerr
		}
	}
	return err
}

// Layout of a copy: row and column (0 White, 1 Black) of a cell index,
// and the move number of a row.
func (s *Session) offset() int {
	if s.rec != nil && s.rec.Start != nil && s.rec.Start.Turn() == rules.Black {
		return 1
	}
	return 0
}

// RowCol returns the row and column (0 White's move, 1 Black's) of cell index.
func (s *Session) RowCol(index int) (row, col int) {
	k := index + s.offset()
	return k / 2, k % 2
}

// IndexAt returns the cell index of a row and column (-1 before ply 1).
func (s *Session) IndexAt(row, col int) int { return row*2 + col - s.offset() }

// MoveNumber returns the move number of a row.
func (s *Session) MoveNumber(row int) int {
	n := 1
	if s.rec != nil && s.rec.Start != nil {
		n = s.rec.Start.MoveNumber()
	}
	return n + row
}

// MoveText writes the game's move at a ply (0-based) in notation n; ""
// when no move is taken there.
func (s *Session) MoveText(index int, n rules.Notation) string {
	if s.rec == nil || index < 0 || index >= len(s.rec.Plies) {
		return ""
	}
	p := s.rec.Plies[index]
	if p.Move == rules.NoMove {
		return ""
	}
	return p.Before.Write(p.Move, n)
}

// eventFieldText is the value of an event field a FieldConflict names.
func eventFieldText(ev sheet.Event, field string) string {
	switch field {
	case "event.name":
		return ev.Name
	case "event.site":
		return ev.Site
	case "event.start_date":
		return ev.StartDate
	case "event.end_date":
		return ev.EndDate
	case "event.time_control":
		return ev.TimeControl
	case "event.kind":
		return string(ev.Kind) // the window says it in words (errText)
	case "event.rounds":
		return strconv.Itoa(len(ev.Rounds))
	case "event.lang":
		return ev.Lang
	}
	return ""
}

// GameIndex returns the place of game id in Games, and whether the
// session's list holds it.
func (s *Session) GameIndex(id int64) (int, bool) {
	i, ok := s.byID[id]
	return i, ok
}
