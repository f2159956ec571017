package sqlitestore

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// The editor's view of the store is the store.
var _ sheet.GameStore = (*Store)(nil)

func TestCreateRefusesExistingFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e.scoresheet")
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Create(path, sheet.Event{})
	sheettest.WantCode(t, err, sheet.StoreExists)
	if b, _ := os.ReadFile(path); string(b) != "mine" {
		t.Errorf("file changed: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
	_, err = Create(filepath.Join(dir, "no", "such", "dir.scoresheet"), sheet.Event{})
	sheettest.WantCode(t, err, sheet.StoreIO)
}

func TestOpenOrCreate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "default.scoresheet")
	s, err := OpenOrCreate(path, sheet.Event{Name: "first"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddGame(sheet.Game{Round: 1, Board: 1}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = OpenOrCreate(path, sheet.Event{Name: "second"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ev, _ := s.Event()
	gs, _ := s.Games()
	if ev.Name != "first" || len(gs) != 1 {
		t.Errorf("reopened: event %q, %d games", ev.Name, len(gs))
	}
	// A file that is not ours is not replaced.
	other := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(other, []byte("x"), 0o644)
	_, err = OpenOrCreate(other, sheet.Event{})
	sheettest.WantCode(t, err, sheet.StoreNotSQLite)
}

func TestDefaultEventPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	t.Setenv("AppData", filepath.Join(home, "cfg"))
	p, err := DefaultEventPath()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) != "default.scoresheet" || filepath.Base(filepath.Dir(p)) != "scoresheet" {
		t.Errorf("path %q", p)
	}
	fi, err := os.Stat(filepath.Dir(p))
	if err != nil || !fi.IsDir() {
		t.Fatalf("directory: %v", err)
	}
	if fi.Mode().Perm() != 0o700 && runtime.GOOS != "windows" {
		t.Errorf("directory mode %v", fi.Mode().Perm())
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file should not exist yet: %v", err)
	}
}

func TestStoreErrorText(t *testing.T) {
	cause := errors.New("disk on fire")
	for _, tc := range []struct {
		err  *sheet.StoreError
		want string
	}{
		{&sheet.StoreError{Code: sheet.StoreLocked, Path: "/x/e.scoresheet", Err: cause}, "store-locked /x/e.scoresheet: disk on fire"},
		{&sheet.StoreError{Code: sheet.StoreExists, Path: "/x/e.scoresheet"}, "store-exists /x/e.scoresheet"},
		{&sheet.StoreError{Code: sheet.StoreBadArgument}, "store-bad-argument"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
		if tc.err.Err != nil && !errors.Is(tc.err, cause) {
			t.Errorf("does not unwrap")
		}
	}
}

// rawDB opens path with no checks at all, as another program would.
func rawDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db
}
