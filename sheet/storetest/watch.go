package storetest

import (
	"slices"
	"testing"
	"time"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// NextChange waits for the next Change on ch. The limit only stops a
// test that hangs: the watcher polls every watchPoll.
func NextChange(t *testing.T, ch <-chan sheet.Change) sheet.Change {
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

// TwoStores opens two stores of backend bk on one new event with two
// games, as two windows would; it returns them and the games' ids.
func TwoStores(t *testing.T, bk Backend) (a, b sheet.EventStore, g1, g2 int64) {
	t.Helper()
	loc := bk.Location(t)
	a, err := bk.Create(loc, SampleEvent())
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
	b, err = bk.Open(loc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b, g1, g2
}

func testChangesReportOthersOnly(t *testing.T, bk Backend) {
	a, b, g1, g2 := TwoStores(t, bk)
	ch := a.Changes()

	// A's own write first, then B's: the first change A is told of is
	// B's alone (A's own would come before it, or merged into it).
	typeFirst(t, a, g2, sheet.WhiteCopy, "e4")
	typeFirst(t, b, g1, sheet.BlackCopy, "d4")
	if c := NextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("after B wrote game %d: %+v, want that game alone", g1, c)
	}

	g3, err := b.AddGame(sheet.Game{Round: 3, Board: 14})
	if err != nil {
		t.Fatal(err)
	}
	if c := NextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g3}) {
		t.Fatalf("after B added game %d: %+v", g3, c)
	}
	if err := b.DeleteGame(g2); err != nil {
		t.Fatal(err)
	}
	if c := NextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g2}) {
		t.Fatalf("after B deleted game %d: %+v", g2, c)
	}
	ev := SampleEvent()
	ev.TimeControl = "90+30"
	if err := sheettest.SetEvent(b, ev); err != nil {
		t.Fatal(err)
	}
	if c := NextChange(t, ch); !c.Event || len(c.Games) != 0 {
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
		if c := NextChange(t, ch); c.Event || !slices.Equal(c.Games, []int64{g1}) {
			t.Fatalf("after B's %s: %+v", name, c)
		}
	}

	a.Close()
	if _, ok := <-ch; ok {
		t.Error("the channel is open after Close")
	}
}

func testChangesOwnAndOthersOnOneGame(t *testing.T, bk Backend) {
	a, b, g1, _ := TwoStores(t, bk)
	ch := a.Changes()
	typeFirst(t, b, g1, sheet.WhiteCopy, "d4")
	typeFirst(t, a, g1, sheet.BlackCopy, "Sf6")
	if c := NextChange(t, ch); !slices.Equal(c.Games, []int64{g1}) {
		t.Fatalf("%+v, want game %d", c, g1)
	}
}

// typeFirst writes text into the first cell of a copy of game id in s,
// as a writer of that store does.
func typeFirst(t *testing.T, s sheet.EventStore, id int64, side sheet.Side, text string) {
	t.Helper()
	if err := sheettest.SetCell(s, id, side, 0, sheet.Cell{Text: text}); err != nil {
		t.Fatal(err)
	}
}
