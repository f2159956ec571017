package sheet

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
)

// writtenGame writes the first n plies of Kasparov - Topalov in the piece
// letters of lang, one cell per ply.
func writtenGame(t testing.TB, n int, lang string) ([]Cell, []rules.Move) {
	t.Helper()
	l, ok := rules.LettersFor(lang)
	if !ok {
		t.Fatalf("no letters for %q", lang)
	}
	p := rules.NewPosition()
	var cells []Cell
	var moves []rules.Move
	for _, san := range strings.Fields(xtest.GameSAN)[:n] {
		m, err := p.ParseSAN(san)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		cells = append(cells, Cell{Text: p.Write(m, rules.Notation{Letters: l})})
		moves = append(moves, m)
		p = p.Play(m)
	}
	return cells, moves
}

// fault makes a copy go out of step at ply (1-based) as a player does.
func fault(cells []Cell, ply int, kind RealignKind) []Cell {
	k := ply - 1
	out := append([]Cell(nil), cells[:k]...)
	switch kind {
	case RealignInsert: // the half-move was not written
		out = append(out, cells[k+1:]...)
	case RealignRemove: // the cell was written twice
		out = append(out, cells[k], cells[k])
		out = append(out, cells[k+1:]...)
	case RealignSplit: // two moves in one box
		out = append(out, Cell{Text: cells[k].Text + " " + cells[k+1].Text})
		out = append(out, cells[k+2:]...)
	case RealignMerge: // one move across two boxes: the piece letter, then the square
		r := []rune(cells[k].Text)
		out = append(out, Cell{Text: string(r[:1])}, Cell{Text: string(r[1:])})
		out = append(out, cells[k+1:]...)
	}
	return out
}

// TestRealignKinds: each kind of fault, on one copy with the other as
// guide and on a copy alone, in several languages, is proposed as one
// realignment at the ply where it happened (a cell written twice may be
// removed at either of its plies), with the move played for an insertion;
// every later ply reads as the game played and none is flagged.
func TestRealignKinds(t *testing.T) {
	for _, tc := range []struct {
		kind  RealignKind
		ply   int // where the fault is; the cell split or merged holds a piece move
		lang  string
		alone bool // no other copy
	}{
		{RealignInsert, 21, "en", false},
		{RealignInsert, 24, "de", false},
		{RealignInsert, 21, "fr", true},
		{RealignInsert, 30, "hr", true},
		{RealignRemove, 21, "en", false},
		{RealignRemove, 26, "es", false},
		{RealignRemove, 21, "nl", true},
		{RealignSplit, 21, "en", false},
		{RealignSplit, 25, "it", false},
		{RealignSplit, 21, "de", true},
		{RealignMerge, 23, "en", false},
		{RealignMerge, 23, "fr", true},
	} {
		name := string(tc.kind) + "/" + tc.lang
		if tc.alone {
			name += "/alone"
		}
		t.Run(name, func(t *testing.T) {
			cells, moves := writtenGame(t, 44, tc.lang)
			g := &Game{}
			g.Copies[BlackCopy] = Copy{Lang: tc.lang, Cells: fault(cells, tc.ply, tc.kind)}
			if !tc.alone {
				g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 44, "en")}
			}
			rec, err := Reconcile(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Realignments) != 1 {
				t.Fatalf("realignments %+v, want one %s at %d", rec.Realignments, tc.kind, tc.ply)
			}
			r := rec.Realignments[0]
			okPly := r.Ply == tc.ply || (tc.kind == RealignRemove && r.Ply == tc.ply+1)
			if r.Copy != BlackCopy || r.Kind != tc.kind || !okPly || r.Accepted {
				t.Fatalf("realignment %+v, want black %s at %d, proposed", r, tc.kind, tc.ply)
			}
			if tc.kind == RealignInsert && r.Move != moves[tc.ply-1] {
				// A copy alone may not tell which half-move is missing:
				// the one played is among those proposed, and the
				// arbiter's choice puts the game right.
				if !slices.Contains(r.Alternatives, moves[tc.ply-1]) || !tc.alone {
					t.Fatalf("insert %s (or %v), the move played is %s", r.Move, r.Alternatives, moves[tc.ply-1])
				}
				r.Move, r.Accepted = moves[tc.ply-1], true
				g.Decisions = append(g.Decisions, Decision{Ply: r.Ply, Move: r.DecisionText()})
				if rec, err = Reconcile(g); err != nil {
					t.Fatal(err)
				}
				checkRealigned(t, rec, moves, 0)
				return
			}
			checkRealigned(t, rec, moves, r.Ply)
		})
	}
}

