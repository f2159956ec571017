package sqlitestore

import (
	"database/sql"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Source returns the event's source of a kind; ok is false when the
// event has none.
func (s *Store) Source(kind string) (src sheet.Source, ok bool, err error) {
	var found *sheet.Source
	err = s.read(func(tx *sql.Tx) (err error) {
		found, err = sourceOf(tx, kind)
		return err
	})
	if err != nil || found == nil {
		return sheet.Source{}, false, err
	}
	return *found, true, nil
}

// sourceOf reads the event's source of a kind in tx (nil: none).
func sourceOf(tx *sql.Tx, kind string) (*sheet.Source, error) {
	return storekit.SourceOf(tx.QueryRow(`SELECT `+storekit.SourceColumns+` FROM source WHERE kind = ?`, kind), sql.ErrNoRows)
}

// Sources returns every source the event keeps, by kind.
func (s *Store) Sources() ([]sheet.Source, error) {
	return readAll(s, `SELECT `+storekit.SourceColumns+` FROM source ORDER BY kind`, storekit.ScanSource)
}

// ApplyImport reads the event, all its games and its source of a kind,
// and applies the import plan makes of them, in one write transaction:
// no other writer (the window, another command) comes between the
// reading and the writing, so nothing typed meanwhile is overwritten or
// removed. All of it is applied, or nothing (an import that fails, or
// whose plan returns an error, leaves the event file as it was). It
// returns the ids of the games added. plan may be called more than once
// (a busy file is retried) and must only compute.
func (s *Store) ApplyImport(kind string, plan func(base sheet.ImportBase) (sheet.Import, error)) ([]int64, error) {
	var ids []int64
	var planErr error // the plan's own, returned as it is
	err := s.write(func(tx *sql.Tx) error {
		ids, planErr = ids[:0], nil
		var base sheet.ImportBase
		var err error
		if base.Event, err = readEvent(tx); err != nil {
			return err
		}
		if base.Games, err = readGames(tx, `SELECT id FROM game`); err != nil {
			return err
		}
		if base.Source, err = sourceOf(tx, kind); err != nil {
			return err
		}
		imp, err := storekit.Plan(s.path, base, plan, &planErr)
		if err != nil {
			return err
		}
		return s.applyImport(tx, imp, &ids)
	})
	if planErr != nil {
		return nil, planErr
	}
	if err != nil {
		return nil, err
	}
	return ids, nil
}

func (s *Store) applyImport(tx *sql.Tx, imp sheet.Import, ids *[]int64) error {
	if imp.Event != nil {
		if err := s.setEventTx(tx, *imp.Event); err != nil {
			return err
		}
	}
	if src := imp.Source; src != nil {
		if err := putSource(tx, *src); err != nil {
			return err
		}
		if err := s.touchEvent(tx); err != nil {
			return err
		}
	}
	// A game in Remove is removed only while nothing is entered on it, no
	// cell, no decision, no result written on a copy, no result of the
	// game (a plan that asks otherwise fails at its board instead of
	// losing an entry); one in Replace whatever it holds.
	for _, id := range imp.Remove {
		res, err := tx.Exec(`DELETE FROM game WHERE id = ? AND result IN ('', '*')
			AND NOT EXISTS (SELECT 1 FROM cell WHERE game_id = ?)
			AND NOT EXISTS (SELECT 1 FROM decision WHERE game_id = ?)
			AND NOT EXISTS (SELECT 1 FROM copy WHERE game_id = ? AND result != '')`, id, id, id, id)
		if err := s.removedGame(id, res, err); err != nil {
			return err
		}
	}
	for _, id := range imp.Replace {
		res, err := tx.Exec(`DELETE FROM game WHERE id = ?`, id)
		if err := s.removedGame(id, res, err); err != nil {
			return err
		}
	}
	for _, g := range imp.Update {
		if err := s.updateHeader(tx, g); err != nil {
			return err
		}
	}
	for _, g := range imp.Add {
		id, err := s.insertGame(tx, g)
		if err != nil {
			return err
		}
		*ids = append(*ids, id)
	}
	return nil
}
