package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// The conditional writes other than a keystroke (setcellif.go), with
// the file's semantics: each reads, under the game's lock, what it is
// conditional on, judges it as the file does (sheet.CopyDiff,
// sheet.HeaderIf, sheet.DecisionIf, sheet.GameIf) and writes only when
// nothing another writer did is in the way; otherwise store-conflict
// with the *sheet.CellConflict or *sheet.FieldConflict the file gives.
//
// A write whose commit was cut off is sent again only where sending it
// twice is the same as once: a field set to what it holds (a copy's
// field, a game deleted). An insert or a delete of a cell moves cells:
// it is never sent twice (store-unreachable; the window reads the copy
// again when the server is back).

// ConsultCopyIf makes a copy consulted with at least cells cells (blank
// ones added after its last) only if the copy still holds exactly was;
// else store-conflict naming the first cell that differs.
func (s *Store) ConsultCopyIf(id int64, side sheet.Side, was []sheet.Cell, cells int) error {
	if was == nil {
		was = []sheet.Cell{}
	}
	return s.consultCopy(id, side, was, cells)
}

// consultCopy is ConsultCopyIf, conditional on the copy holding was
// when was is not nil.
func (s *Store) consultCopy(id int64, side sheet.Side, was []sheet.Cell, cells int) error {
	if err := sheet.CheckSide(s.loc.shown, side); err != nil {
		return err
	}
	return s.write(op{within: quick, again: was == nil, game: id, fn: func(ctx context.Context, tx pgx.Tx) error {
		if was != nil {
			if err := s.checkCopy(ctx, tx, id, side, was); err != nil {
				return err
			}
		}
		tag, err := tx.Exec(ctx, `UPDATE scoresheet.copy c SET consulted = true FROM scoresheet.game g
			WHERE c.game_id = $1 AND c.side = $2 AND g.id = c.game_id AND g.event_id = $3`, id, int(side), s.id)
		if err := s.oneGame(id, tag, err); err != nil {
			return err
		}
		n, err := s.copyLen(ctx, tx, id, side)
		if err != nil {
			return err
		}
		if cells > 0 {
			if err := sheet.CheckCell(side, cells-1, sheet.Cell{}); err != nil {
				return &sheet.StoreError{Code: sheet.StoreOutOfBounds, Path: s.loc.shown, Err: err}
			}
		}
		b := &pgx.Batch{}
		for i := n; i < cells; i++ {
			b.Queue(upsertCell, cellValues(id, side, i, sheet.Cell{})...)
		}
		return tx.SendBatch(ctx, b).Close()
	}})
}

