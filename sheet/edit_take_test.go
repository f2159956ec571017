package sheet

import (
	"errors"
	"testing"
)

// takeGame is Kasparov - Topalov, 44 plies on White's copy, with Black's
// copy writing ply 23 twice.
func takeGame(t *testing.T) (*Editor, *fakeStore, *Game) {
	t.Helper()
	cells, _ := writtenGame(t, 44, "en")
	g := &Game{ID: 7}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 44, "en")}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: fault(cells, 23, RealignRemove)}
	st := newFakeStore(g)
	return NewEditor(st, g), st, g
}

func editCode(err error) EditCode {
	var ee *EditError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return ""
}

// TestEditorTakeRealign: a realignment accepted from its text, as show
// gives it, is the window's acceptance (the same decision recorded); the
// doubled move leaves no finding and nothing to decide; "none" takes it
// back, one undo step.
func TestEditorTakeRealign(t *testing.T) {
	ed, st, g := takeGame(t)
	rec := reconcile(t, g)
	if len(rec.Realignments) != 1 {
		t.Fatalf("realignments %+v", rec.Realignments)
	}
	r := rec.Realignments[0]
	if err := ed.Take(r.Ply, "realign:white:remove", "IA"); editCode(err) != "edit-bad-take" {
		t.Errorf("the other copy's realignment: %v", err)
	}
	if err := ed.Take(r.Ply, r.DecisionText(), "IA"); err != nil {
		t.Fatal(err)
	}
	if n := len(g.Decisions); n != 1 || g.Decisions[0].Move != "realign:black:remove" || g.Decisions[0].By != "IA" {
		t.Fatalf("decisions %+v", g.Decisions)
	}
	st.holds(t, g)
	a := Analyse(g, Conditions{})
	if a.State != GameInProgress {
		t.Errorf("state %s, checks %+v", a.State, a.Checks)
	}
	if err := ed.Take(r.Ply, r.DecisionText(), "IA"); err != nil || len(g.Decisions) != 1 {
		t.Errorf("accepted twice: %v, %d decisions", err, len(g.Decisions))
	}
	if err := ed.Take(r.Ply, TakeNone, "IA"); err != nil {
		t.Fatal(err)
	}
	if a := Analyse(g, Conditions{}); a.State != GameNeedsDecision || a.Rec.Realignments[0].Accepted {
		t.Errorf("taken back: state %s", a.State)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	if a := Analyse(g, Conditions{}); a.State != GameInProgress {
		t.Errorf("the withdrawal undone: state %s", a.State)
	}
	st.holds(t, g)
	if err := ed.Take(r.Ply, "realign:black:reject", "IA"); err != nil {
		t.Fatal(err)
	}
	for _, x := range Analyse(g, Conditions{}).Rec.Realignments {
		if x.Ply == r.Ply {
			t.Errorf("refused, yet %+v", x)
		}
	}
}

// TestEditorTakeMove: a move in SAN or UCI where the copies differ
// decides the ply; a text no legal move reads, a ply the game does not
// have, and none where nothing is decided are refused with their codes.
func TestEditorTakeMove(t *testing.T) {
	ed, st, g := editGame(t)
	if err := ed.SetCell(WhiteCopy, 3, Cell{Text: "Nf6"}); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetCell(BlackCopy, 3, Cell{Text: "Sc6"}); err != nil { // appended: 2...Nc6 on Black's copy
		t.Fatal(err)
	}
	if p := reconcile(t, g).Plies[3]; p.Status != PlyDiffer {
		t.Fatalf("ply 4: %s", p.Status)
	}
	for _, tc := range []struct {
		ply  int
		text string
		code EditCode
	}{
		{4, "Nc5", "edit-bad-take"}, {4, "Lb5", "edit-bad-take"}, {4, "realign:black:remove", "edit-bad-take"},
		{4, "realign:black", "edit-bad-take"}, {0, "Nc6", "edit-bad-ply"}, {9, "Nc6", "edit-bad-ply"},
		{4, TakeNone, "edit-nothing-decided"},
	} {
		if err := ed.Take(tc.ply, tc.text, "IA"); editCode(err) != tc.code {
			t.Errorf("ply %d %q: %v, want %s", tc.ply, tc.text, err, tc.code)
		}
	}
	if err := ed.Take(4, "Nc6", "IA"); err != nil {
		t.Fatal(err)
	}
	if p := reconcile(t, g).Plies[3]; p.Status != PlyDecided || p.Before.SAN(p.Move) != "Nc6" {
		t.Errorf("ply 4 after Nc6: %s %s", p.Status, p.Before.SAN(p.Move))
	}
	if err := ed.Take(4, "g8f6", "IA"); err != nil {
		t.Fatal(err)
	}
	if p := reconcile(t, g).Plies[3]; p.Status != PlyDecided || p.Before.SAN(p.Move) != "Nf6" {
		t.Errorf("ply 4 after g8f6: %s %s", p.Status, p.Before.SAN(p.Move))
	}
	if err := ed.Take(4, TakeNone, "IB"); err != nil {
		t.Fatal(err)
	}
	if p := reconcile(t, g).Plies[3]; p.Status != PlyDiffer {
		t.Errorf("ply 4 taken back: %s", p.Status)
	}
	if d := g.Decisions[len(g.Decisions)-1]; d.Move != "" || d.By != "IB" || d.Ply != 4 {
		t.Errorf("the withdrawal: %+v", d)
	}
	st.holds(t, g)
}
