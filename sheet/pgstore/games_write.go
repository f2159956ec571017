package pgstore

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// AddGame stores a new game (header, both copies with their cells, and
// decisions) and returns its id; g.ID is ignored.
func (s *Store) AddGame(g sheet.Game) (int64, error) {
	ids, err := s.addGames([]sheet.Game{g}, quick)
	if err != nil {
		return 0, err
	}
	return ids[0], nil
}

// AddGames stores new games as AddGame does, all in one transaction.
func (s *Store) AddGames(gs []sheet.Game) ([]int64, error) {
	return s.addGames(gs, long)
}

func (s *Store) addGames(gs []sheet.Game, within time.Duration) ([]int64, error) {
	for _, g := range gs {
		if err := sheet.CheckGameFields(s.loc.shown, g); err != nil {
			return nil, err
		}
	}
	var ids []int64
	err := s.write(op{within: within, games: true, fn: func(ctx context.Context, tx pgx.Tx) error {
		var err error
		if ids, err = s.insertGames(ctx, tx, gs); err != nil {
			return err
		}
		return s.notify(ctx, tx, ids...)
	}})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// insertGames adds gs to the event in tx and returns their ids: the ids
// are taken first, then every row of every game is sent at once.
func (s *Store) insertGames(ctx context.Context, tx pgx.Tx, gs []sheet.Game) ([]int64, error) {
	if len(gs) == 0 {
		return []int64{}, nil
	}
	ids := make([]int64, 0, len(gs))
	rows, err := tx.Query(ctx, `SELECT nextval(pg_get_serial_sequence('scoresheet.game', 'id')) FROM generate_series(1, $1)`, len(gs))
	if err != nil {
		return nil, err
	}
	ids, err = pgx.AppendRows(ids, rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	b := &pgx.Batch{}
	for i, g := range gs {
		queueGame(b, s.id, ids[i], g)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return nil, err
	}
	return ids, nil
}

// queueGame queues the rows of game g, stored as id.
func queueGame(b *pgx.Batch, event, id int64, g sheet.Game) {
	b.Queue(`INSERT INTO scoresheet.game (id, event_id, `+storekit.HeaderColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
		append([]any{id, event}, storekit.HeaderValues(g)...)...)
	queueTags(b, id, g.Tags)
	for side, c := range g.Copies {
		b.Queue(`INSERT INTO scoresheet.copy (game_id, side, lang, result, consulted) VALUES ($1, $2, $3, $4, $5)`,
			id, side, c.Lang, c.Result, c.Consulted)
		for i, cell := range c.Cells {
			b.Queue(upsertCell, cellValues(id, sheet.Side(side), i, cell)...)
		}
	}
	for i, d := range g.Decisions {
		b.Queue(insertDecision, id, i+1, d.Ply, d.Move, d.By, sheet.DecisionAt(d))
	}
}

func queueTags(b *pgx.Batch, id int64, tags map[string]string) {
	names := make([]string, 0, len(tags))
	for k := range tags {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		b.Queue(`INSERT INTO scoresheet.tag (game_id, name, value) VALUES ($1, $2, $3)`, id, k, tags[k])
	}
}

const upsertCell = `INSERT INTO scoresheet.cell
	(game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded, mark)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
	ON CONFLICT (game_id, side, idx) DO UPDATE SET
		text = excluded.text, clock = excluded.clock,
		draw_offer = excluded.draw_offer, note = excluded.note,
		illegible = excluded.illegible, not_recorded = excluded.not_recorded,
		mark = excluded.mark`

const insertDecision = `INSERT INTO scoresheet.decision (game_id, seq, ply, move, by, at) VALUES ($1, $2, $3, $4, $5, $6)`

func cellValues(id int64, side sheet.Side, index int, c sheet.Cell) []any {
	return []any{id, int(side), index, c.Text, c.Clock, c.DrawOffer, c.Note, c.Illegible, c.NotRecorded, string(c.Mark)}
}

// oneGame returns the error of a statement on game id, or
// store-not-found when it touched no row.
func (s *Store) oneGame(id int64, tag pgconnTag, err error) error {
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return sheet.NotFound(s.loc.shown, id)
	}
	return nil
}

// pgconnTag is what oneGame needs of a command's tag.
type pgconnTag interface{ RowsAffected() int64 }

// updateHeader replaces the header of game g.ID in tx (its copies and
// decisions stay).
func (s *Store) updateHeader(ctx context.Context, tx pgx.Tx, g sheet.Game) error {
	tag, err := tx.Exec(ctx, `UPDATE scoresheet.game SET (`+storekit.HeaderColumns+`) =
		($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) WHERE id = $16 AND event_id = $17`,
		append(storekit.HeaderValues(g), g.ID, s.id)...)
	if err := s.oneGame(g.ID, tag, err); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.tag WHERE game_id = $1`, g.ID); err != nil {
		return err
	}
	b := &pgx.Batch{}
	queueTags(b, g.ID, g.Tags)
	return tx.SendBatch(ctx, b).Close()
}

// copyLen returns the number of cells of a copy of the event's game id,
// or store-not-found.
func (s *Store) copyLen(ctx context.Context, tx pgx.Tx, id int64, side sheet.Side) (int, error) {
	var copies, n int
	err := tx.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM scoresheet.copy c JOIN scoresheet.game g ON g.id = c.game_id
			WHERE c.game_id = $1 AND c.side = $2 AND g.event_id = $3),
		(SELECT coalesce(max(idx) + 1, 0) FROM scoresheet.cell WHERE game_id = $1 AND side = $2)`,
		id, int(side), s.id).Scan(&copies, &n)
	if err != nil {
		return 0, err
	}
	if copies == 0 {
		return 0, sheet.NotFound(s.loc.shown, id)
	}
	return n, nil
}