// copyCells reads the cells of a copy of the event's game id, in order
// (store-not-found without the copy).
func (s *Store) copyCells(ctx context.Context, tx pgx.Tx, id int64, side sheet.Side) ([]sheet.Cell, error) {
	if _, err := s.copyLen(ctx, tx, id, side); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT text, clock, draw_offer, note, illegible, not_recorded, mark
		FROM scoresheet.cell WHERE game_id = $1 AND side = $2 ORDER BY idx`, id, int(side))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cells []sheet.Cell
	for rows.Next() {
		var c sheet.Cell
		if err := rows.Scan(&c.Text, &c.Clock, &c.DrawOffer, &c.Note, &c.Illegible, &c.NotRecorded, &c.Mark); err != nil {
			return nil, err
		}
		cells = append(cells, c)
	}
	return cells, rows.Err()
}

// checkCopy returns store-conflict naming the first cell where the copy
// differs from was, nil when it holds exactly was.
func (s *Store) checkCopy(ctx context.Context, tx pgx.Tx, id int64, side sheet.Side, was []sheet.Cell) error {
	cells, err := s.copyCells(ctx, tx, id, side)
	if err != nil {
		return err
	}
	if i, held, differs := sheet.CopyDiff(cells, was); differs {
		return sheet.Conflict(s.loc.shown, id, side, i, held)
	}
	return nil
}

// InsertCellIf inserts a cell at index, the cells from index on
// moving one place later, only if the
// copy still holds exactly was (every cell after index moves).
func (s *Store) InsertCellIf(id int64, side sheet.Side, index int, was []sheet.Cell, c sheet.Cell) error {
	return s.shiftCellsIf(id, side, index, was, true, func(ctx context.Context, tx pgx.Tx) error {
		return s.insertCellTx(ctx, tx, id, side, index, c)
	})
}

// DeleteCellIf removes cell index, the cells after it moving
// one place earlier, only if the copy
// still holds exactly was.
func (s *Store) DeleteCellIf(id int64, side sheet.Side, index int, was []sheet.Cell) error {
	return s.shiftCellsIf(id, side, index, was, false, func(ctx context.Context, tx pgx.Tx) error {
		return s.deleteCellTx(ctx, tx, id, side, index)
	})
}

// shiftCellsIf checks the side and the index (appends: the place after
// the last cell is one), then runs shift under the game's lock once the
// copy is found to hold exactly was.
func (s *Store) shiftCellsIf(id int64, side sheet.Side, index int, was []sheet.Cell, appends bool,
	shift func(ctx context.Context, tx pgx.Tx) error) error {
	if err := sheet.CheckSide(s.loc.shown, side); err != nil {
		return err
	}
	if err := sheet.CheckIndex(s.loc.shown, id, side, index, len(was), appends); err != nil {
		return err
	}
	return s.write(op{within: quick, game: id, fn: func(ctx context.Context, tx pgx.Tx) error {
		if err := s.checkCopy(ctx, tx, id, side, was); err != nil {
			return err
		}
		return shift(ctx, tx)
	}})
}

// SetCopyLangIf sets a copy's notation language only if it is still was.
func (s *Store) SetCopyLangIf(id int64, side sheet.Side, was, lang string) error {
	return setCopyFieldIf(s, id, side, "lang", was, lang)
}

// SetCopyResultIf sets the result written on a copy only if it is still
// was.
func (s *Store) SetCopyResultIf(id int64, side sheet.Side, was, result sheet.Result) error {
	if err := sheet.CheckCopyResult(s.loc.shown, id, side, result); err != nil {
		return err
	}
	return setCopyFieldIf(s, id, side, "result", was, result)
}

// SetCopyConsultedIf sets whether a copy is consulted only if it is
// still was.
func (s *Store) SetCopyConsultedIf(id int64, side sheet.Side, was, consulted bool) error {
	return setCopyFieldIf(s, id, side, "consulted", was, consulted)
}

// setCopyFieldIf sets column (lang, result or consulted: this file's
// names) of a copy to v if it holds was; sent again after a cut commit,
// one that holds v already is its own first sending.
func setCopyFieldIf[T ~string | ~bool](s *Store, id int64, side sheet.Side, column string, was, v T) error {
	if err := sheet.CheckSide(s.loc.shown, side); err != nil {
		return err
	}
	return s.write(op{within: quick, again: true, game: id, fn: func(ctx context.Context, tx pgx.Tx) error {
		var held T
		err := tx.QueryRow(ctx, `SELECT c.`+column+` FROM scoresheet.copy c JOIN scoresheet.game g ON g.id = c.game_id
			WHERE c.game_id = $1 AND c.side = $2 AND g.event_id = $3`, id, int(side), s.id).Scan(&held)
		if errors.Is(err, pgx.ErrNoRows) {
			return sheet.NotFound(s.loc.shown, id)
		}
		if err != nil {
			return err
		}
		if write, fc := sheet.CopyFieldIf(id, side, column, held, was, v, sentAgain(ctx)); fc != nil {
			return sheet.FieldConflictError(s.loc.shown, fc)
		} else if !write {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE scoresheet.copy SET `+column+` = $1 WHERE game_id = $2 AND side = $3`, v, id, int(side))
		return err
	}})
}

// readGame reads the event's game id in tx (store-not-found without it).
func (s *Store) readGame(ctx context.Context, tx pgx.Tx, id int64) (sheet.Game, error) {
	gs, err := readGames(ctx, tx, `SELECT id FROM scoresheet.game WHERE event_id = $1 AND id = $2`, s.id, id)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(gs) == 0 {
		return sheet.Game{}, sheet.NotFound(s.loc.shown, id)
	}
	return gs[0], nil
}

// SetHeaderIf changes the header of game g.ID from was to g, field by
// field, each only if it still holds what was holds (sheet.HeaderIf).
func (s *Store) SetHeaderIf(was, g sheet.Game) error {
	if err := sheet.CheckHeader(s.loc.shown, g); err != nil {
		return err
	}
	return s.write(op{within: quick, game: g.ID, fn: func(ctx context.Context, tx pgx.Tx) error {
		cur, err := s.readGame(ctx, tx, g.ID)
		return storekit.WriteIf(s.loc.shown, cur, err,
			func(cur sheet.Game) (sheet.Game, bool, *sheet.FieldConflict) { return sheet.HeaderIf(cur, was, g) },
			func(next sheet.Game) error { return s.updateHeader(ctx, tx, next) })
	}})
}

// DeleteGameIf removes game was.ID only if it is still as was (header,
// copies, cells, decisions); sent again after a cut commit, a game gone
// is its own first sending.
func (s *Store) DeleteGameIf(was sheet.Game) error {
	return s.write(op{within: quick, again: true, games: true, fn: func(ctx context.Context, tx pgx.Tx) error {
		cur, err := s.readGame(ctx, tx, was.ID)
		if sheet.StoreErrorCodeOf(err) == sheet.StoreNotFound && sentAgain(ctx) {
			return nil
		}
		if err != nil {
			return err
		}
		if fc := sheet.GameIf(&cur, &was); fc != nil {
			return sheet.FieldConflictError(s.loc.shown, fc)
		}
		tag, err := tx.Exec(ctx, `DELETE FROM scoresheet.game WHERE id = $1 AND event_id = $2`, was.ID, s.id)
		if err := s.oneGame(was.ID, tag, err); err != nil {
			return err
		}
		return s.notify(ctx, tx, was.ID)
	}})
}
