package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// ApplyImport reads the event, all its games and its source of a kind,
// and applies the import plan makes of them, in one write transaction
// under the event's lock: no other writer comes between the reading and
// the writing. All of it is applied, or nothing (a plan's error is
// returned as it is). plan may be called more than once and must only
// compute.
func (s *Store) ApplyImport(kind string, plan func(base sheet.ImportBase) (sheet.Import, error)) ([]int64, error) {
	var ids []int64
	var planErr error
	err := s.write(op{within: long, fn: func(ctx context.Context, tx pgx.Tx) error {
		planErr = nil
		var base sheet.ImportBase
		var err error
		if base.Event, err = s.readEvent(ctx, tx); err != nil {
			return err
		}
		if base.Games, err = readGames(ctx, tx, `SELECT id FROM scoresheet.game WHERE event_id = $1`, s.id); err != nil {
			return err
		}
		if base.Source, err = s.source(ctx, tx, kind); err != nil {
			return err
		}
		imp, err := storekit.Plan(s.loc.shown, base, plan, &planErr)
		if err != nil {
			return err
		}
		ids, err = s.applyImport(ctx, tx, imp)
		return err
	}})
	if planErr != nil {
		return nil, planErr
	}
	if err != nil {
		return nil, err
	}
	return ids, nil
}

func (s *Store) applyImport(ctx context.Context, tx pgx.Tx, imp sheet.Import) ([]int64, error) {
	if imp.Event != nil {
		if err := s.setEventTx(ctx, tx, *imp.Event); err != nil {
			return nil, err
		}
	}
	if imp.Source != nil {
		if err := s.putSource(ctx, tx, *imp.Source); err != nil {
			return nil, err
		}
	}
	// A game in Remove is removed only while nothing is entered on it,
	// as the file does (sheet/sqlitestore/source.go); one in Replace whatever
	// it holds.
	for _, id := range imp.Remove {
		if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.game WHERE id = $1 AND event_id = $2 AND result IN ('', '*')
			AND NOT EXISTS (SELECT 1 FROM scoresheet.cell WHERE game_id = $1)
			AND NOT EXISTS (SELECT 1 FROM scoresheet.decision WHERE game_id = $1)
			AND NOT EXISTS (SELECT 1 FROM scoresheet.copy WHERE game_id = $1 AND result != '')`, id, s.id); err != nil {
			return nil, err
		}
	}
	for _, id := range imp.Replace {
		if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.game WHERE id = $1 AND event_id = $2`, id, s.id); err != nil {
			return nil, err
		}
	}
	for _, g := range imp.Update {
		if err := s.updateHeader(ctx, tx, g); err != nil {
			return nil, err
		}
	}
	ids, err := s.insertGames(ctx, tx, imp.Add)
	if err != nil || len(imp.Add) == 0 {
		return nil, err
	}
	return ids, nil
}