func mustCells(t *testing.T, n int, lang string) []Cell {
	cells, _ := writtenGame(t, n, lang)
	return cells
}

// checkRealigned: the game reads as played; the realignment's ply is the
// only one flagged, and the later plies depend on it.
func checkRealigned(t *testing.T, rec *Reconciled, moves []rules.Move, at int) {
	t.Helper()
	if len(rec.Plies) != len(moves) {
		t.Fatalf("%d plies, the game has %d", len(rec.Plies), len(moves))
	}
	for i, p := range rec.Plies {
		if p.Move != moves[i] {
			t.Errorf("ply %d: %s, played %s (%s)", p.Ply, p.Move, moves[i], p.Status)
		}
		switch {
		case at > 0 && p.Ply == at && p.Status != PlyRealign:
			t.Errorf("ply %d: status %s, want realign", p.Ply, p.Status)
		case p.Ply != at && p.Status.NeedsDecision():
			t.Errorf("ply %d: status %s, flagged", p.Ply, p.Status)
		case at > 0 && p.Ply > at && p.Depends != at:
			t.Errorf("ply %d: depends on %d, want %d", p.Ply, p.Depends, at)
		}
	}
}

// TestRealignAcceptUndo: accepting a proposal is one decision in the
// store and one undo step; the copy's cells are unchanged; after it every
// later ply is agreed; undo withdraws it (proposed again), redo accepts it
// again.
func TestRealignAcceptUndo(t *testing.T) {
	cells, moves := writtenGame(t, 40, "de")
	g := Game{ID: 1, Round: 1, Board: 1}
	g.Copies[WhiteCopy] = Copy{Lang: "de", Cells: cells}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: fault(mustCells(t, 40, "en"), 17, RealignInsert)}
	st := newFakeStore(&g)
	ed := NewEditor(st, &g)
	rec, _ := Reconcile(ed.Game())
	if len(rec.Realignments) != 1 {
		t.Fatalf("realignments %+v", rec.Realignments)
	}
	before := append([]Cell(nil), g.Copies[BlackCopy].Cells...)
	if err := ed.AcceptRealign(rec.Realignments[0], "IA"); err != nil {
		t.Fatal(err)
	}
	stored := st.held(*ed.Game())
	if len(stored.Decisions) != 1 || stored.Decisions[0].Move != "realign:black:insert:"+moves[16].UCI() || stored.Decisions[0].Ply != 17 {
		t.Fatalf("decisions in the store %+v", stored.Decisions)
	}
	if len(stored.Copies[BlackCopy].Cells) != len(before) {
		t.Fatalf("the copy changed: %d cells, %d before", len(stored.Copies[BlackCopy].Cells), len(before))
	}
	rec, _ = Reconcile(&stored)
	for _, p := range rec.Plies {
		if p.Move != moves[p.Ply-1] || (p.Ply != 17 && p.Status != PlyAgreed) || (p.Ply == 17 && p.Status != PlySingle) || p.Depends != 0 {
			t.Errorf("after accepting, ply %d: %s %s depends %d", p.Ply, p.Move, p.Status, p.Depends)
		}
	}
	if cc, p := rec.CellAt(BlackCopy, 16); cc == nil || p.Ply != 18 {
		t.Errorf("black's cell 17 is read at ply %v, want 18", p)
	}
	if err := ed.Undo(); err != nil {
		t.Fatal(err)
	}
	rec, _ = Reconcile(ed.Game())
	if len(rec.Realignments) != 1 || rec.Realignments[0].Accepted || rec.Plies[16].Status != PlyRealign {
		t.Fatalf("after undo: %+v, ply 17 %s", rec.Realignments, rec.Plies[16].Status)
	}
	if err := ed.Redo(); err != nil {
		t.Fatal(err)
	}
	rec, _ = Reconcile(ed.Game())
	if len(rec.Realignments) != 1 || !rec.Realignments[0].Accepted {
		t.Fatalf("after redo: %+v", rec.Realignments)
	}
}

