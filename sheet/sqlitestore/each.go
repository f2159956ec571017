package sqlitestore

import (
	"database/sql"
	"strconv"
	"strings"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Reading a whole event a page at a time: exports, "event show" and
// imports hold one page of games, never the event, so that their memory
// stays flat however many games the event has.

// where returns the condition on table game (without WHERE) and its
// arguments; "1" for every game.
func filterWhere(f sheet.GameFilter) (string, []any) {
	var conds []string
	var args []any
	if f.Round != 0 {
		conds, args = append(conds, "round = ?"), append(args, f.Round)
	}
	if f.Board != 0 {
		conds, args = append(conds, "board = ?"), append(args, f.Board)
	}
	if len(conds) == 0 {
		return "1", nil
	}
	return strings.Join(conds, " AND "), args
}

// EachGame calls fn with each game the filter selects, by round and
// board, reading GamePage games at a time. Each page is read in its own
// short read transaction, so that the store's one connection is free
// for the window's writes while fn works; a game added or changed
// meanwhile is seen as it is when its page is read. An error of fn stops
// the loop and is returned as it is.
func (s *Store) EachGame(f sheet.GameFilter, fn func(g *sheet.Game) error) error {
	cond, args := filterWhere(f)
	return storekit.EachPaged(func(after [2]int) ([]sheet.Game, error) {
		var page []sheet.Game
		err := s.read(func(tx *sql.Tx) error {
			var err error
			page, err = readGames(tx, `SELECT id FROM game WHERE `+cond+` AND (round, board) > (?, ?)
				ORDER BY round, board LIMIT `+strconv.Itoa(storekit.GamePage), append(args, after[0], after[1])...)
			return err
		})
		return page, err
	}, fn)
}

// CountGames returns how many games the filter selects.
func (s *Store) CountGames(f sheet.GameFilter) (int, error) {
	cond, args := filterWhere(f)
	var n int
	err := s.read(func(tx *sql.Tx) error {
		return tx.QueryRow(`SELECT count(*) FROM game WHERE `+cond, args...).Scan(&n)
	})
	return n, err
}

// Boards returns the round and board of every game, by round and board:
// what an import needs to know of the games already there.
func (s *Store) Boards() ([][2]int, error) {
	return readAll(s, `SELECT round, board FROM game ORDER BY round, board`, storekit.ScanBoard)
}

// readAll reads every row of query with scan, in one read transaction
// (nil for none).
func readAll[T any](s *Store, query string, scan func(r storekit.Scanner) (T, error)) (out []T, err error) {
	err = s.read(func(tx *sql.Tx) error {
		rows, err := tx.Query(query)
		if err == nil {
			defer rows.Close()
			out, err = storekit.Collect(rows, scan)
		}
		return err
	})
	return out, err
}

// AddGames stores new games as AddGame does, all in one transaction: all
// of them are stored, or none (the error is the first game's that
// failed). One commit for many games is what makes a large import fast:
// each commit waits for the disk.
func (s *Store) AddGames(gs []sheet.Game) ([]int64, error) {
	for _, g := range gs {
		if err := s.checkHeaderFields(g); err != nil {
			return nil, err
		}
	}
	ids := make([]int64, 0, len(gs))
	err := s.write(func(tx *sql.Tx) error {
		for _, g := range gs {
			id, err := s.insertGame(tx, g)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}
