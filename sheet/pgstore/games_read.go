package pgstore

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Reading gives back what the event file gives back, with the same
// normalisations (sheet/sqlitestore/games.go).

// Game returns game id.
func (s *Store) Game(id int64) (sheet.Game, error) {
	gs, err := s.games(quick, `SELECT id FROM scoresheet.game WHERE event_id = $1 AND id = $2`, s.id, id)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(gs) == 0 {
		return sheet.Game{}, sheet.NotFound(s.loc.shown, id)
	}
	return gs[0], nil
}

// GameAt returns the game at round and board.
func (s *Store) GameAt(round, board int) (sheet.Game, error) {
	gs, err := s.games(quick, `SELECT id FROM scoresheet.game WHERE event_id = $1 AND round = $2 AND board = $3`,
		s.id, round, board)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(gs) == 0 {
		return sheet.Game{}, sheet.NotFoundAt(s.loc.shown, round, board)
	}
	return gs[0], nil
}

// Games returns every game of the event, by round and board.
func (s *Store) Games() ([]sheet.Game, error) {
	return s.games(long, `SELECT id FROM scoresheet.game WHERE event_id = $1`, s.id)
}

// games reads the games whose ids the query sel (with args, $1 the
// event) selects, in one read transaction.
func (s *Store) games(within time.Duration, sel string, args ...any) ([]sheet.Game, error) {
	var games []sheet.Game
	err := s.read(within, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		games, err = readGames(ctx, tx, sel, args...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// readGames reads the games sel selects, by round and board, with their
// tags, copies, cells and decisions: five queries sent at once, each
// with sel as its condition (storekit.GameReader), and the event's
// language.
func readGames(ctx context.Context, tx pgx.Tx, sel string, args ...any) ([]sheet.Game, error) {
	var gr storekit.GameReader
	queries := gr.Queries("scoresheet.", sel)
	b := &pgx.Batch{}
	for _, q := range queries {
		b.Queue(q.SQL, args...)
	}
	var lang string
	b.Queue(`SELECT lang FROM scoresheet.event WHERE id = $1`, args[0]).QueryRow(func(r pgx.Row) error { return r.Scan(&lang) })
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	for _, q := range queries {
		if err := eachRow(br, q.Scan); err != nil {
			return nil, err
		}
	}
	if err := br.Close(); err != nil {
		return nil, err
	}
	return gr.Games(lang)
}

// eachRow calls scan with each row of the batch's next query.
func eachRow(br pgx.BatchResults, scan func(r storekit.Scanner) error) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	return storekit.Each(rows, scan)
}

// where is the condition of a filter on table game, its arguments
// numbered from $2 ($1 is the event).
func where(f sheet.GameFilter) (string, []any) {
	conds := []string{"event_id = $1"}
	var args []any
	if f.Round != 0 {
		args = append(args, f.Round)
		conds = append(conds, "round = $"+strconv.Itoa(len(args)+1))
	}
	if f.Board != 0 {
		args = append(args, f.Board)
		conds = append(conds, "board = $"+strconv.Itoa(len(args)+1))
	}
	return strings.Join(conds, " AND "), args
}

// EachGame calls fn with each game the filter selects, by round and
// board, reading gamePage games at a time, each page in its own read
// transaction; an error of fn stops the loop and is returned as it is.
func (s *Store) EachGame(f sheet.GameFilter, fn func(g *sheet.Game) error) error {
	cond, args := where(f)
	n := len(args) + 2
	page := `SELECT id FROM scoresheet.game WHERE ` + cond + ` AND (round, board) > ($` + strconv.Itoa(n) +
		`, $` + strconv.Itoa(n+1) + `) ORDER BY round, board LIMIT ` + strconv.Itoa(storekit.GamePage)
	return storekit.EachPaged(func(after [2]int) ([]sheet.Game, error) {
		return s.games(long, page, append(append([]any{s.id}, args...), after[0], after[1])...)
	}, fn)
}

// CountGames returns how many games the filter selects.
func (s *Store) CountGames(f sheet.GameFilter) (int, error) {
	cond, args := where(f)
	var n int
	err := s.read(long, func(ctx context.Context, tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM scoresheet.game WHERE `+cond, append([]any{s.id}, args...)...).Scan(&n)
	})
	return n, err
}

// Boards returns the round and board of every game, by round and board.
func (s *Store) Boards() ([][2]int, error) {
	return readAll(s, `SELECT round, board FROM scoresheet.game WHERE event_id = $1 ORDER BY round, board`, storekit.ScanBoard)
}

// readAll reads every row of query (the event its $1) with scan, in one
// read transaction (nil for none).
func readAll[T any](s *Store, query string, scan func(r storekit.Scanner) (T, error)) ([]T, error) {
	var out []T
	err := s.read(long, func(ctx context.Context, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, query, s.id)
		if err != nil {
			return err
		}
		defer rows.Close()
		out, err = storekit.Collect(rows, scan)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
