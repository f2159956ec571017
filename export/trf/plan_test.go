package trf

import (
	"path/filepath"
	"testing"

	"scoresheet/sheet"
)

// stored gives the games of a plan ids, as the store would.
func stored(games []sheet.Game) []sheet.Game {
	out := append([]sheet.Game(nil), games...)
	for i := range out {
		out[i].ID = int64(i + 1)
	}
	return out
}

// TestImportTwiceChangesNothing: importing a corpus file into an event
// that already holds it plans no change; a board the arbiter renumbered
// keeps its number.
func TestImportTwiceChangesNothing(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*.trf"))
	for _, path := range paths {
		f := parseCorpus(t, filepath.Base(path))
		first := Import(f, sheet.Event{}, nil)
		games := stored(first.Add)
		if len(games) > 1 {
			games[0].Board = 900 // the arbiter moved this board
		}
		again := Import(f, first.Event, games)
		if len(again.Add)+len(again.Update)+len(again.Remove)+len(again.Notes) != 0 {
			t.Errorf("%s: a second import plans %d adds, %d updates, %d removals, notes %v",
				path, len(again.Add), len(again.Update), len(again.Remove), again.Notes)
		}
	}
}

// TestEventFrom: the header fields become the event's; dates as PGN
// dates; a time control that does not read leaves the event's.
func TestEventFrom(t *testing.T) {
	f := parseCorpus(t, "echecsjs_trf26_team.trf")
	ev := EventFrom(f, sheet.Event{Name: "Old", TimeControl: "40/5400+30"})
	if ev.Name != "Test Team Tournament" || ev.Site != "Geneva" || ev.StartDate != "2026.01.10" || ev.EndDate != "2026.01.14" || len(ev.Rounds) != 5 {
		t.Errorf("event %+v", ev)
	}
	if ev.TimeControl != "40/5400+30" {
		t.Errorf("time control %q: 122 says 90+30 (minutes), which is not FIDE style; the event's stays", ev.TimeControl)
	}
	g, err := Parse([]byte("012 Open\n122 100'/40+15'+30\"\n222 40/6000+30:900+30\n"))
	if err != nil {
		t.Fatal(err)
	}
	if ev := EventFrom(g, sheet.Event{}); ev.TimeControl != "40/6000+30:900+30" {
		t.Errorf("time control from 222: %q", ev.TimeControl)
	}
	for in, want := range map[string]string{"2026/01/10": "2026.01.10", "26/11/20": "2026.11.20", "2026-02-03": "2026.02.03", "10 Jan": ""} {
		if got := pgnDate(in); got != want {
			t.Errorf("pgnDate(%q) = %q, want %q", in, got, want)
		}
	}
}
