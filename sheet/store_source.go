package sheet

import (
	"database/sql"
	"errors"
)

// Source is a file the event was imported from, kept byte for byte: a
// pairing program's TRF, to write the results back into (Kind "trf").
type Source struct {
	Kind string
	Name string // the file's name when imported
	Body []byte
}

// Source returns the event's source of a kind; ok is false when the
// event has none.
func (s *Store) Source(kind string) (src Source, ok bool, err error) {
	err = s.read(func(tx *sql.Tx) error {
		err := tx.QueryRow(`SELECT kind, name, body FROM source WHERE kind = ?`, kind).Scan(&src.Kind, &src.Name, &src.Body)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		ok = err == nil
		return err
	})
	return src, ok && err == nil, err
}

// Sources returns every source the event keeps, by kind.
func (s *Store) Sources() ([]Source, error) {
	var out []Source
	err := s.read(func(tx *sql.Tx) error {
		rows, err := tx.Query(`SELECT kind, name, body FROM source ORDER BY kind`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var src Source
			if err := rows.Scan(&src.Kind, &src.Name, &src.Body); err != nil {
				return err
			}
			out = append(out, src)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Import is what importing a file changes in an event, applied at once
// (ApplyImport): the event's fields, the source kept, games removed,
// headers updated and games added.
type Import struct {
	Event  *Event  // nil: the event's fields stay
	Source *Source // nil: no source is kept
	Remove []int64 // games removed (whole, with their copies) while nothing is entered on them
	// Replace are games removed whatever they hold: the arbiter said so
	// (an import told to replace boards holding moves or a result).
	Replace []int64
	Update  []Game // headers replaced, as SetHeader does
	Add     []Game // games added, as AddGame does
}

// ImportBase is what an import is planned from: the event, all its
// games with their copies, and its source of the kind asked for (nil
// when it has none), as they are in the transaction that applies it.
type ImportBase struct {
	Event  Event
	Games  []Game
	Source *Source
}

// ApplyImport reads the event, all its games and its source of a kind,
// and applies the import plan makes of them, in one write transaction:
// no other writer (the window, another command) comes between the
// reading and the writing, so nothing typed meanwhile is overwritten or
// removed. All of it is applied, or nothing (an import that fails, or
// whose plan returns an error, leaves the event file as it was). It
// returns the ids of the games added. plan may be called more than once
// (a busy file is retried) and must only compute.
func (s *Store) ApplyImport(kind string, plan func(base ImportBase) (Import, error)) ([]int64, error) {
	var ids []int64
	var planErr error // the plan's own, returned as it is
	err := s.write(func(tx *sql.Tx) error {
		ids, planErr = ids[:0], nil
		var base ImportBase
		var err error
		if base.Event, err = readEvent(tx); err != nil {
			return err
		}
		if base.Games, err = readGames(tx, `SELECT id FROM game`); err != nil {
			return err
		}
		var src Source
		err = tx.QueryRow(`SELECT kind, name, body FROM source WHERE kind = ?`, kind).Scan(&src.Kind, &src.Name, &src.Body)
		switch {
		case err == nil:
			base.Source = &src
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		imp, err := plan(base)
		if err != nil {
			planErr = err
			return err
		}
		if err := s.checkImport(imp); err != nil {
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

// checkImport checks the arguments of an import (CheckImport).
func (s *Store) checkImport(imp Import) error { return CheckImport(s.path, imp) }

// CheckImport checks the arguments of an import as SetEvent, SetHeader
// and AddGame do, the same for every store.
func CheckImport(loc string, imp Import) error {
	if imp.Event != nil {
		if err := CheckEvent(loc, *imp.Event); err != nil {
			return err
		}
	}
	for _, g := range append(append([]Game(nil), imp.Update...), imp.Add...) {
		if err := CheckGameFields(loc, g); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) applyImport(tx *sql.Tx, imp Import, ids *[]int64) error {
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
