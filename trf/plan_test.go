package trf

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
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
	paths, _ := filepath.Glob(xtest.Corpus(t, "trf", "*.trf"))
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

// TestImportConflict: a pairing whose two blocks both claim a win comes
// in as a board with no result, a note, and the two columns kept for
// its check; a second import says nothing more.
func TestImportConflict(t *testing.T) {
	f, err := Parse([]byte("012 Claims\n" + playerLine(1, "   2 w 1") + "\n" + playerLine(2, "   1 b 1") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan := Import(f, sheet.Event{}, nil)
	if len(plan.Add) != 1 || plan.Add[0].Result != "" || plan.Add[0].Tags[sheet.TagPairingConflict] != "1/1" {
		t.Fatalf("added %+v", plan.Add)
	}
	if len(plan.Notes) != 1 || plan.Notes[0].Code != NoteConflict || plan.Notes[0].Board != 1 {
		t.Errorf("notes %+v", plan.Notes)
	}
	a := sheet.Analyse(&plan.Add[0], sheet.Conditions{})
	if len(a.Checks) != 1 || a.Checks[0].Code != sheet.CheckPairingConflict || a.Checks[0].Texts != [2]string{"1", "1"} || a.State != sheet.GameEmpty {
		t.Errorf("checks %+v, state %s", a.Checks, a.State)
	}
	if again := Import(f, plan.Event, stored(plan.Add)); len(again.Notes)+len(again.Update) != 0 || again.Kept != 1 {
		t.Errorf("a second import: %+v", again)
	}
	g := plan.Add[0]
	g.Result = sheet.WhiteWins // the arbiter settles it
	if a := sheet.Analyse(&g, sheet.Conditions{}); len(a.Checks) != 0 {
		t.Errorf("checks once the result is entered: %+v", a.Checks)
	}
}

// TestImportReplace: a board of an earlier import whose pairing the file
// no longer has is removed when nothing was entered on it, and listed to
// be replaced (not removed) when it holds a cell or a result; a board
// whose pairing stays is kept.
func TestImportReplace(t *testing.T) {
	first, _ := Parse([]byte("012 R\n" + playerLine(1, "   2 w") + "\n" + playerLine(2, "   1 b") + "\n" +
		playerLine(3, "   4 w") + "\n" + playerLine(4, "   3 b") + "\n" + playerLine(5, "   6 w") + "\n" + playerLine(6, "   5 b") + "\n"))
	plan := Import(first, sheet.Event{}, nil)
	games := stored(plan.Add) // 1: 1-2, 2: 3-4, 3: 5-6
	games[0].Result = "1-0"
	games[1].Copies[0].Cells = []sheet.Cell{{Text: "e4"}}
	repaired, _ := Parse([]byte("012 R\n" + playerLine(1, "   3 w") + "\n" + playerLine(2, "   4 w") + "\n" +
		playerLine(3, "   1 b") + "\n" + playerLine(4, "   2 b") + "\n" + playerLine(5, "   6 w") + "\n" + playerLine(6, "   5 b") + "\n"))
	again := Import(repaired, plan.Event, games)
	var replace []string
	for _, n := range again.Replace {
		replace = append(replace, fmt.Sprintf("%d.%d %d %s", n.Round, n.Board, n.ID, n.Code))
	}
	if strings.Join(replace, ", ") != "1.1 1 trf-would-replace, 1.2 2 trf-would-replace" || len(again.Remove) != 0 || again.Kept != 1 {
		t.Errorf("replace %v, remove %v, kept %d", replace, again.Remove, again.Kept)
	}
	if got := describeGames(again.Add); got != "1.1 Player-Player, 1.2 Player-Player" {
		t.Errorf("added %s", got)
	}
	games[0].Result, games[1].Copies[0].Cells = "", nil // nothing entered
	if again := Import(repaired, plan.Event, games); len(again.Replace) != 0 || fmt.Sprint(again.Remove) != "[1 2]" {
		t.Errorf("untyped boards: replace %+v, remove %v", again.Replace, again.Remove)
	}
}
