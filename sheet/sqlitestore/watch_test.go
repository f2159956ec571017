package sqlitestore

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// nextChange waits for the next Change on ch. The limit only stops a
// test that hangs: the watcher polls every watchPoll.
func nextChange(t *testing.T, ch <-chan sheet.Change) sheet.Change {
	t.Helper()
	select {
	case c, ok := <-ch:
		if !ok {
			t.Fatal("the changes channel closed")
		}
		return c
	case <-time.After(time.Minute):
		t.Fatal("no change reported in a minute")
	}
	return sheet.Change{}
}

// twoStores opens two stores of backend bk on one new event with two
// games, as two windows would; it returns them and the games' ids.
func twoStores(t *testing.T, bk storeBackend) (a, b sheet.EventStore, g1, g2 int64) {
	t.Helper()
	loc := bk.location(t)
	a, err := bk.create(loc, sampleEvent())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if g1, err = a.AddGame(sheet.Game{Round: 3, Board: 12}); err != nil {
		t.Fatal(err)
	}
	if g2, err = a.AddGame(sheet.Game{Round: 3, Board: 13}); err != nil {
		t.Fatal(err)
	}
	b, err = bk.open(loc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b, g1, g2
}

// TestChangesReportOthersOnly: a store is told what another store of the
// event commits (cells, a game added or deleted, the event's fields),
// and not its own commits.
func TestChangesReportOthersOnly(t *testing.T) { eachBackend(t, testChangesReportOthersOnly) }

func testChangesReportOthersOnly(t *testing.T, bk storeBackend) {
	a, b, g1, g2 := twoStores(t, bk)
	ch := a.Changes()

	// A's own write first, then B's: the first change A is told of is
	// B's alone (A's own would come before it, or merged into it).
	if err := sheettest.SetCell(a, g2, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCell(b, g1, sheet.BlackCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("after B wrote game %d: %+v, want that game alone", g1, c)
	}

	g3, err := b.AddGame(sheet.Game{Round: 3, Board: 14})
	if err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g3}) {
		t.Fatalf("after B added game %d: %+v", g3, c)
	}
	if err := b.DeleteGame(g2); err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g2}) {
		t.Fatalf("after B deleted game %d: %+v", g2, c)
	}
	ev := sampleEvent()
	ev.TimeControl = "90+30"
	if err := sheettest.SetEvent(b, ev); err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); !c.Event || len(c.Games) != 0 {
		t.Fatalf("after B changed the event: %+v", c)
	}
	// B's header, copy and decision writes each move the game.
	for name, write := range map[string]func() error{
		"header":      func() error { g, _ := b.Game(g1); g.Result = "1-0"; return sheettest.SetHeader(b, g) },
		"copy result": func() error { return sheettest.SetCopyResult(b, g1, sheet.WhiteCopy, "1-0") },
		"copy lang":   func() error { return sheettest.SetCopyLang(b, g1, sheet.BlackCopy, "de") },
		"decision": func() error {
			return sheettest.AddDecision(b, g1, sheet.Decision{Ply: 1, Move: "d2d4", By: "IA", At: time.Now()})
		},
		"insert": func() error { return sheettest.InsertCell(b, g1, sheet.BlackCopy, 0, sheet.Cell{Text: "c4"}) },
		"delete": func() error { return sheettest.DeleteCell(b, g1, sheet.BlackCopy, 0) },
	} {
		if err := write(); err != nil {
			t.Fatal(err)
		}
		if c := nextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g1}) {
			t.Fatalf("after B's %s: %+v", name, c)
		}
	}

	a.Close()
	if _, ok := <-ch; ok {
		t.Error("the channel is open after Close")
	}
}

// TestChangesOwnAndOthersOnOneGame: another writer's commit on a game is
// reported even when this store wrote the same game after it, before
// the watcher looked: the store's own commit moved the game's revision
// from one it had not seen.
func TestChangesOwnAndOthersOnOneGame(t *testing.T) { eachBackend(t, testChangesOwnAndOthersOnOneGame) }

func testChangesOwnAndOthersOnOneGame(t *testing.T, bk storeBackend) {
	a, b, g1, _ := twoStores(t, bk)
	ch := a.Changes()
	if err := sheettest.SetCell(b, g1, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCell(a, g1, sheet.BlackCopy, 0, sheet.Cell{Text: "Sf6"}); err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("%+v, want game %d", c, g1)
	}
}

// TestChangesFromAnotherProcess: what another process commits is
// reported: a child process sets a cell.
func TestChangesFromAnotherProcess(t *testing.T) {
	a, b, g1, _ := twoStores(t, storeBackends[0]) // the file's: a child process opens its path
	path := b.Location()
	b.Close()
	ch := a.Changes()
	cmd := xtest.Child("TestChangeChild", "SCORESHEET_CHANGE_CHILD="+path, fmt.Sprintf("SCORESHEET_CHANGE_GAME=%d", g1))
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "written" {
		t.Fatal("the child did not write")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if c := nextChange(t, ch); !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("%+v, want game %d", c, g1)
	}
	g, err := a.Game(g1)
	if err != nil {
		t.Fatal(err)
	}
	if cells := g.Copies[sheet.WhiteCopy].Cells; len(cells) != 1 || cells[0].Text != "d5" {
		t.Errorf("game %d holds %v", g1, cells)
	}
}

// TestChangeChild is a child of TestChangesFromAnotherProcess.
func TestChangeChild(t *testing.T) {
	path := xtest.ChildEnv(t, "SCORESHEET_CHANGE_CHILD", "TestChangesFromAnotherProcess")
	id, _ := strconv.ParseInt(os.Getenv("SCORESHEET_CHANGE_GAME"), 10, 64)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SetCellIf(id, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "d5"}); err != nil {
		t.Fatal(err)
	}
	fmt.Println("written")
}

// TestChangesMerge: changes not yet received merge into one.
func TestChangesMerge(t *testing.T) {
	var c sheet.Change
	c.Merge(sheet.Change{Games: []int64{5, 9}})
	c.Merge(sheet.Change{Event: true, Games: []int64{1, 9, 7}})
	if !c.Event || !slices.Equal(c.Games, []int64{1, 5, 7, 9}) {
		t.Errorf("%+v", c)
	}
}
