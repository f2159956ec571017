package sqlitestore

import (
	"bufio"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// pristineStore builds a real event file of several pages (40 games of 80
// cells) and returns its bytes, its page size and the root page of the
// cell table.
func pristineStore(t *testing.T) (data []byte, pageSize, cellRoot int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pristine.scoresheet")
	s, err := Create(path, sampleEvent())
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields(xtest.GameSAN)
	for i := 0; i < 40; i++ {
		g := sampleGame()
		g.Round, g.Board = i/10+1, i%10+1
		g.Copies = [2]sheet.Copy{}
		for j := 0; j < 80; j++ {
			g.Copies[j%2].Cells = append(g.Copies[j%2].Cells, sheet.Cell{Text: moves[j%len(moves)], Note: strings.Repeat("n", j%7)})
		}
		if _, err := s.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'cell'`).Scan(&cellRoot); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatalf("WAL left after Close")
	}
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pageSize = int(binary.BigEndian.Uint16(data[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if len(data)/pageSize < 8 {
		t.Fatalf("only %d pages", len(data)/pageSize)
	}
	return data, pageSize, cellRoot
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// foreignDB makes a valid SQLite database that is not ours.
func foreignDB(t *testing.T, path string, wal bool) {
	t.Helper()
	db := rawDB(t, path)
	defer db.Close()
	stmts := []string{`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`, `INSERT INTO notes (body) VALUES ('hello')`}
	if wal {
		stmts = append([]string{`PRAGMA journal_mode = WAL`}, stmts...)
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenRefusesAndLeavesBytes(t *testing.T) {
	pristine, pageSize, cellRoot := pristineStore(t)
	pages := len(pristine) / pageSize
	t.Logf("store: %d bytes, %d pages of %d, cell root page %d", len(pristine), pages, pageSize, cellRoot)

	clobber := func(off, n int) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			b := append([]byte(nil), pristine...)
			for i := off; i < off+n; i++ {
				b[i] = 0xA5 ^ byte(i)
			}
			os.WriteFile(path, b, 0o644)
		}
	}
	write := func(b []byte) func(t *testing.T, path string) {
		return func(t *testing.T, path string) { os.WriteFile(path, b, 0o644) }
	}
	page := func(n int) int { return (n - 1) * pageSize } // offset of 1-based page n

	for _, tc := range []struct {
		name string
		make func(t *testing.T, path string)
		code sheet.StoreErrorCode
	}{
		{"text file", write([]byte("1. e4 e5 2. Nf3 Nc6\n")), sheet.StoreNotSQLite},
		{"empty 0-byte file", write(nil), sheet.StoreNotSQLite},
		{"binary garbage", write(func() []byte {
			b := make([]byte, 8192)
			for i := range b {
				b[i] = byte(i * 31)
			}
			return b
		}()), sheet.StoreNotSQLite},
		{"magic only", write([]byte(sqliteMagic)), sheet.StoreNotSQLite},
		{"clobbered file header", clobber(0, 16), sheet.StoreNotSQLite},
		{"truncated to 50 bytes", write(pristine[:50]), sheet.StoreNotSQLite},
		{"truncated to half", write(pristine[:len(pristine)/2]), sheet.StoreCorrupt},
		{"truncated to one page", write(pristine[:pageSize]), sheet.StoreCorrupt},
		// Issue 13: SQLite reads the missing end of a short last page as
		// zero bytes, so these opened and read "e5" back as "e\x00".
		{"one byte short", write(pristine[:len(pristine)-1]), sheet.StoreCorrupt},
		{"two bytes short", write(pristine[:len(pristine)-2]), sheet.StoreCorrupt},
		{"one page short", write(pristine[:len(pristine)-pageSize]), sheet.StoreCorrupt},
		{"one byte too many", write(append(append([]byte(nil), pristine...), 0)), sheet.StoreCorrupt},
		{"page size not a power of two", func(t *testing.T, path string) {
			b := append([]byte(nil), pristine...)
			b[16], b[17] = 0x0f, 0xff
			os.WriteFile(path, b, 0o644)
		}, sheet.StoreCorrupt},
		{"cell table root page header", clobber(page(cellRoot), 12), sheet.StoreCorrupt},
		{"middle page, b-tree header and cells", clobber(page(pages/2), 200), sheet.StoreCorrupt},
		{"middle of a middle page", clobber(page(pages/2+1)+pageSize/2-64, 128), sheet.StoreCorrupt},
		{"last page", clobber(page(pages), 64), sheet.StoreCorrupt},
		{"schema b-tree on page 1", clobber(100, 12), sheet.StoreCorrupt},
		{"foreign SQLite database", func(t *testing.T, path string) { foreignDB(t, path, false) }, sheet.StoreForeignFile},
		{"foreign SQLite database in WAL mode", func(t *testing.T, path string) { foreignDB(t, path, true) }, sheet.StoreForeignFile},
		{"empty SQLite database", func(t *testing.T, path string) {
			db := rawDB(t, path)
			db.Exec(`PRAGMA user_version = 1`)
			db.Close()
		}, sheet.StoreForeignFile},
		{"newer schema version", func(t *testing.T, path string) {
			os.WriteFile(path, pristine, 0o644)
			db := rawDB(t, path)
			if _, err := db.Exec(fmt.Sprintf(`PRAGMA user_version = %d`, schemaVersion()+1)); err != nil {
				t.Fatal(err)
			}
			db.Close()
		}, sheet.StoreNewerSchema},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "e.scoresheet")
			tc.make(t, path)
			before := fileHash(t, path)
			namesBefore := dirNames(t, dir)
			s, err := Open(path)
			if err == nil {
				s.Close()
			}
			sheettest.WantCode(t, err, tc.code)
			t.Logf("%v", err)
			if fileHash(t, path) != before {
				t.Errorf("file bytes changed")
			}
			// No side file (-wal, -shm, -journal) was left.
			if after := dirNames(t, dir); strings.Join(after, "/") != strings.Join(namesBefore, "/") {
				t.Errorf("directory was %v, is %v", namesBefore, after)
			}
			// OpenOrCreate refuses the same way and does not replace it.
			_, err = OpenOrCreate(path, sheet.Event{})
			sheettest.WantCode(t, err, tc.code)
			if fileHash(t, path) != before {
				t.Errorf("file bytes changed by OpenOrCreate")
			}
		})
	}
}

func TestOpenMissingAndDirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(filepath.Join(dir, "nothing.scoresheet"))
	sheettest.WantCode(t, err, sheet.StoreNoFile)
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("Open created %v", names)
	}
	_, err = Open(dir)
	sheettest.WantCode(t, err, sheet.StoreIO)
	_, err = Open("")
	sheettest.WantCode(t, err, sheet.StoreBadArgument)
}

// TestOpenLocked has another process hold a lock on the event file: Open
// must say store-locked, promptly, and leave the file as it is.
func TestOpenLocked(t *testing.T) {
	for _, mode := range []string{"begin-exclusive", "locking-mode-exclusive", "write-pending"} {
		t.Run(mode, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "e.scoresheet")
			s, err := Create(path, sampleEvent())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.AddGame(sampleGame()); err != nil {
				t.Fatal(err)
			}
			s.Close()

			cmd := xtest.Child("TestLockChild", "SCORESHEET_LOCK_CHILD="+path, "SCORESHEET_LOCK_MODE="+mode)
			stdin, _ := cmd.StdinPipe()
			stdout, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Wait()
			defer stdin.Close()
			sc := bufio.NewScanner(stdout)
			locked := false
			for sc.Scan() {
				if sc.Text() == "locked" {
					locked = true
					break
				}
			}
			if !locked {
				t.Fatalf("child did not lock the file")
			}
			before := fileHash(t, path)
			start := time.Now()
			s, err = Open(path)
			elapsed := time.Since(start)
			if err == nil {
				s.Close()
			}
			sheettest.WantCode(t, err, sheet.StoreLocked)
			t.Logf("%v after %v", err, elapsed)
			if elapsed > 5*time.Second {
				t.Errorf("took %v", elapsed)
			}
			if fileHash(t, path) != before {
				t.Errorf("file bytes changed")
			}
			// Released, the file opens.
			stdin.Close()
			cmd.Wait()
			s, err = Open(path)
			if err != nil {
				t.Fatalf("after the lock is released: %v", err)
			}
			defer s.Close()
			if gs, err := s.Games(); err != nil || len(gs) != 1 {
				t.Errorf("%d games, %v", len(gs), err)
			}
		})
	}
}

// TestLockChild is the child of TestOpenLocked: it locks the file, says
// "locked", and holds the lock until its stdin closes.
func TestLockChild(t *testing.T) {
	path := xtest.ChildEnv(t, "SCORESHEET_LOCK_CHILD", "TestOpenLocked")
	db := rawDB(t, path)
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var stmts []string
	switch os.Getenv("SCORESHEET_LOCK_MODE") {
	case "begin-exclusive":
		stmts = []string{`BEGIN EXCLUSIVE`}
	case "locking-mode-exclusive":
		// Exclusive locking mode: the WAL is used without shared memory
		// and the file lock is kept, so even readers are shut out.
		stmts = []string{`PRAGMA locking_mode = EXCLUSIVE`, `BEGIN EXCLUSIVE`,
			`UPDATE event SET name = name || '!'`, `COMMIT`}
	case "write-pending":
		stmts = []string{`BEGIN IMMEDIATE`, `UPDATE event SET name = 'pending'`}
	}
	for _, s := range stmts {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	fmt.Println("locked")
	os.Stdout.Sync()
	bufio.NewReader(os.Stdin).ReadString(0) // until EOF
	conn.ExecContext(ctx, `ROLLBACK`)
	conn.Close()
}

func TestMigrations(t *testing.T) {
	t.Run("from version 0", func(t *testing.T) {
		// An SQLite file marked as ours but with no tables yet.
		path := filepath.Join(t.TempDir(), "v0.scoresheet")
		db := rawDB(t, path)
		if _, err := db.Exec(fmt.Sprintf(`PRAGMA application_id = %d`, storeApplicationID)); err != nil {
			t.Fatal(err)
		}
		db.Close()
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if v := userVersion(t, s.db); v != schemaVersion() {
			t.Errorf("user_version %d, want %d", v, schemaVersion())
		}
		var mode string
		s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
		if mode != "wal" {
			t.Errorf("journal_mode %q", mode)
		}
		if ev, err := s.Event(); err != nil || ev.Name != "" {
			t.Errorf("event %+v, %v", ev, err)
		}
		id, err := s.AddGame(sampleGame())
		if err != nil {
			t.Fatal(err)
		}
		if err := sheettest.SetCell(s, id, sheet.BlackCopy, 2, sheet.Cell{Text: "Sc3"}); err != nil {
			t.Fatal(err)
		}
	})

	// An older file: built with the migrations this code has, then
	// opened by a "newer" code that has one more. The data survives, the
	// new migration runs once, and a failing migration changes nothing.
	for _, tc := range []struct {
		name    string
		extra   migration
		wantErr bool
	}{
		{"older version upgraded", func(tx *sql.Tx) error {
			if _, err := tx.Exec(`ALTER TABLE game ADD COLUMN arbiter TEXT NOT NULL DEFAULT ''`); err != nil {
				return err
			}
			_, err := tx.Exec(`UPDATE game SET arbiter = 'IA ' || white_title`)
			return err
		}, false},
		{"failing migration rolls back", func(tx *sql.Tx) error {
			if _, err := tx.Exec(`ALTER TABLE game ADD COLUMN arbiter TEXT NOT NULL DEFAULT ''`); err != nil {
				return err
			}
			_, err := tx.Exec(`INSERT INTO no_such_table VALUES (1)`)
			return err
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "old.scoresheet")
			s, err := Create(path, sampleEvent())
			if err != nil {
				t.Fatal(err)
			}
			id, err := s.AddGame(sampleGame())
			if err != nil {
				t.Fatal(err)
			}
			s.Close()
			old := schemaVersion()
			before := fileHash(t, path)

			saved := migrations
			migrations = append(append([]migration(nil), saved...), tc.extra)
			defer func() { migrations = saved }()

			s, err = Open(path)
			if tc.wantErr {
				if err == nil {
					s.Close()
					t.Fatal("Open succeeded")
				}
				sheettest.WantCode(t, err, sheet.StoreMigration)
				t.Logf("%v", err)
				// Rolled back: the file still holds the old version and opens
				// with the old code.
				migrations = saved
				s, err = Open(path)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Close()
				if v := userVersion(t, s.db); v != old {
					t.Errorf("user_version %d, want %d", v, old)
				}
				var n int
				s.db.QueryRow(`SELECT count(*) FROM pragma_table_info('game') WHERE name = 'arbiter'`).Scan(&n)
				if n != 0 {
					t.Errorf("half a migration is in the file")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if v := userVersion(t, s.db); v != old+1 {
				t.Errorf("user_version %d, want %d", v, old+1)
			}
			if fileHash(t, path) == before {
				t.Logf("(migration still in the WAL)")
			}
			var arbiter string
			if err := s.db.QueryRow(`SELECT arbiter FROM game WHERE id = ?`, id).Scan(&arbiter); err != nil || arbiter != "IA IM" {
				t.Errorf("arbiter %q, %v", arbiter, err)
			}
			g, err := s.Game(id)
			want := normalised(sampleGame())
			want.ID = id
			if err != nil || fmt.Sprint(g) != fmt.Sprint(want) {
				t.Errorf("game after migration: %+v, %v", g, err)
			}
			// The old code now refuses the file as newer.
			s.Close()
			migrations = saved
			_, err = Open(path)
			sheettest.WantCode(t, err, sheet.StoreNewerSchema)
		})
	}
}

func userVersion(t *testing.T, db *sql.DB) int {
	t.Helper()
	var v int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
