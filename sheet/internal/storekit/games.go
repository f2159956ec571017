package storekit

import (
	"scoresheet/sheet"
)

// GameQuery is one query of those that read games: its SQL, and how
// each of its rows is placed.
type GameQuery struct {
	SQL  string
	Scan func(r Scanner) error
}

// GameReader reads games with one query per table: their headers
// first, then their tags, copies, cells and decisions, each placed into
// its game as it is read.
type GameReader struct {
	games []sheet.Game
	rows  *GameRows // made once the headers are read
}

// Queries are the queries reading the games whose ids the query sel
// selects (by round and board), from the tables named with prefix ("",
// "scoresheet."): they must be read in this order, each with sel's
// arguments.
func (gr *GameReader) Queries(prefix, sel string) []GameQuery {
	in := ` WHERE id IN (` + sel + `)`
	gameIn := ` WHERE game_id IN (` + sel + `)`
	return []GameQuery{
		{`SELECT ` + GameColumns + ` FROM ` + prefix + `game` + in + ` ORDER BY round, board`, gr.scanGame},
		{`SELECT ` + TagColumns + ` FROM ` + prefix + `tag` + gameIn, gr.placed(GameRows.ScanTag)},
		{`SELECT ` + CopyColumns + ` FROM ` + prefix + `copy` + gameIn, gr.placed(GameRows.ScanCopy)},
		{`SELECT ` + CellColumns + ` FROM ` + prefix + `cell` + gameIn + ` ORDER BY game_id, side, idx`, gr.placed(GameRows.ScanCell)},
		{`SELECT ` + DecisionColumns + ` FROM ` + prefix + `decision` + gameIn + ` ORDER BY game_id, seq`, gr.placed(GameRows.ScanDecision)},
	}
}

func (gr *GameReader) scanGame(r Scanner) error {
	g, err := ScanGame(r)
	if err == nil {
		gr.games = append(gr.games, g)
	}
	return err
}

// placed is scan on the games read so far.
func (gr *GameReader) placed(scan func(GameRows, Scanner) error) func(r Scanner) error {
	return func(r Scanner) error {
		if gr.rows == nil {
			rows := NewGameRows(gr.games)
			gr.rows = &rows
		}
		return scan(*gr.rows, r)
	}
}

// None reports whether the headers read selected no game (the other
// queries need not be read).
func (gr *GameReader) None() bool { return len(gr.games) == 0 }

// Games returns the games read (nil for none), each with the event's
// language lang; a game beyond the bounds (written by another program:
// a cell of 100 MB) is store-out-of-bounds, said before anything reads
// it.
func (gr *GameReader) Games(lang string) ([]sheet.Game, error) {
	if len(gr.games) == 0 {
		return nil, nil
	}
	for i := range gr.games {
		gr.games[i].EventLang = lang
		if err := sheet.CheckGame(&gr.games[i]); err != nil {
			return nil, &sheet.StoreError{Code: sheet.StoreOutOfBounds, Err: err}
		}
	}
	return gr.games, nil
}
