package sqlitestore

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestOpenSalvage: the data of an event file Open refuses is read into a
// clean copy, and nothing of the file's own runs: its triggers do not
// fire, a view in place of a table is not read (the table counts as
// missing), a generated column is not evaluated, and the file and its
// folder are left as they were.
func TestOpenSalvage(t *testing.T) {
	t.Run("triggers", func(t *testing.T) {
		path := plantedEvent(t,
			`INSERT INTO cell VALUES (1, 0, 0, 'Bb5', '', 0, '', 0, 0, '')`,
			`CREATE TRIGGER rewrite AFTER INSERT ON cell BEGIN UPDATE cell SET text = 'Bc4'; END`,
			`CREATE TRIGGER vandal BEFORE INSERT ON game BEGIN SELECT raise(ABORT, 'no'); END`,
			`CREATE TABLE notes (body TEXT)`)
		before := fileHash(t, path)
		names := dirNames(t, filepath.Dir(path))
		s, skipped, err := OpenSalvage(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if len(skipped) != 0 {
			t.Errorf("skipped %v", skipped)
		}
		ev, err := s.Event()
		if err != nil || ev.Name != "Open" {
			t.Errorf("event %+v, %v", ev, err)
		}
		gs, err := s.Games()
		if err != nil || len(gs) != 2 {
			t.Fatalf("%d games, %v", len(gs), err)
		}
		if c := gs[0].Copies[sheet.WhiteCopy].Cells; len(c) != 1 || c[0].Text != "Bb5" {
			t.Errorf("cells %+v", c)
		}
		sheettest.WantCode(t, sheettest.SetCell(s, gs[0].ID, sheet.WhiteCopy, 1, sheet.Cell{Text: "a6"}), sheet.StoreReadOnly)
		var dbs int
		s.db.QueryRow(`SELECT count(*) FROM pragma_database_list WHERE name = 'src'`).Scan(&dbs)
		if dbs != 0 {
			t.Error("the file is still attached")
		}
		if fileHash(t, path) != before {
			t.Error("file bytes changed")
		}
		if after := dirNames(t, filepath.Dir(path)); !slices.Equal(after, names) {
			t.Errorf("the folder was %v, is %v", names, after)
		}
	})
	t.Run("view in place of a table", func(t *testing.T) {
		path := plantedEvent(t,
			`PRAGMA foreign_keys = OFF`,
			`DROP TABLE game`,
			`CREATE VIEW game AS WITH RECURSIVE r(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM r) SELECT * FROM r`)
		s, skipped, err := OpenSalvage(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if !slices.Equal(skipped, []string{"game"}) {
			t.Errorf("skipped %v", skipped)
		}
		if gs, err := s.Games(); err != nil || len(gs) != 0 {
			t.Errorf("%d games, %v", len(gs), err)
		}
	})
	t.Run("generated column", func(t *testing.T) {
		path := plantedEvent(t,
			`PRAGMA foreign_keys = OFF`,
			`CREATE TABLE round2 (number INTEGER PRIMARY KEY, date TEXT NOT NULL, later TEXT GENERATED ALWAYS AS (zeroblob(1000000000)))`,
			`INSERT INTO round2 (number, date) VALUES (1, '2026.11.25')`,
			`DROP TABLE round`,
			`ALTER TABLE round2 RENAME TO round`)
		s, _, err := OpenSalvage(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if ev, err := s.Event(); err != nil || len(ev.Rounds) != 1 || ev.Rounds[0].Date != "2026.11.25" {
			t.Errorf("event %+v, %v", ev, err)
		}
	})
	t.Run("refused as Open refuses", func(t *testing.T) {
		dir := t.TempDir()
		notes := filepath.Join(dir, "notes.txt")
		os.WriteFile(notes, []byte("not an event"), 0o644)
		_, _, err := OpenSalvage(notes)
		sheettest.WantCode(t, err, sheet.StoreNotSQLite)
		other := filepath.Join(dir, "other.db")
		foreignDB(t, other, false)
		_, _, err = OpenSalvage(other)
		sheettest.WantCode(t, err, sheet.StoreForeignFile)
	})
	t.Run("older version", func(t *testing.T) {
		path := fileAtVersion(t, 2,
			`INSERT INTO game VALUES (1, 1, 1, 'W', '', 0, '', '', 'B', '', 0, '', '', '', '', '')`,
			`INSERT INTO copy VALUES (1, 0, 'en')`,
			`INSERT INTO cell VALUES (1, 0, 0, 'e4', '', 0, '', 0, 0)`,
			`CREATE TRIGGER t AFTER INSERT ON cell BEGIN SELECT 1; END`)
		s, _, err := OpenSalvage(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		g, err := s.GameAt(1, 1)
		if err != nil || len(g.Copies[sheet.WhiteCopy].Cells) != 1 || g.Copies[sheet.WhiteCopy].Cells[0].Text != "e4" {
			t.Errorf("game %+v, %v", g, err)
		}
	})
}
