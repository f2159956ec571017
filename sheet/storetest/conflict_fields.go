package storetest

import (
	"errors"
	"fmt"
	"maps"
	"testing"
	"time"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// wantFieldConflict fails t unless err is store-conflict on field
// holding held.
func wantFieldConflict(t *testing.T, err error, field, held string) {
	t.Helper()
	var fc *sheet.FieldConflict
	if sheet.StoreErrorCodeOf(err) != sheet.StoreConflict || !errors.As(err, &fc) || fc.Field != field || fc.Held != held {
		t.Fatalf("%v: want store-conflict on %s holding %q", err, field, held)
	}
}

func testSetHeaderIf(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	seen, _ := s.Game(id) // what window A shows

	// Window B sets the result and a tag.
	other := seen
	other.Result = "1-0"
	other.Tags = maps.Clone(seen.Tags)
	other.Tags["Termination"] = "rules infraction"
	if err := sheettest.SetHeader(s, other); err != nil {
		t.Fatal(err)
	}

	// A, still showing the old header, fixes White's rating and removes
	// a tag: saved, and B's result and tag stay.
	mine := seen
	mine.White.Rating = 2415
	mine.Tags = maps.Clone(seen.Tags)
	delete(mine.Tags, "Remark")
	if err := s.SetHeaderIf(seen, mine); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game(id)
	_, remark := g.Tags["Remark"]
	if g.White.Rating != 2415 || g.Result != "1-0" || g.Tags["Termination"] != "rules infraction" || remark ||
		g.Tags["ECO"] != "C42" || g.Black != seen.Black {
		t.Errorf("after both saves: %+v", sheet.HeaderOf(&g))
	}

	// A sets the result B set meanwhile: refused, nothing written.
	mine = seen
	mine.Result = "0-1"
	mine.White.Name = "Đurđević, I."
	wantFieldConflict(t, s.SetHeaderIf(seen, mine), "result", "1-0")
	// A adds the tag B added, with another value: refused.
	mine = seen
	mine.Tags = maps.Clone(seen.Tags)
	mine.Tags["Termination"] = "normal"
	wantFieldConflict(t, s.SetHeaderIf(seen, mine), "tag.Termination", "rules infraction")
	if g2, _ := s.Game(id); g2.White.Name != seen.White.Name || g2.Result != "1-0" || g2.Tags["Termination"] != "rules infraction" {
		t.Errorf("a refused save wrote: %+v", sheet.HeaderOf(&g2))
	}
	// Nothing changed by the writer: nothing written, even over a stale view.
	if err := s.SetHeaderIf(seen, seen); err != nil {
		t.Fatal(err)
	}
	if g3, _ := s.Game(id); g3.Result != "1-0" {
		t.Errorf("an empty save wrote the result %q", g3.Result)
	}
	mine = seen
	mine.ID = id + 1
	mine.Board = 40
	sheettest.WantCode(t, s.SetHeaderIf(seen, mine), sheet.StoreNotFound)
}

func testSetCopyFieldIf(t *testing.T, b Backend) {
	s := b.newStore(t)
	id, err := s.AddGame(SampleGame()) // White's copy: hr, 1/2-1/2
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetCopyResultIf(id, sheet.WhiteCopy, "1/2-1/2", "1-0"); err != nil {
		t.Fatal(err)
	}
	wantFieldConflict(t, s.SetCopyResultIf(id, sheet.WhiteCopy, "1/2-1/2", "0-1"), "white-copy.result", "1-0")
	if err := s.SetCopyLangIf(id, sheet.WhiteCopy, "hr", "de"); err != nil {
		t.Fatal(err)
	}
	wantFieldConflict(t, s.SetCopyLangIf(id, sheet.WhiteCopy, "hr", "fr"), "white-copy.lang", "de")
	g, _ := s.Game(id)
	if c := g.Copies[sheet.WhiteCopy]; c.Result != "1-0" || c.Lang != "de" {
		t.Errorf("White's copy: %q %q", c.Lang, c.Result)
	}
	sheettest.WantCode(t, s.SetCopyResultIf(id, sheet.WhiteCopy, "1-0", "2-0"), sheet.StoreBadArgument)
	sheettest.WantCode(t, s.SetCopyLangIf(id+1, sheet.WhiteCopy, "", "de"), sheet.StoreNotFound)
}

func testAddDecisionIf(t *testing.T, b Backend) {
	s := b.newStore(t)
	id, err := s.AddGame(sheet.Game{Round: 1, Board: 1})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 24, 15, 4, 5, 123456789, time.FixedZone("CET", 3600))
	first := sheet.Decision{Ply: 3, Move: "g1f3", By: "IA", At: at}
	if err := s.AddDecisionIf(id, first, nil); err != nil {
		t.Fatal(err)
	}
	// Another arbiter, who saw no decision at ply 3: refused.
	wantFieldConflict(t, s.AddDecisionIf(id, sheet.Decision{Ply: 3, Move: "b1c3", By: "IB", At: at}, nil), "decision", "g1f3")
	// One who saw the first (read back in UTC): recorded.
	g, _ := s.Game(id)
	if err := s.AddDecisionIf(id, sheet.Decision{Ply: 3, Move: "", By: "IA", At: at.Add(time.Second)}, &g.Decisions[0]); err != nil {
		t.Fatal(err)
	}
	// The first arbiter's stale view: refused; another ply: recorded.
	wantFieldConflict(t, s.AddDecisionIf(id, sheet.Decision{Ply: 3, Move: "b1c3", By: "IA", At: at}, &first), "decision", "")
	if err := s.AddDecisionIf(id, sheet.Decision{Ply: 5, Move: "e2e4", By: "IA", At: at}, nil); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Game(id); len(g.Decisions) != 3 {
		t.Errorf("%d decisions, want 3", len(g.Decisions))
	}
}

func testSetEventIf(t *testing.T, b Backend) {
	s := b.newStore(t)
	seen, _ := s.Event()
	other := seen
	other.TimeControl = "90+30"
	if err := sheettest.SetEvent(s, other); err != nil {
		t.Fatal(err)
	}
	mine := seen
	mine.Site = "Split CRO"
	if err := s.SetEventIf(seen, mine); err != nil {
		t.Fatal(err)
	}
	if ev, _ := s.Event(); ev.Site != "Split CRO" || ev.TimeControl != "90+30" || len(ev.Rounds) != len(seen.Rounds) {
		t.Errorf("after both: %+v", ev)
	}
	mine = seen
	mine.TimeControl = "60+30"
	wantFieldConflict(t, s.SetEventIf(seen, mine), "event.time_control", "90+30")
	mine = seen
	mine.Rounds = append(mine.Rounds, sheet.Round{Number: 10})
	if err := s.SetEventIf(seen, mine); err != nil {
		t.Fatal(err)
	}
	wantFieldConflict(t, s.SetEventIf(seen, mine), "event.rounds", fmt.Sprint(mine.Rounds))
}

func testDeleteGameIf(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	seen, _ := s.Game(id)
	if err := s.SetCellIf(id, sheet.BlackCopy, 0, &seen.Copies[sheet.BlackCopy].Cells[0], sheet.Cell{Text: "e5"}); err != nil {
		t.Fatal(err)
	}
	wantFieldConflict(t, s.DeleteGameIf(seen), "game", "")
	now, _ := s.Game(id)
	if err := s.DeleteGameIf(now); err != nil {
		t.Fatal(err)
	}
	sheettest.WantCode(t, s.DeleteGameIf(now), sheet.StoreNotFound)
}
