package storekit

import (
	"time"

	"scoresheet/sheet"
)

// Scanner is one row of a query being read: database/sql's rows and
// pgx's both are.
type Scanner interface{ Scan(dest ...any) error }

// Rows are the rows of a query being read, as database/sql's and pgx's
// are (closing them is the caller's: the two drivers close differently).
type Rows interface {
	Scanner
	Next() bool
	Err() error
}

// Each calls scan with each row of rows, stopping at its first error.
func Each(rows Rows, scan func(r Scanner) error) error {
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Collect reads each row of rows with scan into a slice (nil for no
// rows).
func Collect[T any](rows Rows, scan func(r Scanner) (T, error)) ([]T, error) {
	var out []T
	err := Each(rows, func(r Scanner) error {
		v, err := scan(r)
		if err == nil {
			out = append(out, v)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// The columns every store reads of its tables, in the order the Scan
// functions below take them.
const (
	GameColumns = `id, round, board,
		white_name, white_fide_id, white_rating, white_federation, white_title,
		black_name, black_fide_id, black_rating, black_federation, black_title,
		result, date, fen`
	TagColumns      = `game_id, name, value`
	CopyColumns     = `game_id, side, lang, result, consulted`
	CellColumns     = `game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded, mark`
	DecisionColumns = `game_id, ply, move, by, at`
	RoundColumns    = `number, date`
	SourceColumns   = `kind, name, body`
	EventColumns    = `name, site, start_date, end_date, time_control, kind, lang`
)

// ScanGame reads a game's header from a row of GameColumns.
func ScanGame(r Scanner) (sheet.Game, error) {
	var g sheet.Game
	err := r.Scan(&g.ID, &g.Round, &g.Board,
		&g.White.Name, &g.White.FideID, &g.White.Rating, &g.White.Federation, &g.White.Title,
		&g.Black.Name, &g.Black.FideID, &g.Black.Rating, &g.Black.Federation, &g.Black.Title,
		&g.Result, &g.Date, &g.FEN)
	return g, err
}

// ScanRound reads a row of RoundColumns.
func ScanRound(r Scanner) (sheet.Round, error) {
	var rd sheet.Round
	err := r.Scan(&rd.Number, &rd.Date)
	return rd, err
}

// ScanSource reads a row of SourceColumns.
func ScanSource(r Scanner) (sheet.Source, error) {
	var src sheet.Source
	err := r.Scan(&src.Kind, &src.Name, &src.Body)
	return src, err
}

// ScanBoard reads a row of "round, board".
func ScanBoard(r Scanner) ([2]int, error) {
	var rb [2]int
	err := r.Scan(&rb[0], &rb[1])
	return rb, err
}

// ScanEvent reads the event's fields from a row of EventColumns; a kind
// the program does not know is store-corrupt.
func ScanEvent(r Scanner) (sheet.Event, error) {
	var ev sheet.Event
	var kind string
	if err := r.Scan(&ev.Name, &ev.Site, &ev.StartDate, &ev.EndDate, &ev.TimeControl, &kind, &ev.Lang); err != nil {
		return ev, err
	}
	var known bool
	if ev.Kind, known = sheet.ParseEventKind(kind); !known {
		return ev, &sheet.StoreError{Code: sheet.StoreCorrupt, Err: sheet.Details("event.kind=%q", kind)}
	}
	return ev, nil
}

// EventValues are the values of EventColumns of ev, its kind checked
// already (sheet.CheckEvent).
func EventValues(ev sheet.Event) []any {
	kind, _ := sheet.ParseEventKind(string(ev.Kind))
	return []any{ev.Name, ev.Site, ev.StartDate, ev.EndDate, ev.TimeControl, kind.Name(), ev.Lang}
}

// HeaderColumns are a game's header, in the order of HeaderValues:
// GameColumns but the id.
const HeaderColumns = `round, board,
	white_name, white_fide_id, white_rating, white_federation, white_title,
	black_name, black_fide_id, black_rating, black_federation, black_title,
	result, date, fen`

// HeaderValues are g's values of HeaderColumns.
func HeaderValues(g sheet.Game) []any {
	return []any{g.Round, g.Board,
		g.White.Name, g.White.FideID, g.White.Rating, g.White.Federation, g.White.Title,
		g.Black.Name, g.Black.FideID, g.Black.Rating, g.Black.Federation, g.Black.Title,
		g.Result, g.Date, g.FEN}
}

// CellValues are the values of CellColumns of cell index of a copy.
func CellValues(id int64, side sheet.Side, index int, c sheet.Cell) []any {
	return []any{id, int(side), index, c.Text, c.Clock, c.DrawOffer, c.Note, c.Illegible, c.NotRecorded, string(c.Mark)}
}

// GameRows puts the rows a store read of its tables back together into
// the games they belong to, checking them as it goes.
type GameRows struct {
	byID map[int64]*sheet.Game
}

// NewGameRows places rows into games, found by ID: each game's header
// is read already, its copies, cells, tags and decisions not.
func NewGameRows(games []sheet.Game) GameRows {
	gr := GameRows{map[int64]*sheet.Game{}}
	for i := range games {
		gr.byID[games[i].ID] = &games[i]
	}
	return gr
}

// ScanTag places a row of TagColumns.
func (gr GameRows) ScanTag(r Scanner) error {
	var id int64
	var k, v string
	if err := r.Scan(&id, &k, &v); err != nil {
		return err
	}
	if g := gr.byID[id]; g != nil {
		if g.Tags == nil {
			g.Tags = map[string]string{}
		}
		g.Tags[k] = v
	}
	return nil
}

// ScanCopy places a row of CopyColumns: the language, result and
// consulted flag of a copy.
func (gr GameRows) ScanCopy(r Scanner) error {
	var id int64
	var side int
	var c sheet.Copy
	if err := r.Scan(&id, &side, &c.Lang, &c.Result, &c.Consulted); err != nil {
		return err
	}
	if g := gr.byID[id]; g != nil && (side == 0 || side == 1) {
		g.Copies[side].Lang, g.Copies[side].Result, g.Copies[side].Consulted = c.Lang, c.Result, c.Consulted
	}
	return nil
}

// ScanCell places a row of CellColumns, given in order of game, side
// and idx; a copy whose cells are not numbered 0..n-1 without gaps is
// store-corrupt.
func (gr GameRows) ScanCell(r Scanner) error {
	var id int64
	var side, idx int
	var c sheet.Cell
	if err := r.Scan(&id, &side, &idx, &c.Text, &c.Clock, &c.DrawOffer, &c.Note,
		&c.Illegible, &c.NotRecorded, &c.Mark); err != nil {
		return err
	}
	g := gr.byID[id]
	if g == nil {
		return nil
	}
	if (side != 0 && side != 1) || idx != len(g.Copies[side].Cells) {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Err: sheet.Details("game=%d side=%d index=%d", id, side, idx)}
	}
	g.Copies[side].Cells = append(g.Copies[side].Cells, c)
	return nil
}

// ScanDecision places a row of DecisionColumns, given by game and seq,
// its time as sheet.DecisionAt wrote it.
func (gr GameRows) ScanDecision(r Scanner) error {
	var id int64
	var d sheet.Decision
	var at string
	if err := r.Scan(&id, &d.Ply, &d.Move, &d.By, &at); err != nil {
		return err
	}
	t, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		return &sheet.StoreError{Code: sheet.StoreCorrupt, Err: sheet.Details("game=%d at=%s", id, at)}
	}
	d.At = t
	if g := gr.byID[id]; g != nil {
		g.Decisions = append(g.Decisions, d)
	}
	return nil
}