// TestRealignRefused: a refused proposal is not proposed again at that
// ply; another one may be (the arbiter refuses it too, or accepts it).
func TestRealignRefused(t *testing.T) {
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 40, "en")}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: fault(mustCells(t, 40, "en"), 17, RealignInsert)}
	g.Decisions = []Decision{{Ply: 17, Move: RejectText(BlackCopy)}}
	rec, err := Reconcile(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rec.Realignments {
		if r.Ply == 17 && r.Copy == BlackCopy {
			t.Fatalf("refused realignment proposed again: %+v", rec.Realignments)
		}
	}
	if rec.Plies[16].Status == PlyRealign {
		t.Errorf("ply 17: %s after the refusal", rec.Plies[16].Status)
	}
}

// TestRealignCheck: a proposal is one arbiter check, with the copy, the
// move to insert and the decision that accepts it.
func TestRealignCheck(t *testing.T) {
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: fault(mustCells(t, 40, "en"), 21, RealignInsert)}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: mustCells(t, 40, "en")}
	rec, _ := Reconcile(g)
	var got []CheckFinding
	for _, f := range Check(g, rec, Conditions{}) {
		if strings.HasPrefix(string(f.Code), "realign-") || f.Code == CheckCopiesDiffer || f.Code == CheckNeedsDecision {
			got = append(got, f)
		}
	}
	_, moves := writtenGame(t, 40, "en")
	if len(got) != 1 || got[0].Code != CheckRealignInsert || got[0].Ply != 21 || got[0].Copy != "white" ||
		got[0].Texts[1] != "realign:white:insert:"+moves[20].UCI() || got[0].Article != "8.1" {
		t.Fatalf("checks %+v", got)
	}
}

// TestRealignCleanGame: two clean copies, or one with slips of the pen,
// are never realigned.
func TestRealignCleanGame(t *testing.T) {
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 87, "en")}
	b := mustCells(t, 87, "de")
	b[30].Text, b[31].Text, b[50].Text = "Lxe6", "Dd1", "?"
	g.Copies[BlackCopy] = Copy{Lang: "de", Cells: b}
	rec, _ := Reconcile(g)
	if len(rec.Realignments) != 0 {
		t.Fatalf("realignments of clean copies: %+v", rec.Realignments)
	}
}

// TestResolvedBySwap: Black's copy has two letters swapped ("Tdf1", an
// illegal cell), White's names the move (Rfd1): the clear copy settles
// the ply.
func TestResolvedBySwap(t *testing.T) {
	g := &Game{FEN: "6k1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1"}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: []Cell{{Text: "Rfd1"}}}
	g.Copies[BlackCopy] = Copy{Lang: "de", Cells: []Cell{{Text: "Tdf1"}}}
	rec, err := Reconcile(g)
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Plies[0]; p.Status != PlyResolved || p.Move.UCI() != "f1d1" {
		t.Fatalf("ply 1: %s %s, want resolved f1d1", p.Status, p.Move)
	}
}

