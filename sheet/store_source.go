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

// Import is what importing a file changes in an event, applied at once
// (ApplyImport): the event's fields, the source kept, games removed,
// headers updated and games added.
type Import struct {
	Event  *Event  // nil: the event's fields stay
	Source *Source // nil: no source is kept
	Remove []int64 // games removed (whole, with their copies)
	Update []Game  // headers replaced, as SetHeader does
	Add    []Game  // games added, as AddGame does
}

// ApplyImport applies imp in one transaction: all of it, or nothing (an
// import that fails leaves the event file as it was). It returns the ids
// of the games added.
func (s *Store) ApplyImport(imp Import) ([]int64, error) {
	if imp.Event != nil {
		if err := checkEvent(s.path, *imp.Event); err != nil {
			return nil, err
		}
	}
	for _, g := range append(append([]Game(nil), imp.Update...), imp.Add...) {
		if err := s.checkHeaderFields(g); err != nil {
			return nil, err
		}
	}
	var ids []int64
	err := s.write(func(tx *sql.Tx) error {
		ids = ids[:0]
		return s.applyImport(tx, imp, &ids)
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

func (s *Store) applyImport(tx *sql.Tx, imp Import, ids *[]int64) error {
	if imp.Event != nil {
		if err := setEventTx(tx, *imp.Event); err != nil {
			return err
		}
	}
	if src := imp.Source; src != nil {
		if _, err := tx.Exec(`INSERT OR REPLACE INTO source (kind, name, body) VALUES (?, ?, ?)`,
			src.Kind, src.Name, src.Body); err != nil {
			return err
		}
	}
	// A game is removed only while nothing is typed on it: a cell typed
	// (in the window, by another process) since the import read the
	// event keeps it, and a game added at its board then fails the
	// whole import (store-duplicate) instead of losing the cell.
	for _, id := range imp.Remove {
		if _, err := tx.Exec(`DELETE FROM game WHERE id = ?
			AND NOT EXISTS (SELECT 1 FROM cell WHERE game_id = ?)
			AND NOT EXISTS (SELECT 1 FROM decision WHERE game_id = ?)`, id, id, id); err != nil {
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
