package sheet

import (
	"time"
)

// What every EventStore checks of its arguments, and how it puts the
// rows it reads back together into games, in one place: the event file
// (this package) and the event on a server (package pgstore) refuse the
// same arguments with the same codes and read the same games back. loc
// is the store's Location, said in the error.

// CheckEvent refuses an event of an unknown kind, a round numbered
// below 1 or above MaxRounds, or two rounds of one number.
func CheckEvent(loc string, ev Event) error {
	if _, ok := ParseEventKind(string(ev.Kind)); !ok {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("kind=%q", ev.Kind)}
	}
	seen := map[int]bool{}
	for _, r := range ev.Rounds {
		if r.Number < 1 || r.Number > MaxRounds {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d", r.Number)}
		}
		if seen[r.Number] {
			return &StoreError{Code: StoreDuplicate, Path: loc, Err: details("round=%d", r.Number)}
		}
		seen[r.Number] = true
	}
	return nil
}

// CheckSide refuses a side that is neither copy.
func CheckSide(loc string, side Side) error {
	if side != WhiteCopy && side != BlackCopy {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("side=%d", int(side))}
	}
	return nil
}

// CheckGameFields refuses a game stored at round or board below 1, a
// decision before ply 1, a result that is not one, a result on a copy
// that is not one of CopyResults, or a game beyond the bounds (CheckGame:
// store-out-of-bounds).
func CheckGameFields(loc string, g Game) error {
	if g.Round < 1 || g.Board < 1 {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d board=%d", g.Round, g.Board)}
	}
	for _, d := range g.Decisions {
		if d.Ply < 1 {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("ply=%d", d.Ply)}
		}
	}
	if !g.Result.Known() {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("round=%d board=%d result=%q", g.Round, g.Board, g.Result)}
	}
	for side, c := range g.Copies {
		if !ValidCopyResult(c.Result) {
			return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("side=%s result=%q", Side(side), c.Result)}
		}
	}
	if err := CheckGame(&g); err != nil {
		return &StoreError{Code: StoreOutOfBounds, Path: loc, Err: err}
	}
	return nil
}

// CheckCellArgs refuses a cell of an unknown mark (store-bad-argument) or
// beyond the bounds (CheckCell: store-out-of-bounds).
func CheckCellArgs(loc string, side Side, index int, c Cell) error {
	if _, ok := ParseCellMark(string(c.Mark)); !ok {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("mark=%q", c.Mark)}
	}
	if err := CheckCell(side, index, c); err != nil {
		return &StoreError{Code: StoreOutOfBounds, Path: loc, Err: err}
	}
	return nil
}

// CheckCopyResult refuses a result written on a copy that is neither
// one of CopyResults nor "" (none written).
func CheckCopyResult(loc string, id int64, side Side, result Result) error {
	if !ValidCopyResult(result) {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("game=%d side=%s result=%q", id, side, result)}
	}
	return nil
}

// CheckDecision refuses a decision before ply 1.
func CheckDecision(loc string, id int64, d Decision) error {
	if d.Ply < 1 {
		return &StoreError{Code: StoreBadArgument, Path: loc, Err: details("game=%d ply=%d", id, d.Ply)}
	}
	return nil
}

// NotFound is the error of a game id the event does not hold.
func NotFound(loc string, id int64) error {
	return &StoreError{Code: StoreNotFound, Path: loc, Err: details("game=%d", id)}
}

// NotFoundAt is the error of a round and board the event has no game at.
func NotFoundAt(loc string, round, board int) error {
	return &StoreError{Code: StoreNotFound, Path: loc, Err: details("round=%d board=%d", round, board)}
}

// BadIndex is the error of a cell index outside a copy of n cells.
func BadIndex(loc string, id int64, side Side, index, n int) error {
	return &StoreError{Code: StoreBadArgument, Path: loc,
		Err: details("game=%d side=%s index=%d cells=%d", id, side, index, n)}
}

// Conflict is the error of a conditional write refused: the cell at
// index holds held (nil: no cell), not what the writer saw.
func Conflict(loc string, id int64, side Side, index int, held *Cell) error {
	return &StoreError{Code: StoreConflict, Path: loc,
		Err: &CellConflict{Game: id, Side: side, Index: index, Held: held}}
}

// Details is the short key=value detail of a store error that names no
// cause of its own ("game=3 side=white").
func Details(format string, args ...any) error { return details(format, args...) }

// DecisionAt is how every store keeps a decision's time: RFC 3339 with
// nanoseconds, in UTC, so that it reads back to the same instant.
func DecisionAt(d Decision) string { return decisionTime(d.At) }

// GameRows puts the rows a store read of its tables back together into
// the games they belong to, checking them as it goes.
type GameRows struct {
	byID map[int64]*Game
}

// GameRowsOf places rows into the games of byID (the map is filled in
// place): how a store reads games it has already keyed by id.
func GameRowsOf(byID map[int64]*Game) GameRows { return GameRows{byID} }

// NewGameRows places rows into games, found by ID: each game's header
// is read already, its copies, cells, tags and decisions not.
func NewGameRows(games []Game) GameRows {
	gr := GameRows{map[int64]*Game{}}
	for i := range games {
		gr.byID[games[i].ID] = &games[i]
	}
	return gr
}