// insertCellTx inserts a cell at index in tx (index checked): the cells
// from index on move one place later.
func (s *Store) insertCellTx(ctx context.Context, tx pgx.Tx, id int64, side sheet.Side, index int, c sheet.Cell) error {
	if _, ok := sheet.ParseCellMark(string(c.Mark)); !ok {
		return sheet.CheckCellArgs(s.loc.shown, side, index, c)
	}
	n, err := s.copyLen(ctx, tx, id, side)
	if err != nil {
		return err
	}
	// Beyond the bounds: the cell too long, or one more than a copy holds.
	berr := sheet.CheckCell(side, index, c)
	if berr == nil {
		berr = sheet.CheckCell(side, n, sheet.Cell{})
	}
	if berr != nil {
		return &sheet.StoreError{Code: sheet.StoreOutOfBounds, Path: s.loc.shown, Err: berr}
	}
	// As the file does: out of the way to negative indexes first
	// (k -> -k-2), then to the new places (-k-2 -> k+1).
	if _, err := tx.Exec(ctx, `UPDATE scoresheet.cell SET idx = -idx - 2 WHERE game_id = $1 AND side = $2 AND idx >= $3`,
		id, int(side), index); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE scoresheet.cell SET idx = -idx - 1 WHERE game_id = $1 AND side = $2 AND idx < 0`,
		id, int(side)); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, upsertCell, cellValues(id, side, index, c)...)
	return err
}

// deleteCellTx removes cell index in tx (index checked): the cells after
// it move one place earlier.
func (s *Store) deleteCellTx(ctx context.Context, tx pgx.Tx, id int64, side sheet.Side, index int) error {
	if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.cell WHERE game_id = $1 AND side = $2 AND idx = $3`,
		id, int(side), index); err != nil {
		return err
	}
	// k -> -k -> k-1, as insertCellTx.
	if _, err := tx.Exec(ctx, `UPDATE scoresheet.cell SET idx = -idx WHERE game_id = $1 AND side = $2 AND idx > $3`,
		id, int(side), index); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE scoresheet.cell SET idx = -idx - 1 WHERE game_id = $1 AND side = $2 AND idx < 0`,
		id, int(side))
	return err
}

// addDecision appends d to game id, once the decision the writer saw at
// its ply (when conditional) is found the last there (sheet.DecisionIf).
func (s *Store) addDecision(id int64, d sheet.Decision, conditional bool, was *sheet.Decision) error {
	if err := sheet.CheckDecision(s.loc.shown, id, d); err != nil {
		return err
	}
	return s.write(op{within: quick, again: true, game: id, fn: func(ctx context.Context, tx pgx.Tx) error {
		var games, seq int
		var last bool
		var atPly *sheet.Decision
		var at string
		err := tx.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM scoresheet.game WHERE id = $1 AND event_id = $2),
			(SELECT coalesce(max(seq), 0) + 1 FROM scoresheet.decision WHERE game_id = $1),
			coalesce((SELECT ply = $3 AND move = $4 AND by = $5 AND at = $6 FROM scoresheet.decision
				WHERE game_id = $1 ORDER BY seq DESC LIMIT 1), false)`,
			id, s.id, d.Ply, d.Move, d.By, sheet.DecisionAt(d)).Scan(&games, &seq, &last)
		if err != nil {
			return err
		}
		if games == 0 {
			return sheet.NotFound(s.loc.shown, id)
		}
		if last && sentAgain(ctx) {
			return nil
		}
		if conditional {
			var l sheet.Decision
			err := tx.QueryRow(ctx, `SELECT ply, move, by, at FROM scoresheet.decision WHERE game_id = $1 AND ply = $2
				ORDER BY seq DESC LIMIT 1`, id, d.Ply).Scan(&l.Ply, &l.Move, &l.By, &at)
			switch {
			case err == nil:
				atPly = &l
			case !errors.Is(err, pgx.ErrNoRows):
				return err
			}
			if fc := sheet.DecisionIf(id, d.Ply, atPly, at, was); fc != nil {
				return sheet.FieldConflictError(s.loc.shown, fc)
			}
		}
		_, err = tx.Exec(ctx, insertDecision, id, seq, d.Ply, d.Move, d.By, sheet.DecisionAt(d))
		return err
	}})
}

// AddDecisionIf appends d only if the last decision at its ply is still
// was (nil: none); else store-conflict with a *sheet.FieldConflict.
func (s *Store) AddDecisionIf(id int64, d sheet.Decision, was *sheet.Decision) error {
	return s.addDecision(id, d, true, was)
}

// DeleteGame removes game id with its copies, cells, tags and decisions.
func (s *Store) DeleteGame(id int64) error {
	return s.write(op{within: quick, games: true, fn: func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM scoresheet.game WHERE id = $1 AND event_id = $2`, id, s.id)
		if err := s.oneGame(id, tag, err); err != nil {
			return err
		}
		return s.notify(ctx, tx, id)
	}})
}
