package sheet

import (
	"errors"
	"reflect"
	"testing"
)

// TestEditorConsult: consulting a copy past its end makes it consulted
// with blank cells up to the one looked up, one undo step; undone, the
// copy is as it was; a copy consulted that reaches the cell is left alone.
func TestEditorConsult(t *testing.T) {
	ed, st, g := editGame(t)
	start := snap(g)
	if err := ed.Consult(BlackCopy, 12); err != nil {
		t.Fatal(err)
	}
	b := g.Copies[BlackCopy]
	if !b.Consulted || len(b.Cells) != 12 || b.Cells[3] != (Cell{}) || b.Cells[2].Text != "Sf3" {
		t.Fatalf("consulted copy: %+v", b)
	}
	st.holds(t, g)
	if err := ed.TypeCell(BlackCopy, 12, Cell{Text: "Lb5"}); err != nil {
		t.Fatal(err)
	}
	ed.EndTyping()
	if err := ed.Consult(BlackCopy, 5); err != nil { // consulted, and it reaches 5: nothing to do
		t.Fatal(err)
	}
	for range 2 {
		if err := ed.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(snap(g), start) || g.Copies[BlackCopy].Consulted {
		t.Fatalf("after undo: %v consulted %v", snap(g), g.Copies[BlackCopy].Consulted)
	}
	st.holds(t, g)
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	st.holds(t, g)
	if err := ed.SetConsulted(BlackCopy, false); err != nil {
		t.Fatal(err)
	}
	if g.Copies[BlackCopy].Consulted || len(g.Copies[BlackCopy].Cells) != 12 {
		t.Errorf("typed in full: %+v", g.Copies[BlackCopy])
	}
	st.holds(t, g)
	if err := ed.Undo(); err != nil || !g.Copies[BlackCopy].Consulted {
		t.Errorf("undo typed in full: %v, consulted %v", err, g.Copies[BlackCopy].Consulted)
	}
	var ee *EditError
	if err := ed.Consult(WhiteCopy, -1); !errors.As(err, &ee) || ee.Code != "edit-bad-index" {
		t.Errorf("consult -1: %v", err)
	}
	st.fail = errDiskFull
	if err := ed.Consult(WhiteCopy, 20); !errors.Is(err, errDiskFull) || g.Copies[WhiteCopy].Consulted || len(g.Copies[WhiteCopy].Cells) != 4 {
		t.Errorf("consult refused by the store: %v, %+v", err, g.Copies[WhiteCopy])
	}
	st.holds(t, g)
}
