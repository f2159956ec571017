package app

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
	"scoresheet/trf"
)

// TestEnterBye: the dialog's choices do what event bye, withdraw and
// add-player do, and a number that does not read writes nothing.
func TestEnterBye(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("cli", "testdata", "replay", "r0.trf"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := location.OpenOrCreate(filepath.Join(t.TempDir(), "ev.scoresheet"), sheet.Event{Name: "Replay Open"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := core.ImportTRF(st, "r0.trf", data, core.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	steps := []struct{ action, round, player, name, rating string }{
		{"ui.byes.half", "1", "5", "", ""},
		{"ui.byes.zero", "2", "8", "", ""},
		{"ui.byes.full", "2", "3", "", ""},
		{"ui.byes.none", "2", "3", "", ""},
		{"ui.byes.withdraw", "6", "10", "", ""},
		{"ui.byes.add", "", "", "Moreau, Marc", "1905"},
	}
	for _, s := range steps {
		if err := enterBye(st, s.action, s.round, s.player, s.name, s.rating); err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
	}
	var e *trf.Error
	if err := enterBye(st, "ui.byes.half", "x", "5", "", ""); !errors.As(err, &e) || e.Code != trf.CodeBadNumber {
		t.Errorf("round x: %v", err)
	}
	rs, f, err := core.Requests(st)
	if err != nil {
		t.Fatal(err)
	}
	want := []trf.Request{{Kind: 'H', Round: 1, Rank: 5}, {Kind: 'Z', Round: 2, Rank: 8}, {Kind: 'Z', Round: 6, Rank: 10}, {Kind: 'Z', Round: 7, Rank: 10}}
	if len(rs) != len(want) {
		t.Fatalf("requests %v, want %v", rs, want)
	}
	for i := range want {
		if rs[i] != want[i] {
			t.Errorf("request %d: %v, want %v", i, rs[i], want[i])
		}
	}
	if p := f.Player(13); p == nil || p.Name != "Moreau, Marc" || p.Rating != 1905 {
		t.Errorf("late entry: %+v", p)
	}
}
