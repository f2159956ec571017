package sheet

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// wantBound fails unless err is a store-out-of-bounds naming code.
func wantBound(t *testing.T, what string, err error, code BoundCode) *BoundError {
	t.Helper()
	var se *StoreError
	var be *BoundError
	if !errors.As(err, &se) || se.Code != StoreOutOfBounds || !errors.As(err, &be) || be.Code != code {
		t.Fatalf("%s: %v, want %s (%s)", what, err, StoreOutOfBounds, code)
	}
	return be
}

// TestStoreBounds: the store takes nothing beyond the bounds of a game,
// on every way a game is written (AddGame, AddGames, SetHeader, SetCell,
// SetCellIf, InsertCell), and refuses to hand out a game beyond them
// that another program wrote into the file (a crafted 1 MB cell), saying
// which bound, where, and quoting a short prefix. Up to the bounds
// everything is taken.
func TestStoreBounds(t *testing.T) { eachBackend(t, testStoreBounds) }

func testStoreBounds(t *testing.T, b storeBackend) {
	s := b.newEvent(t, Event{Name: "E"})
	full := Game{Round: 1, Board: 1, Tags: map[string]string{}}
	for i := range MaxGameTags {
		full.Tags[fmt.Sprint("T", i)] = "v"
	}
	for range MaxCopyCells {
		full.Copies[WhiteCopy].Cells = append(full.Copies[WhiteCopy].Cells, Cell{Text: strings.Repeat("e", MaxCellBytes)})
	}
	id, err := s.AddGame(full)
	if err != nil {
		t.Fatalf("a game at the bounds: %v", err)
	}

	more := full
	more.Board = 2
	more.Copies[BlackCopy].Cells = make([]Cell, MaxCopyCells+1)
	be := wantBound(t, "AddGame, a copy too long", func() error { _, err := s.AddGame(more); return err }(), BoundCopyCells)
	if be.Side != BlackCopy || be.Round != 1 || be.Board != 2 || be.Size != MaxCopyCells+1 {
		t.Errorf("%+v", be)
	}
	more.Copies[BlackCopy].Cells = []Cell{{Text: "e4"}, {Text: strings.Repeat("x", 4<<20)}}
	_, err = s.AddGames([]Game{more})
	be = wantBound(t, "AddGames, a cell too long", err, BoundCellBytes)
	if be.Index != 1 || be.Size != 4<<20 || len(be.Text) > 30 || len(err.Error()) > 300 {
		t.Errorf("%+v", be)
	}
	more.Copies[BlackCopy].Cells = nil
	more.Tags = map[string]string{"One": "more"}
	for k, v := range full.Tags {
		more.Tags[k] = v
	}
	wantBound(t, "AddGame, too many tags", func() error { _, err := s.AddGame(more); return err }(), BoundGameTags)
	more.ID = id
	wantBound(t, "SetHeader, too many tags", s.SetHeader(more), BoundGameTags)

	long := Cell{Text: strings.Repeat("x", MaxCellBytes+1)}
	wantBound(t, "SetCell, too long", s.SetCell(id, BlackCopy, 0, long), BoundCellBytes)
	wantBound(t, "SetCell, a clock too long", s.SetCell(id, BlackCopy, 0, Cell{Text: "e4", Clock: long.Text}), BoundCellBytes)
	wantBound(t, "SetCellIf, too long", s.SetCellIf(id, BlackCopy, 0, nil, long), BoundCellBytes)
	wantBound(t, "SetCell, one cell more", s.SetCell(id, WhiteCopy, MaxCopyCells, Cell{Text: "e4"}), BoundCopyCells)
	wantBound(t, "InsertCell, one cell more", s.InsertCell(id, WhiteCopy, 0, Cell{Text: "e4"}), BoundCopyCells)
	wantBound(t, "InsertCell, too long", s.InsertCell(id, BlackCopy, 0, long), BoundCellBytes)
	if err := s.InsertCell(id, BlackCopy, 0, Cell{Text: "e4"}); err != nil {
		t.Errorf("InsertCell within the bounds: %v", err)
	}
	g, err := s.Game(id)
	if err != nil || len(g.Copies[WhiteCopy].Cells) != MaxCopyCells || len(g.Copies[BlackCopy].Cells) != 1 || len(g.Tags) != MaxGameTags {
		t.Fatalf("the game as stored: %v", err)
	}

	// A cell written into the file by another program.
	st, ok := s.(*Store)
	if !ok {
		return
	}
	if _, err := st.db.Exec(`UPDATE cell SET text = ? WHERE game_id = ? AND side = 1 AND idx = 0`, strings.Repeat("Q", 1<<20), id); err != nil {
		t.Fatal(err)
	}
	_, err = st.Game(id)
	be = wantBound(t, "a crafted cell read", err, BoundCellBytes)
	if be.Side != BlackCopy || be.Index != 0 || be.Size != 1<<20 || be.Round != 1 || be.Board != 1 {
		t.Errorf("%+v", be)
	}
	err = st.EachGame(GameFilter{}, func(*Game) error { return nil })
	wantBound(t, "a crafted cell read by EachGame", err, BoundCellBytes)
}

func TestShortText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"e4", "e4"},
		{strings.Repeat("x", 24), strings.Repeat("x", 24)},
		{strings.Repeat("x", 25), strings.Repeat("x", 24) + "…"},
		{strings.Repeat("é", 20), strings.Repeat("é", 12) + "…"},
	} {
		if got := ShortText(tt.in); got != tt.want {
			t.Errorf("ShortText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
