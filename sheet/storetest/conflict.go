package storetest

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

func testSetCellIf(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	// White's copy holds e4 (1:32), Sf6, an illegible cell, Lc4.
	e4 := sheet.Cell{Text: "e4", Clock: "1:32"}
	for _, tc := range []struct {
		name  string
		index int
		was   *sheet.Cell
		c     sheet.Cell
		code  sheet.StoreErrorCode
		held  *sheet.Cell // the cell's content after the call
	}{
		{"unchanged: written", 0, &e4, sheet.Cell{Text: "d4", Clock: "1:32"}, "", &sheet.Cell{Text: "d4", Clock: "1:32"}},
		{"changed since: conflict", 0, &e4, sheet.Cell{Text: "c4"}, sheet.StoreConflict, &sheet.Cell{Text: "d4", Clock: "1:32"}},
		{"clock changed since: conflict", 0, &sheet.Cell{Text: "d4"}, sheet.Cell{Text: "c4"}, sheet.StoreConflict, &sheet.Cell{Text: "d4", Clock: "1:32"}},
		{"append where nothing was: written", 4, nil, sheet.Cell{Text: "Nf3"}, "", &sheet.Cell{Text: "Nf3"}},
		{"append where another wrote: conflict", 4, nil, sheet.Cell{Text: "Bb5"}, sheet.StoreConflict, &sheet.Cell{Text: "Nf3"}},
		{"a cell seen that is gone: conflict", 9, &sheet.Cell{Text: "a6"}, sheet.Cell{Text: "a6"}, sheet.StoreConflict, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.SetCellIf(id, sheet.WhiteCopy, tc.index, tc.was, tc.c)
			if got := sheet.StoreErrorCodeOf(err); got != tc.code {
				t.Fatalf("error %v: code %q, want %q", err, got, tc.code)
			}
			var cc *sheet.CellConflict
			if tc.code == sheet.StoreConflict {
				if !errors.As(err, &cc) || cc.Game != id || cc.Side != sheet.WhiteCopy || cc.Index != tc.index || !sheet.SameCell(cc.Held, tc.held) {
					t.Errorf("conflict detail %+v, want game %d white index %d holding %+v", cc, id, tc.index, tc.held)
				}
			}
			g, err := s.Game(id)
			if err != nil {
				t.Fatal(err)
			}
			var now *sheet.Cell
			if cells := g.Copies[sheet.WhiteCopy].Cells; tc.index < len(cells) {
				now = &cells[tc.index]
			}
			if !sheet.SameCell(now, tc.held) {
				t.Errorf("cell %d holds %+v, want %+v", tc.index, now, tc.held)
			}
		})
	}
}

func testSetCellIfAfterTheEnd(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	g, _ := s.Game(id)
	n := len(g.Copies[sheet.WhiteCopy].Cells)
	err := s.SetCellIf(id, sheet.WhiteCopy, n+4, nil, sheet.Cell{Text: "a6"})
	var cc *sheet.CellConflict
	if sheet.StoreErrorCodeOf(err) != sheet.StoreConflict || !errors.As(err, &cc) || cc.Index != n || cc.Held != nil {
		t.Fatalf("a cell after the end of a copy that shrank: %v, want store-conflict at cell %d holding nothing", err, n)
	}
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, n, sheet.Cell{Text: "Nf3"}); err != nil { // another writer
		t.Fatal(err)
	}
	err = s.SetCellIf(id, sheet.WhiteCopy, n, nil, sheet.Cell{Text: "Bb5"})
	if sheet.StoreErrorCodeOf(err) != sheet.StoreConflict || !errors.As(err, &cc) || cc.Index != n || cc.Held == nil || cc.Held.Text != "Nf3" {
		t.Fatalf("a cell after the end of a copy that grew: %v, want store-conflict at cell %d holding Nf3", err, n)
	}
	g2, _ := s.Game(id)
	if got := g2.Copies[sheet.WhiteCopy].Cells; len(got) != n+1 || got[n].Text != "Nf3" {
		t.Errorf("the copy holds %v", got)
	}
}

