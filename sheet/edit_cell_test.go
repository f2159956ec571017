package sheet

import (
	"errors"
	"slices"
	"testing"
)

func TestTypedDrawOffer(t *testing.T) {
	for _, tt := range []struct {
		in, rest string
		offer    bool
	}{
		{"Nf3 (=)", "Nf3", true}, {"Nf3(=)", "Nf3", true}, {"(=)", "", true}, {" (=) ", "", true},
		{"Nf3", "Nf3", false}, {"Nf3 =", "Nf3 =", false}, {"e8=Q", "e8=Q", false}, {"", "", false},
	} {
		if rest, offer := TypedDrawOffer(tt.in); rest != tt.rest || offer != tt.offer {
			t.Errorf("TypedDrawOffer(%q) = %q %v, want %q %v", tt.in, rest, offer, tt.rest, tt.offer)
		}
	}
}

// TestEditorWriteCell: a cell written over one that holds what the
// editor saw, or added after the last cell where no cell is: each one
// undo step, each conditional on that cell alone (SetCellIf, never an
// insert that would push another writer's cell on).
func TestEditorWriteCell(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.WriteCell(BlackCopy, 3, Cell{}); err != nil { // a blank cell is a cell
		t.Fatal(err)
	}
	if err := ed.WriteCell(BlackCopy, 2, Cell{Text: "Sc3", DrawOffer: true}); err != nil {
		t.Fatal(err)
	}
	if want := []string{`set black 3 ""`, `set black 2 "Sc3"`}; !slices.Equal(st.calls, want) {
		t.Errorf("calls %q, want %q", st.calls, want)
	}
	st.holds(t, g)
	// The same cell again is written, on its condition: another writer's
	// change is said, not passed over.
	st.cells[BlackCopy][2].Note = "by another writer"
	var cc *CellConflict
	if err := ed.WriteCell(BlackCopy, 2, Cell{Text: "Sc3", DrawOffer: true}); !errors.As(err, &cc) || len(st.calls) != 3 {
		t.Errorf("the same cell again: %v, calls %q", err, st.calls)
	}
	st.cells[BlackCopy][2].Note = ""
	for range 2 {
		if err := ed.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if c := g.Copies[BlackCopy].Cells; len(c) != 3 || c[2] != (Cell{Text: "Sf3"}) {
		t.Errorf("after undo: %v", c)
	}
	st.holds(t, g)
	// Another writer adds a cell where this one would: refused, nothing changed.
	st.cells[BlackCopy] = append(st.cells[BlackCopy], Cell{Text: "Nc6"})
	err := ed.WriteCell(BlackCopy, 3, Cell{Text: "Sc6"})
	if !errors.As(err, &cc) || cc.Index != 3 || len(g.Copies[BlackCopy].Cells) != 3 {
		t.Errorf("over another writer's cell: %v, cells %v", err, g.Copies[BlackCopy].Cells)
	}
	if err := ed.WriteCell(BlackCopy, 5, Cell{Text: "a6"}); err == nil {
		t.Error("a cell two past the last written")
	}
}

// TestEditorMark: a mark on a cell keeps its writing; on the cell after
// the last it adds a blank cell; taking a mark off there adds nothing.
func TestEditorMark(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.Mark(WhiteCopy, 2, MarkSealed); err != nil {
		t.Fatal(err)
	}
	if err := ed.Mark(BlackCopy, 3, MarkClaimRepetition); err != nil {
		t.Fatal(err)
	}
	if err := ed.Mark(BlackCopy, 4, MarkNone); err != nil {
		t.Fatal(err)
	}
	w, b := g.Copies[WhiteCopy].Cells, g.Copies[BlackCopy].Cells
	if w[2] != (Cell{Text: "Nf3", Mark: MarkSealed}) || len(b) != 4 || b[3] != (Cell{Mark: MarkClaimRepetition}) {
		t.Errorf("white %v, black %v", w, b)
	}
	st.holds(t, g)
	var ee *EditError
	if err := ed.Mark(BlackCopy, 6, MarkSealed); !errors.As(err, &ee) || ee.Code != "edit-bad-index" {
		t.Errorf("a mark two past the last cell: %v", err)
	}
}

// TestEditorDropBlankLast: a blank cell the typing added after the last
// goes with no undo step; one that was there goes in one undo step;
// any other cell stays.
func TestEditorDropBlankLast(t *testing.T) {
	ed, st, g := editGame(t)
	for _, text := range []string{"(", ""} {
		if err := ed.TypeCell(BlackCopy, 3, Cell{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	if err := ed.DropBlankLast(BlackCopy, 3); err != nil || len(g.Copies[BlackCopy].Cells) != 3 || ed.CanUndo() {
		t.Fatalf("added blank cell: %v, cells %v, undo %v", err, g.Copies[BlackCopy].Cells, ed.CanUndo())
	}
	st.holds(t, g)
	if err := ed.DropBlankLast(BlackCopy, 2); err != nil || len(g.Copies[BlackCopy].Cells) != 3 {
		t.Fatalf("a written cell: %v, cells %v", err, g.Copies[BlackCopy].Cells)
	}
	if err := ed.SetCell(BlackCopy, 2, Cell{}); err != nil {
		t.Fatal(err)
	}
	if err := ed.DropBlankLast(BlackCopy, 2); err != nil || len(g.Copies[BlackCopy].Cells) != 2 {
		t.Fatalf("a blank cell there before: %v, cells %v", err, g.Copies[BlackCopy].Cells)
	}
	st.holds(t, g)
	for range 2 {
		if err := ed.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if c := g.Copies[BlackCopy].Cells; len(c) != 3 || c[2].Text != "Sf3" || ed.CanUndo() {
		t.Errorf("after undo: %v", c)
	}
	st.holds(t, g)
}
