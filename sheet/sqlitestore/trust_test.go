package sqlitestore

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
	"scoresheet/sheet/sqlitestore/attacktest"
)

// An event file is untrusted input (issue 23.2): it travels by mail and
// USB stick. Its schema must be exactly the one the app's migrations make
// for its version, or it is refused before any statement of ours touches
// its tables.

// plantedEvent makes an event file with two games, round 1 boards 1 and
// 2, then runs stmts on it as a stranger's SQLite would, and returns its
// path.
func plantedEvent(t *testing.T, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "planted.scoresheet")
	s, err := Create(path, sheet.Event{Name: "Open"})
	if err != nil {
		t.Fatal(err)
	}
	for board := 1; board <= 2; board++ {
		if _, err := s.AddGame(sheet.Game{Round: 1, Board: board, White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	attacktest.Plant(t, path, stmts...)
	return path
}

// TestOpenRefusesTrigger is the first attack: a trigger that rewrote the
// move the arbiter typed after the store said it was saved, and one that
// deleted board 2 and renamed the event. Both are refused, naming the
// trigger, and nothing in the file ran or changed.
func TestOpenRefusesTrigger(t *testing.T) {
	for _, tc := range []struct{ name, said, trigger string }{
		{"rewrite", "rewrite", attacktest.RewriteTrigger},
		{"vandal", "vandal", attacktest.VandalTrigger},
		{"on open", `"on open\x1b[2J"`, `CREATE TRIGGER "on open` + "\x1b[2J" + `" BEFORE UPDATE ON event BEGIN
			SELECT raise(ABORT, 'no'); END`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := plantedEvent(t, tc.trigger)
			before := fileHash(t, path)
			s, err := Open(path)
			if err == nil {
				// What the attack did before: the arbiter types Bb5 and
				// the file holds Bc4.
				g, _ := s.GameAt(1, 1)
				sheettest.SetCell(s, g.ID, sheet.WhiteCopy, 0, sheet.Cell{Text: "Bb5"})
				g.Result = "1-0"
				sheettest.SetHeader(s, g)
				g, _ = s.GameAt(1, 1)
				s.Close()
				t.Fatalf("opened; the white copy now holds %+v", g.Copies[sheet.WhiteCopy].Cells)
			}
			sheettest.WantCode(t, err, sheet.StoreForeignSchema)
			if !strings.Contains(err.Error(), "extra=trigger:"+tc.said) {
				t.Errorf("the refusal does not name the trigger: %v", err)
			}
			t.Log(err)
			if fileHash(t, path) != before {
				t.Errorf("file bytes changed")
			}
			_, err = OpenOrCreate(path, sheet.Event{})
			sheettest.WantCode(t, err, sheet.StoreForeignSchema)
		})
	}
}

// TestOpenRefusesEndlessView is the second attack: the game table
// replaced by a recursive view that never ends; reading it hung every
// command while a temporary file grew. It is refused at once.
func TestOpenRefusesEndlessView(t *testing.T) {
	path := plantedEvent(t,
		`PRAGMA foreign_keys = OFF`,
		`ALTER TABLE game RENAME TO game_old`,
		attacktest.EndlessGameView)
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		s, err := Open(path)
		if err == nil {
			_, err = s.Games()
			s.Close()
			if err == nil {
				err = fmt.Errorf("opened and read")
			}
		}
		done <- err
	}()
	select {
	case err := <-done:
		sheettest.WantCode(t, err, sheet.StoreForeignSchema)
		t.Logf("%v after %v", err, time.Since(start))
		if !strings.Contains(err.Error(), "view:game") {
			t.Errorf("the refusal does not name the view: %v", err)
		}
	case <-time.After(2 * time.Minute):
		// Not a pacing timeout: before the fix this never returned.
		t.Fatal("Open has not returned after 2 minutes: the view ran")
	}
}

// TestOpenRefusesForeignObjects: tables, indexes, columns and
// constraints of its own, or the app's missing or changed, are refused
// with store-foreign-schema naming the object; the same things done the
// app's way (another spelling of the same schema) are not.
func TestOpenRefusesForeignObjects(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stmts []string
		want  string // in the error; "" when the file must open
	}{
		{"extra table", []string{`CREATE TABLE notes (body TEXT)`}, "extra=table:notes"},
		{"extra index", []string{`CREATE INDEX by_name ON game (white_name)`}, "extra=index:by_name"},
		{"extra column", []string{`ALTER TABLE game ADD COLUMN arbiter TEXT`}, "differs=table:game"},
		{"view", []string{`CREATE VIEW boards AS SELECT board FROM game`}, "extra=view:boards"},
		{"statistics", []string{`ANALYZE`}, "extra=table:sqlite_stat1"},
		{"autoincrement", []string{`CREATE TABLE seq (id INTEGER PRIMARY KEY AUTOINCREMENT)`}, "extra=table:seq"},
		{"missing table", []string{`DROP TABLE decision`}, "missing=table:decision"},
		{"column renamed", []string{`ALTER TABLE game RENAME COLUMN fen TO start`}, "differs=table:game"},
		{"table renamed", []string{`PRAGMA foreign_keys = OFF`, `ALTER TABLE round RENAME TO rounds`}, "missing=table:round"},
		{"constraint dropped", []string{
			`PRAGMA foreign_keys = OFF`,
			`CREATE TABLE round2 (number INTEGER PRIMARY KEY, date TEXT)`,
			`INSERT INTO round2 SELECT * FROM round`,
			`DROP TABLE round`,
			`ALTER TABLE round2 RENAME TO round`,
		}, "differs=table:round"},
		{"same schema spelt otherwise", []string{
			`PRAGMA foreign_keys = OFF`,
			`CREATE TABLE round2 (
				"number" integer primary key, -- another spelling
				[date]   text   not null
			)`,
			`INSERT INTO round2 SELECT * FROM round`,
			`DROP TABLE round`,
			`ALTER TABLE round2 RENAME TO round`,
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := plantedEvent(t, tc.stmts...)
			before := fileHash(t, path)
			s, err := Open(path)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				if gs, err := s.Games(); err != nil || len(gs) != 2 {
					t.Errorf("%d games, %v", len(gs), err)
				}
				return
			}
			if err == nil {
				s.Close()
			}
			sheettest.WantCode(t, err, sheet.StoreForeignSchema)
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("want %q in: %v", tc.want, err)
			}
			t.Log(err)
			if fileHash(t, path) != before {
				t.Errorf("file bytes changed")
			}
		})
	}
}

