package sqlitestore

import (
	"path/filepath"
	"testing"

	"scoresheet/sheet"
)

// fileAtVersion makes an event file of schema version n, as the code of
// that version wrote it (its first n migrations), holding what stmts
// insert, and returns its path: a file from before later migrations.
func fileAtVersion(t *testing.T, n int, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.scoresheet")
	db := rawDB(t, path)
	defer db.Close()
	saved := migrations
	migrations = saved[:n]
	err := migrate(db, path)
	migrations = saved
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// A file of schema version 2 (before kinds and marks) opens as standard
// play with no marks, every cell as it was.
func TestStoreMigrateLawsMarks(t *testing.T) {
	path := fileAtVersion(t, 2,
		`INSERT INTO game VALUES (1, 1, 1, 'W', '', 0, '', '', 'B', '', 0, '', '', '', '', '')`,
		`INSERT INTO copy VALUES (1, 0, 'en')`,
		`INSERT INTO cell VALUES (1, 0, 0, 'e4', '', 0, '', 0, 1)`)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ev, err := s.Event()
	if err != nil || ev.Kind != sheet.KindStandard {
		t.Errorf("kind %q, %v", ev.Kind, err)
	}
	g, err := s.GameAt(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c := g.Copies[sheet.WhiteCopy].Cells; len(c) != 1 || c[0] != (sheet.Cell{Text: "e4", NotRecorded: true}) {
		t.Errorf("cells %+v", c)
	}
}
