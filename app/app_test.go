package app

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// A new event is in the UI language's notation when there is one
// (German UI, German letters), else in English; its first board takes
// the event's.
func TestOpenSessionFirstBoardNotation(t *testing.T) {
	t.Cleanup(func() { SetLanguage("en") })
	for _, tt := range []struct{ ui, want string }{{"de", "de"}, {"hr", "hr"}, {"en", "en"}} {
		SetLanguage(tt.ui)
		path := filepath.Join(t.TempDir(), "new.scoresheet")
		s, err := openSession(Options{Event: path})
		if err != nil {
			t.Fatal(err)
		}
		g := s.Game()
		if ev := s.Event(); ev.Lang != tt.want {
			t.Errorf("UI %s: the new event's notation %q, want %s", tt.ui, ev.Lang, tt.want)
		}
		if g == nil || g.Copies[sheet.WhiteCopy].Lang != "" || g.Copies[sheet.BlackCopy].Lang != "" ||
			g.CopyLang(sheet.WhiteCopy) != tt.want || g.CopyLang(sheet.BlackCopy) != tt.want {
			t.Errorf("UI %s: first board %+v, want both copies in the event's %s", tt.ui, g, tt.want)
		}
		s.Close()
	}
}

// An event file that cannot be opened is refused with a coded error and
// left as it was.
func TestOpenSessionRefusesBadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.scoresheet")
	junk := []byte("not an event file at all")
	if err := os.WriteFile(path, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := openSession(Options{Event: path})
	if sheet.StoreErrorCodeOf(err) != sheet.StoreNotSQLite {
		t.Fatalf("openSession on junk: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(junk) {
		t.Errorf("the file was changed to %q", got)
	}
	if errText(err) == string(sheet.StoreNotSQLite) {
		t.Errorf("the window would show the bare code %q", errText(err))
	}
}

// An event file carrying a trigger (issue 23.2) is refused by the window
// as by the command line, with words and not the bare code, and nothing
// in it runs: opening the window's first board would otherwise write.
func TestOpenSessionRefusesForeignSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "planted.scoresheet")
	st, err := sqlitestore.Create(path, sheet.Event{Name: "Open"})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TRIGGER planted AFTER INSERT ON game BEGIN UPDATE event SET name = 'Pwned'; END`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := os.ReadFile(path)
	_, err = openSession(Options{Event: path})
	if sheet.StoreErrorCodeOf(err) != sheet.StoreForeignSchema {
		t.Fatalf("openSession on a planted file: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(before) {
		t.Errorf("the file was changed")
	}
	if errText(err) == string(sheet.StoreForeignSchema) || !strings.Contains(errText(err), "trigger:planted") {
		t.Errorf("the window would show %q", errText(err))
	}
}
