package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// wantBound fails unless err is a store-out-of-bounds naming code.
func wantBound(t *testing.T, what string, err error, code sheet.BoundCode) *sheet.BoundError {
	t.Helper()
	var se *sheet.StoreError
	var be *sheet.BoundError
	if !errors.As(err, &se) || se.Code != sheet.StoreOutOfBounds || !errors.As(err, &be) || be.Code != code {
		t.Fatalf("%s: %v, want %s (%s)", what, err, sheet.StoreOutOfBounds, code)
	}
	return be
}

func testStoreBounds(t *testing.T, b Backend) {
	s := b.newEvent(t, sheet.Event{Name: "E"})
	full := sheet.Game{Round: 1, Board: 1, Tags: map[string]string{}}
	for i := range sheet.MaxGameTags {
		full.Tags[fmt.Sprint("T", i)] = "v"
	}
	for range sheet.MaxCopyCells {
		full.Copies[sheet.WhiteCopy].Cells = append(full.Copies[sheet.WhiteCopy].Cells, sheet.Cell{Text: strings.Repeat("e", sheet.MaxCellBytes)})
	}
	id, err := s.AddGame(full)
	if err != nil {
		t.Fatalf("a game at the bounds: %v", err)
	}

	more := full
	more.Board = 2
	more.Copies[sheet.BlackCopy].Cells = make([]sheet.Cell, sheet.MaxCopyCells+1)
	be := wantBound(t, "AddGame, a copy too long", func() error { _, err := s.AddGame(more); return err }(), sheet.BoundCopyCells)
	if be.Side != sheet.BlackCopy || be.Round != 1 || be.Board != 2 || be.Size != sheet.MaxCopyCells+1 {
		t.Errorf("%+v", be)
	}
	more.Copies[sheet.BlackCopy].Cells = []sheet.Cell{{Text: "e4"}, {Text: strings.Repeat("x", 4<<20)}}
	_, err = s.AddGames([]sheet.Game{more})
	be = wantBound(t, "AddGames, a cell too long", err, sheet.BoundCellBytes)
	if be.Index != 1 || be.Size != 4<<20 || len(be.Text) > 30 || len(err.Error()) > 300 {
		t.Errorf("%+v", be)
	}
	more.Copies[sheet.BlackCopy].Cells = nil
	more.Tags = map[string]string{"One": "more"}
	for k, v := range full.Tags {
		more.Tags[k] = v
	}
	wantBound(t, "AddGame, too many tags", func() error { _, err := s.AddGame(more); return err }(), sheet.BoundGameTags)
	more.ID = id
	wantBound(t, "SetHeader, too many tags", sheettest.SetHeader(s, more), sheet.BoundGameTags)

	long := sheet.Cell{Text: strings.Repeat("x", sheet.MaxCellBytes+1)}
	wantBound(t, "SetCell, too long", sheettest.SetCell(s, id, sheet.BlackCopy, 0, long), sheet.BoundCellBytes)
	wantBound(t, "SetCell, a clock too long", sheettest.SetCell(s, id, sheet.BlackCopy, 0, sheet.Cell{Text: "e4", Clock: long.Text}), sheet.BoundCellBytes)
	wantBound(t, "SetCellIf, too long", s.SetCellIf(id, sheet.BlackCopy, 0, nil, long), sheet.BoundCellBytes)
	wantBound(t, "SetCell, one cell more", sheettest.SetCell(s, id, sheet.WhiteCopy, sheet.MaxCopyCells, sheet.Cell{Text: "e4"}), sheet.BoundCopyCells)
	wantBound(t, "InsertCell, one cell more", sheettest.InsertCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}), sheet.BoundCopyCells)
	wantBound(t, "InsertCell, too long", sheettest.InsertCell(s, id, sheet.BlackCopy, 0, long), sheet.BoundCellBytes)
	if err := sheettest.InsertCell(s, id, sheet.BlackCopy, 0, sheet.Cell{Text: "e4"}); err != nil {
		t.Errorf("InsertCell within the bounds: %v", err)
	}
	g, err := s.Game(id)
	if err != nil || len(g.Copies[sheet.WhiteCopy].Cells) != sheet.MaxCopyCells || len(g.Copies[sheet.BlackCopy].Cells) != 1 || len(g.Tags) != sheet.MaxGameTags {
		t.Fatalf("the game as stored: %v", err)
	}

	// A cell written into the event by another program.
	if b.Tamper == nil {
		return
	}
	if err := b.Tamper(s, `UPDATE cell SET text = ? WHERE game_id = ? AND side = 1 AND idx = 0`, strings.Repeat("Q", 1<<20), id); err != nil {
		t.Fatal(err)
	}
	_, err = s.Game(id)
	be = wantBound(t, "a crafted cell read", err, sheet.BoundCellBytes)
	if be.Side != sheet.BlackCopy || be.Index != 0 || be.Size != 1<<20 || be.Round != 1 || be.Board != 1 {
		t.Errorf("%+v", be)
	}
	err = s.EachGame(sheet.GameFilter{}, func(*sheet.Game) error { return nil })
	wantBound(t, "a crafted cell read by EachGame", err, sheet.BoundCellBytes)
}