// TestOpenOldVersionsTrusted: a file of every older version, as that
// version's code wrote it, has the app's schema for its version: it
// opens and migrates. The same file with the next version's column
// added but its old version number kept does not.
func TestOpenOldVersionsTrusted(t *testing.T) {
	for n := 0; n <= schemaVersion(); n++ {
		t.Run(fmt.Sprint("version ", n), func(t *testing.T) {
			path := fileAtVersion(t, n)
			if n == 0 {
				db := rawDB(t, path)
				db.Exec(fmt.Sprintf(`PRAGMA application_id = %d`, storeApplicationID))
				db.Close()
			}
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if v := userVersion(t, s.db); v != schemaVersion() {
				t.Errorf("user_version %d", v)
			}
		})
	}
	path := fileAtVersion(t, 2, `ALTER TABLE copy ADD COLUMN result TEXT NOT NULL DEFAULT ''`)
	_, err := Open(path)
	sheettest.WantCode(t, err, sheet.StoreForeignSchema)
	t.Log(err)
}

// TestConnectionsDistrustSchema: every connection the store makes, the
// read-only look and the writer, has trusted_schema off and SQLite's
// defensive mode on (writable_schema cannot be turned on).
func TestConnectionsDistrustSchema(t *testing.T) {
	path, _ := lockEvent(t)
	for _, c := range []struct {
		mode   string
		writer bool
	}{{"ro&immutable=1", false}, {"ro", false}, {"rw", true}} {
		db, err := openDB(path, c.mode, c.writer)
		if err != nil {
			t.Fatal(err)
		}
		var trusted, writable int
		if err := db.QueryRow(`PRAGMA trusted_schema`).Scan(&trusted); err != nil {
			t.Fatal(err)
		}
		db.Exec(`PRAGMA writable_schema = ON`)
		if err := db.QueryRow(`PRAGMA writable_schema`).Scan(&writable); err != nil {
			t.Fatal(err)
		}
		if trusted != 0 || writable != 0 {
			t.Errorf("%s: trusted_schema %d, writable_schema %d after turning it on", c.mode, trusted, writable)
		}
		db.Close()
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var trusted int
	s.db.QueryRow(`PRAGMA trusted_schema`).Scan(&trusted)
	if trusted != 0 {
		t.Errorf("the store's connection trusts the schema")
	}
}

// TestSQLTokens: the schema is compared token by token: blanks,
// comments, the case of words and the quoting of names do not count;
// anything else does.
func TestSQLTokens(t *testing.T) {
	same := [][2]string{
		{"CREATE TABLE t (a TEXT NOT NULL)", "create   table\n\tt(a text not null) "},
		{`CREATE TABLE "t" ([a] TEXT, ` + "`b`" + ` INT)`, "CREATE TABLE t (a TEXT, b INT)"},
		{"CREATE TABLE t (a) -- note\n", "CREATE TABLE t /* x */ (a)"},
	}
	for _, p := range same {
		if a, b := strings.Join(sqlTokens(p[0]), " "), strings.Join(sqlTokens(p[1]), " "); a != b {
			t.Errorf("%q -> %s\n%q -> %s", p[0], a, p[1], b)
		}
	}
	differ := [][2]string{
		{"CREATE TABLE t (a TEXT DEFAULT 'x')", "CREATE TABLE t (a TEXT DEFAULT 'X')"},
		{"CREATE TABLE t (a CHECK (a >= 1))", "CREATE TABLE t (a CHECK (a > 1))"},
		{"CREATE TABLE t (a)", "CREATE TABLE t (a, b)"},
		{"CREATE TABLE t (a TEXT DEFAULT 'it''s')", "CREATE TABLE t (a TEXT DEFAULT 'it')"},
	}
	for _, p := range differ {
		if a, b := strings.Join(sqlTokens(p[0]), " "), strings.Join(sqlTokens(p[1]), " "); a == b {
			t.Errorf("%q and %q read the same: %s", p[0], p[1], a)
		}
	}
}
