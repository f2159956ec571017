package pgstore

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
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

// gameColumns are a game's header, in the order of headerValues:
// sheet.GameColumns but the id.
const gameColumns = `round, board,
	white_name, white_fide_id, white_rating, white_federation, white_title,
	black_name, black_fide_id, black_rating, black_federation, black_title,
	result, date, fen`

// headerValues are g's values of gameColumns.
func headerValues(g sheet.Game) []any {
	return []any{g.Round, g.Board,
		g.White.Name, g.White.FideID, g.White.Rating, g.White.Federation, g.White.Title,
		g.Black.Name, g.Black.FideID, g.Black.Rating, g.Black.Federation, g.Black.Title,
		g.Result, g.Date, g.FEN}
}

// readGames reads the games sel selects, by round and board, with their
// tags, copies, cells and decisions: five queries sent at once, each
// with sel as its condition.
func readGames(ctx context.Context, tx pgx.Tx, sel string, args ...any) ([]sheet.Game, error) {
	b := &pgx.Batch{}
	b.Queue(`SELECT `+sheet.GameColumns+` FROM scoresheet.game WHERE id IN (`+sel+`) ORDER BY round, board`, args...)
	b.Queue(`SELECT `+sheet.TagColumns+` FROM scoresheet.tag WHERE game_id IN (`+sel+`)`, args...)
	b.Queue(`SELECT `+sheet.CopyColumns+` FROM scoresheet.copy WHERE game_id IN (`+sel+`)`, args...)
	b.Queue(`SELECT `+sheet.CellColumns+` FROM scoresheet.cell WHERE game_id IN (`+sel+`) ORDER BY game_id, side, idx`, args...)
	b.Queue(`SELECT `+sheet.DecisionColumns+` FROM scoresheet.decision WHERE game_id IN (`+sel+`) ORDER BY game_id, seq`, args...)
	var lang string
	b.Queue(`SELECT lang FROM scoresheet.event WHERE id = $1`, args[0]).QueryRow(func(r pgx.Row) error { return r.Scan(&lang) })
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	var games []sheet.Game
	err := eachRow(br, func(r sheet.Scanner) error {
		g, err := sheet.ScanGame(r)
		games = append(games, g)
		return err
	})
	if err != nil {
		return nil, err
	}
	gr := sheet.NewGameRows(games)
	for _, scan := range []func(r sheet.Scanner) error{gr.ScanTag, gr.ScanCopy, gr.ScanCell, gr.ScanDecision} {
		if err := eachRow(br, scan); err != nil {
			return nil, err
		}
	}
	if err := br.Close(); err != nil || len(games) == 0 {
		return nil, err
	}
	// As the file: the event's language on every game, and a game beyond
	// the bounds (written by another program) said before anything
	// reads it.
	for i := range games {
		games[i].EventLang = lang
		if err := sheet.CheckGame(&games[i]); err != nil {
			return nil, &sheet.StoreError{Code: sheet.StoreOutOfBounds, Err: err}
		}
	}
	return games, nil
}

// eachRow calls scan with each row of the batch's next query.
func eachRow(br pgx.BatchResults, scan func(r sheet.Scanner) error) error {
	rows, err := br.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
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
		`, $` + strconv.Itoa(n+1) + `) ORDER BY round, board LIMIT ` + strconv.Itoa(sheet.GamePage)
	return sheet.EachPaged(func(after [2]int) ([]sheet.Game, error) {
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
	var boards [][2]int
	err := s.read(long, func(ctx context.Context, tx pgx.Tx) error {
		boards = boards[:0]
		rows, err := tx.Query(ctx, `SELECT round, board FROM scoresheet.game WHERE event_id = $1 ORDER BY round, board`, s.id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var rb [2]int
			if err := rows.Scan(&rb[0], &rb[1]); err != nil {
				return err
			}
			boards = append(boards, rb)
		}
		return rows.Err()
	})
	if err != nil || len(boards) == 0 {
		return nil, err
	}
	return boards, nil
}