func testInsertDeleteCellIf(t *testing.T, b Backend) {
	s := b.newStore(t)
	id, err := s.AddGame(sheet.Game{Round: 3, Board: 12})
	if err != nil {
		t.Fatal(err)
	}
	cells := sheettest.Cells
	for i, c := range cells("d4", "d5", "c4") {
		if err := sheettest.SetCell(s, id, sheet.WhiteCopy, i, c); err != nil {
			t.Fatal(err)
		}
	}
	held := func() []sheet.Cell {
		g, err := s.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Copies[sheet.WhiteCopy].Cells
	}
	for _, tc := range []struct {
		name   string
		edit   func() error
		code   sheet.StoreErrorCode
		at     int    // the conflict's cell
		atHeld string // what it holds ("-" nothing)
		after  []sheet.Cell
	}{
		{"insert as seen", func() error {
			return s.InsertCellIf(id, sheet.WhiteCopy, 1, cells("d4", "d5", "c4"), sheet.Cell{Text: "Sf6"})
		},
			"", 0, "", cells("d4", "Sf6", "d5", "c4")},
		{"insert on a copy that grew", func() error {
			return s.InsertCellIf(id, sheet.WhiteCopy, 1, cells("d4", "Sf6", "d5"), sheet.Cell{Text: "e6"})
		}, sheet.StoreConflict, 3, "c4", cells("d4", "Sf6", "d5", "c4")},
		{"insert on a copy changed before the place", func() error {
			return s.InsertCellIf(id, sheet.WhiteCopy, 3, cells("e4", "Sf6", "d5", "c4"), sheet.Cell{Text: "e6"})
		}, sheet.StoreConflict, 0, "d4", cells("d4", "Sf6", "d5", "c4")},
		{"insert at the end of a copy that shrank", func() error {
			return s.InsertCellIf(id, sheet.WhiteCopy, 5, cells("d4", "Sf6", "d5", "c4", "e6"), sheet.Cell{Text: "Nc3"})
		}, sheet.StoreConflict, 4, "-", cells("d4", "Sf6", "d5", "c4")},
		{"delete on a copy changed after the place", func() error { return s.DeleteCellIf(id, sheet.WhiteCopy, 1, cells("d4", "Sf6", "d5", "e4")) },
			sheet.StoreConflict, 3, "c4", cells("d4", "Sf6", "d5", "c4")},
		{"delete as seen", func() error { return s.DeleteCellIf(id, sheet.WhiteCopy, 1, cells("d4", "Sf6", "d5", "c4")) },
			"", 0, "", cells("d4", "d5", "c4")},
		{"delete past the copy seen", func() error { return s.DeleteCellIf(id, sheet.WhiteCopy, 3, cells("d4", "d5", "c4")) },
			sheet.StoreBadArgument, 0, "", cells("d4", "d5", "c4")},
		{"insert on a missing game", func() error { return s.InsertCellIf(id+1, sheet.WhiteCopy, 0, nil, sheet.Cell{Text: "e4"}) },
			sheet.StoreNotFound, 0, "", cells("d4", "d5", "c4")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.edit()
			if got := sheet.StoreErrorCodeOf(err); got != tc.code {
				t.Fatalf("error %v: code %q, want %q", err, got, tc.code)
			}
			if tc.code == sheet.StoreConflict {
				var cc *sheet.CellConflict
				got := "-"
				if errors.As(err, &cc) && cc.Held != nil {
					got = cc.Held.Text
				}
				if cc == nil || cc.Index != tc.at || got != tc.atHeld {
					t.Errorf("conflict %v, want cell %d holding %s", err, tc.at, tc.atHeld)
				}
			}
			if got := held(); !slices.Equal(got, tc.after) {
				t.Errorf("the copy holds %v, want %v", got, tc.after)
			}
		})
	}
}

func testEditorDoesNotOverwriteAnotherWriter(t *testing.T, b Backend) {
	s, id := b.withGame(t)
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	ed := sheet.NewEditor(s, &g)
	if err := ed.TypeCell(sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	ed.EndTyping()
	other := sheet.Cell{Text: "c4"}
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, other); err != nil { // the other writer
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func() error
	}{
		{"keystroke", func() error { return ed.TypeCell(sheet.WhiteCopy, 0, sheet.Cell{Text: "d5"}) }},
		{"undo", ed.Undo},
		{"set", func() error { return ed.SetCell(sheet.WhiteCopy, 0, sheet.Cell{Text: "Nf3"}) }},
	} {
		err := tc.edit()
		var se *sheet.StoreError
		var cc *sheet.CellConflict
		if !errors.As(err, &se) || se.Code != sheet.StoreConflict || !errors.As(err, &cc) || cc.Index != 0 || cc.Held == nil || *cc.Held != other {
			t.Errorf("%s over a cell another writer changed: %v, want store-conflict naming cell 0 holding %q", tc.name, err, other.Text)
		}
		ed.EndTyping()
		stored, err := s.Game(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := stored.Copies[sheet.WhiteCopy].Cells[0]; got != other {
			t.Errorf("after the %s: the store holds %q, want the other writer's %q", tc.name, got.Text, other.Text)
		}
	}
}

func testEditorReloadForgetsChangedParts(t *testing.T, b Backend) {
	s := b.newStore(t)
	id, err := s.AddGame(sheet.Game{Round: 3, Board: 12, Copies: [2]sheet.Copy{{Cells: []sheet.Cell{{Text: "d4"}, {Text: "d5"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := s.Game(id)
	ed := sheet.NewEditor(s, &g)
	if err := ed.InsertCell(sheet.WhiteCopy, 1, sheet.Cell{Text: "Sf6"}); err != nil { // d4 Sf6 d5
		t.Fatal(err)
	}
	if err := ed.TypeCell(sheet.BlackCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Fatal(err)
	}
	// Another writer: d4 c4 Sf6 d5 (a cell before this editor's).
	if err := sheettest.InsertCell(s, id, sheet.WhiteCopy, 1, sheet.Cell{Text: "c4"}); err != nil {
		t.Fatal(err)
	}
	now, _ := s.Game(id)
	ed.Reload(now)
	if err := ed.Undo(); err != nil { // Black's cell
		t.Fatal(err)
	}
	if ed.CanUndo() {
		t.Error("the insert on White's copy can still be undone after another writer's insert before it")
	}
	stored, _ := s.Game(id)
	var texts []string
	for _, c := range stored.Copies[sheet.WhiteCopy].Cells {
		texts = append(texts, c.Text)
	}
	if got := strings.Join(texts, " "); got != "d4 c4 Sf6 d5" || len(stored.Copies[sheet.BlackCopy].Cells) != 0 {
		t.Errorf("White's copy %q, Black's %v", got, stored.Copies[sheet.BlackCopy].Cells)
	}
	if !slices.Equal(g.Copies[sheet.WhiteCopy].Cells, stored.Copies[sheet.WhiteCopy].Cells) {
		t.Errorf("the editor's game %v, the store's %v", g.Copies[sheet.WhiteCopy].Cells, stored.Copies[sheet.WhiteCopy].Cells)
	}
}
