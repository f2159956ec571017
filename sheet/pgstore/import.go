package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
)

// ApplyImport reads the event and all its games and applies the import
// plan makes of them, in one write transaction under the event's lock:
// no other writer comes between the reading and the writing. All of it
// is applied, or nothing. plan may be called more than once and must
// only compute.
func (s *Store) ApplyImport(plan func(ev sheet.Event, games []sheet.Game) sheet.Import) ([]int64, error) {
	var ids []int64
	err := s.write(op{within: long, fn: func(ctx context.Context, tx pgx.Tx) error {
		ev, err := s.readEvent(ctx, tx)
		if err != nil {
			return err
		}
		games, err := readGames(ctx, tx, `SELECT id FROM scoresheet.game WHERE event_id = $1`, s.id)
		if err != nil {
			return err
		}
		imp := plan(ev, games)
		if err := s.checkImport(imp); err != nil {
			return err
		}
		ids, err = s.applyImport(ctx, tx, imp)
		return err
	}})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// checkImport checks the arguments of an import as SetEvent, SetHeader
// and AddGame do.
func (s *Store) checkImport(imp sheet.Import) error {
	if imp.Event != nil {
		if err := sheet.CheckEvent(s.loc.shown, *imp.Event); err != nil {
			return err
		}
	}
	for _, g := range append(append([]sheet.Game(nil), imp.Update...), imp.Add...) {
		if err := sheet.CheckGame(s.loc.shown, g); err != nil {
			return err
		}
	}
	return nil
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
	// A game is removed only while nothing is typed on it, as the file
	// does (sheet/store_source.go).
	for _, id := range imp.Remove {
		if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.game WHERE id = $1 AND event_id = $2
			AND NOT EXISTS (SELECT 1 FROM scoresheet.cell WHERE game_id = $1)
			AND NOT EXISTS (SELECT 1 FROM scoresheet.decision WHERE game_id = $1)
			AND NOT EXISTS (SELECT 1 FROM scoresheet.copy WHERE game_id = $1 AND result != '')`, id, s.id); err != nil {
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
