package sqlitestore

import (
	"database/sql"
	"errors"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

func (s *Store) fieldConflict(c *sheet.FieldConflict) error {
	return sheet.FieldConflictError(s.path, c)
}

// readGame reads game id in tx, or store-not-found.
func (s *Store) readGame(tx *sql.Tx, id int64) (sheet.Game, error) {
	games, err := readGames(tx, `SELECT id FROM game WHERE id = ?`, id)
	if err != nil {
		return sheet.Game{}, err
	}
	if len(games) == 0 {
		return sheet.Game{}, s.notFound(id)
	}
	return games[0], nil
}

// SetHeaderIf changes the header of game g.ID from was, the header as
// the writer saw it, to g, field by field: only the fields where g
// differs from was are written (a tag added, changed or removed is one
// field), and only if each of them still holds what was holds; a field
// the writer did not change keeps whatever another writer put there.
// Otherwise nothing is written and the error is store-conflict with a
// *FieldConflict naming the first field another writer changed. Copies
// and decisions are not touched.
func (s *Store) SetHeaderIf(was, g sheet.Game) error {
	if err := sheet.CheckHeader(s.path, g); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		cur, err := s.readGame(tx, g.ID)
		return storekit.WriteIf(s.path, cur, err,
			func(cur sheet.Game) (sheet.Game, bool, *sheet.FieldConflict) { return sheet.HeaderIf(cur, was, g) },
			func(next sheet.Game) error { return s.updateHeader(tx, next) })
	})
}

// SetCopyLangIf sets a copy's notation language (its own, or "" for the
// event's) only if it is still was; else store-conflict (field
// "white-copy.lang" or "black-copy.lang").
func (s *Store) SetCopyLangIf(id int64, side sheet.Side, was, lang string) error {
	return setCopyFieldIf(s, id, side, "lang", was, lang)
}

// SetCopyResultIf sets the result written on a copy (one of
// CopyResults, or "" for none) only if it is still was; else store-conflict (field
// "white-copy.result" or "black-copy.result").
func (s *Store) SetCopyResultIf(id int64, side sheet.Side, was, result sheet.Result) error {
	if err := sheet.CheckCopyResult(s.path, id, side, result); err != nil {
		return err
	}
	return setCopyFieldIf(s, id, side, "result", was, result)
}

// SetCopyConsultedIf sets whether a copy is consulted (typed only at the
// half-moves the arbiter looks up) only if it is still was; else store-conflict
// (field "white-copy.consulted" or "black-copy.consulted").
func (s *Store) SetCopyConsultedIf(id int64, side sheet.Side, was, consulted bool) error {
	return setCopyFieldIf(s, id, side, "consulted", was, consulted)
}

// setCopyFieldIf sets column (lang, result or consulted: this file's
// names, never the caller's text) of a copy to v if it holds was.
func setCopyFieldIf[T ~string | ~bool](s *Store, id int64, side sheet.Side, column string, was, v T) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		var held T
		err := tx.QueryRow(`SELECT `+column+` FROM copy WHERE game_id = ? AND side = ?`, id, int(side)).Scan(&held)
		if errors.Is(err, sql.ErrNoRows) {
			return s.notFound(id)
		}
		if err != nil {
			return err
		}
		if write, fc := sheet.CopyFieldIf(id, side, column, held, was, v, false); fc != nil || !write {
			return s.conflictOrNil(fc)
		}
		if _, err := tx.Exec(`UPDATE copy SET `+column+` = ? WHERE game_id = ? AND side = ?`, v, id, int(side)); err != nil {
			return err
		}
		return s.touchGame(tx, id)
	})
}

func (s *Store) AddDecisionIf(id int64, d sheet.Decision, was *sheet.Decision) error {
	return s.addDecision(id, d, func(tx *sql.Tx) error {
		var last sheet.Decision
		var at string
		err := tx.QueryRow(`SELECT ply, move, by, at FROM decision WHERE game_id = ? AND ply = ?
			ORDER BY seq DESC LIMIT 1`, id, d.Ply).Scan(&last.Ply, &last.Move, &last.By, &at)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return s.conflictOrNil(sheet.DecisionIf(id, d.Ply, nil, "", was))
		case err != nil:
			return err
		}
		return s.conflictOrNil(sheet.DecisionIf(id, d.Ply, &last, at, was))
	})
}

// conflictOrNil is store-conflict with c, nil when c is.
func (s *Store) conflictOrNil(c *sheet.FieldConflict) error {
	if c == nil {
		return nil
	}
	return s.fieldConflict(c)
}

// SetEventIf changes the event from was, as the writer saw it (a settings
// dialog when it opened), to ev, as SetHeaderIf does the header: only
// the fields ev changes (the list of rounds is one), each only if it
// still holds what was holds; else store-conflict with a *FieldConflict
// ("event.name", "event.time_control", "event.rounds", ...; Game 0).
func (s *Store) SetEventIf(was, ev sheet.Event) error {
	if err := checkEvent(s.path, ev); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		cur, err := readEvent(tx)
		return storekit.WriteIf(s.path, cur, err,
			func(cur sheet.Event) (sheet.Event, bool, *sheet.FieldConflict) { return sheet.EventIf(cur, was, ev) },
			func(next sheet.Event) error { return s.setEventTx(tx, next) })
	})
}

// DeleteGameIf removes game was.ID, as DeleteGame does, only if it is
// still as was (header, copies, cells, decisions): a board another writer
// typed on since the arbiter was asked to confirm is not deleted
// (store-conflict with a *FieldConflict "game").
func (s *Store) DeleteGameIf(was sheet.Game) error {
	return s.write(func(tx *sql.Tx) error {
		cur, err := s.readGame(tx, was.ID)
		if err != nil {
			return err
		}
		if fc := sheet.GameIf(&cur, &was); fc != nil {
			return s.fieldConflict(fc)
		}
		res, err := tx.Exec(`DELETE FROM game WHERE id = ?`, was.ID)
		return s.removedGame(was.ID, res, err)
	})
}
