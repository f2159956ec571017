package sqlitestore

import (
	"database/sql"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Copying a whole event between two stores (scoresheet event copy): from
// a file to a server at the start of the event, back to a file at its
// end, or between two files.

// CreateCopy makes a new event file at path holding everything of the
// event src: its fields and rounds, every game (header, tags, both
// copies with their language, result and every field of every cell,
// decisions) and every source kept. Game ids are the new file's own.
// Like Create it refuses a path where a file is, and the file appears
// whole or not at all. It returns how many games it copied.
func CreateCopy(path string, src sheet.EventStore) (n int, err error) {
	ev, srcs, err := storekit.EventAndSources(src)
	if err != nil {
		return 0, err
	}
	_, err = createFile(path, ev, func(s *Store) error {
		if err := s.putSources(srcs); err != nil {
			return err
		}
		n, err = storekit.EachPage(src, func(gs []sheet.Game) error {
			_, err := s.AddGames(gs)
			return err
		})
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// putSources keeps srcs, each replacing the event's source of its kind.
func (s *Store) putSources(srcs []sheet.Source) error {
	return s.write(func(tx *sql.Tx) error {
		for _, src := range srcs {
			if err := putSource(tx, src); err != nil {
				return err
			}
		}
		return nil
	})
}

func putSource(tx *sql.Tx, src sheet.Source) error {
	body := src.Body
	if body == nil {
		body = []byte{} // NOT NULL
	}
	_, err := tx.Exec(`INSERT OR REPLACE INTO source (kind, name, body) VALUES (?, ?, ?)`, src.Kind, src.Name, body)
	return err
}