// TestRealignBothCopies: both players lost step near the same ply, each
// in their own way (one left a half-move out, the other wrote one twice),
// so that neither copy can guide the other there: each is put back in
// step on what follows, and once both proposals are accepted every ply
// reads as played, none flagged.
func TestRealignBothCopies(t *testing.T) {
	type fault1 struct {
		ply  int
		kind RealignKind
		lang string
	}
	for _, tc := range []struct{ white, black fault1 }{
		{fault1{21, RealignInsert, "nl"}, fault1{22, RealignRemove, "nl"}},
		{fault1{21, RealignRemove, "de"}, fault1{22, RealignInsert, "it"}},
		{fault1{25, RealignInsert, "en"}, fault1{26, RealignRemove, "fr"}},
	} {
		name := fmt.Sprintf("white-%s-%d-%s/black-%s-%d-%s", tc.white.kind, tc.white.ply, tc.white.lang, tc.black.kind, tc.black.ply, tc.black.lang)
		t.Run(name, func(t *testing.T) {
			_, moves := writtenGame(t, 44, "en")
			g := &Game{}
			for s, f := range [2]fault1{tc.white, tc.black} {
				g.Copies[s] = Copy{Lang: f.lang, Cells: fault(mustCells(t, 44, f.lang), f.ply, f.kind)}
			}
			rec, err := Reconcile(g)
			if err != nil {
				t.Fatal(err)
			}
			for s, f := range [2]fault1{tc.white, tc.black} {
				i := slices.IndexFunc(rec.Realignments, func(r Realignment) bool { return r.Copy == Side(s) })
				if i < 0 {
					t.Fatalf("no realignment of %s's copy: %+v", Side(s), rec.Realignments)
				}
				r := rec.Realignments[i]
				okPly := r.Ply == f.ply || (f.kind == RealignRemove && r.Ply == f.ply+1)
				if r.Kind != f.kind || !okPly {
					t.Fatalf("%s: %+v, want %s at %d", Side(s), r, f.kind, f.ply)
				}
				if f.kind == RealignInsert {
					if r.Move != moves[r.Ply-1] && !slices.Contains(r.Alternatives, moves[r.Ply-1]) {
						t.Fatalf("%s: insert %s (or %v), played %s", Side(s), r.Move, r.Alternatives, moves[r.Ply-1])
					}
					r.Move = moves[r.Ply-1]
				}
				g.Decisions = append(g.Decisions, Decision{Ply: r.Ply, Move: r.DecisionText()})
			}
			if rec, err = Reconcile(g); err != nil {
				t.Fatal(err)
			}
			checkRealigned(t, rec, moves, 0)
		})
	}
}

// TestRealignedCellsNotMissing (defect 2): a move written twice is not a
// missing one. Its cell removed by the realignment is said neither
// before the acceptance (the proposal says it) nor after it, where the
// board needs nothing more; nor is the second half of a move written
// across two cells.
func TestRealignedCellsNotMissing(t *testing.T) {
	for _, kind := range []RealignKind{RealignRemove, RealignMerge} {
		cells, _ := writtenGame(t, 44, "en")
		g := &Game{}
		g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 44, "en")}
		g.Copies[BlackCopy] = Copy{Lang: "en", Cells: fault(cells, 23, kind)}
		a := Analyse(g, Conditions{})
		if len(a.Rec.Realignments) != 1 || a.Rec.Realignments[0].Kind != kind {
			t.Fatalf("%s: realignments %+v", kind, a.Rec.Realignments)
		}
		for _, f := range a.Checks {
			if f.Code == CheckMissingCell {
				t.Errorf("%s proposed: %s at ply %d on %s's copy", kind, f.Code, f.Ply, f.Copy)
			}
		}
		r := a.Rec.Realignments[0]
		g.Decisions = append(g.Decisions, Decision{Ply: r.Ply, Move: r.DecisionText()})
		a = Analyse(g, Conditions{})
		for _, f := range a.Checks {
			if f.Severity() >= rules.Warning {
				t.Errorf("%s accepted: %s at ply %d on %s's copy", kind, f.Code, f.Ply, f.Copy)
			}
		}
		if a.State != GameInProgress {
			t.Errorf("%s accepted: state %s", kind, a.State)
		}
	}
}

// TestMissingCellPly: a blank cell on a copy realigned before it is said
// at the ply it is read at.
func TestMissingCellPly(t *testing.T) {
	cells, _ := writtenGame(t, 44, "en")
	black := fault(cells, 15, RealignRemove)
	black[30].Text = "" // read at ply 30 once the cell written twice is removed
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: mustCells(t, 44, "en")}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: black}
	a := Analyse(g, Conditions{})
	var plies []int
	for _, f := range a.Checks {
		if f.Code == CheckMissingCell {
			plies = append(plies, f.Ply)
		}
	}
	if !slices.Equal(plies, []int{30}) {
		t.Errorf("missing cells at %v, want [30]; realignments %+v", plies, a.Rec.Realignments)
	}
}