// Tag places a tag of game id.
func (gr GameRows) Tag(id int64, name, value string) {
	if g := gr.byID[id]; g != nil {
		if g.Tags == nil {
			g.Tags = map[string]string{}
		}
		g.Tags[name] = value
	}
}

// Copy places the language, result and consulted flag of a copy of
// game id.
func (gr GameRows) Copy(id int64, side int, c Copy) {
	if g := gr.byID[id]; g != nil && (side == 0 || side == 1) {
		g.Copies[side].Lang, g.Copies[side].Result, g.Copies[side].Consulted = c.Lang, c.Result, c.Consulted
	}
}

// Cell places a cell of game id, given in order of game, side and idx;
// a copy whose cells are not numbered 0..n-1 without gaps is
// store-corrupt.
func (gr GameRows) Cell(id int64, side, idx int, c Cell) error {
	g := gr.byID[id]
	if g == nil {
		return nil
	}
	if (side != 0 && side != 1) || idx != len(g.Copies[side].Cells) {
		return &StoreError{Code: StoreCorrupt, Err: details("game=%d side=%d index=%d", id, side, idx)}
	}
	g.Copies[side].Cells = append(g.Copies[side].Cells, c)
	return nil
}

// Decision places a decision of game id, given in the order they were
// made, with its time as DecisionAt wrote it.
func (gr GameRows) Decision(id int64, d Decision, at string) error {
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return &StoreError{Code: StoreCorrupt, Err: details("game=%d at=%s", id, at)}
	}
	d.At = t
	if g := gr.byID[id]; g != nil {
		g.Decisions = append(g.Decisions, d)
	}
	return nil
}

// Scanner is one row of a query being read: database/sql's rows and
// pgx's both are.
type Scanner interface{ Scan(dest ...any) error }

// The columns every store reads of its tables, in the order the Scan
// methods below take them.
const (
	GameColumns = `id, round, board,
		white_name, white_fide_id, white_rating, white_federation, white_title,
		black_name, black_fide_id, black_rating, black_federation, black_title,
		result, date, fen`
	TagColumns      = `game_id, name, value`
	CopyColumns     = `game_id, side, lang, result, consulted`
	CellColumns     = `game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded, mark`
	DecisionColumns = `game_id, ply, move, by, at`
)

// ScanGame reads a game's header from a row of GameColumns.
func ScanGame(r Scanner) (Game, error) {
	var g Game
	err := r.Scan(&g.ID, &g.Round, &g.Board,
		&g.White.Name, &g.White.FideID, &g.White.Rating, &g.White.Federation, &g.White.Title,
		&g.Black.Name, &g.Black.FideID, &g.Black.Rating, &g.Black.Federation, &g.Black.Title,
		&g.Result, &g.Date, &g.FEN)
	return g, err
}

// ScanTag places a row of TagColumns.
func (gr GameRows) ScanTag(r Scanner) error {
	var id int64
	var k, v string
	if err := r.Scan(&id, &k, &v); err != nil {
		return err
	}
	gr.Tag(id, k, v)
	return nil
}

// ScanCopy places a row of CopyColumns.
func (gr GameRows) ScanCopy(r Scanner) error {
	var id int64
	var side int
	var c Copy
	if err := r.Scan(&id, &side, &c.Lang, &c.Result, &c.Consulted); err != nil {
		return err
	}
	gr.Copy(id, side, c)
	return nil
}

// ScanCell places a row of CellColumns, given by game, side and idx.
func (gr GameRows) ScanCell(r Scanner) error {
	var id int64
	var side, idx int
	var c Cell
	if err := r.Scan(&id, &side, &idx, &c.Text, &c.Clock, &c.DrawOffer, &c.Note,
		&c.Illegible, &c.NotRecorded, &c.Mark); err != nil {
		return err
	}
	return gr.Cell(id, side, idx, c)
}

// ScanDecision places a row of DecisionColumns, given by game and seq.
func (gr GameRows) ScanDecision(r Scanner) error {
	var id int64
	var d Decision
	var at string
	if err := r.Scan(&id, &d.Ply, &d.Move, &d.By, &at); err != nil {
		return err
	}
	return gr.Decision(id, d, at)
}

// CheckIndex returns nil when index names a cell of a copy of n cells,
// or the place just after its last cell when appends; else
// store-bad-argument.
func CheckIndex(loc string, id int64, side Side, index, n int, appends bool) error {
	last := n - 1
	if appends {
		last = n
	}
	if index < 0 || index > last {
		return BadIndex(loc, id, side, index, n)
	}
	return nil
}

// EachPaged calls fn with each game of the pages read: readPage reads
// the games after a round and board (0, 0 first), by round and board, a
// page of at most gamePage; a page shorter than that is the last. It is
// EachGame's loop for every store.
func EachPaged(readPage func(after [2]int) ([]Game, error), fn func(g *Game) error) error {
	after := [2]int{0, 0} // round and board of the last game passed to fn
	for {
		page, err := readPage(after)
		if err != nil {
			return err
		}
		for i := range page {
			if err := fn(&page[i]); err != nil {
				return err
			}
		}
		if len(page) < gamePage {
			return nil
		}
		last := page[len(page)-1]
		after = [2]int{last.Round, last.Board}
	}
}

// GamePage is how many games EachGame reads at once (gamePage).
const GamePage = gamePage

// gamePage is how many games EachGame reads at once: enough that the
// queries cost little next to what is done with the games, few enough
// that a page of long games is a few megabytes at most.
const gamePage = 64
