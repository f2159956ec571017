package app

import (
	"os"
	"path/filepath"
	"testing"

	"scoresheet/sheet"
)

// A new event's first board is in the UI language's notation when there
// is one (German UI, German letters), else in English.
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
		if g == nil || g.Copies[sheet.WhiteCopy].Lang != tt.want || g.Copies[sheet.BlackCopy].Lang != tt.want {
			t.Errorf("UI %s: first board %+v, want both copies in %s", tt.ui, g, tt.want)
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
