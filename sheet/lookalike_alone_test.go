package sheet

import (
	"testing"

	"scoresheet/rules"
)

// TestLookAlikeAlone (defect 11): one copy alone writes "h5" where b5 was
// played (b/h look alike, both legal) and the other copy is blank there:
// the ply is flagged, not taken, since what follows (9...Bb7, legal only
// once the b-pawn has gone) reads on with b5; the arbiter's decision
// settles it. The same copy written as played is taken.
func TestLookAlikeAlone(t *testing.T) {
	cells, moves := writtenGame(t, 44, "en")
	if cells[11].Text != "b5" {
		t.Fatalf("ply 12 is %s", cells[11].Text)
	}
	slipped := append([]Cell(nil), cells...)
	slipped[11].Text = "h5"
	white := append([]Cell(nil), cells...)
	white[11].Text = ""
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: white}
	g.Copies[BlackCopy] = Copy{Lang: "en", Cells: slipped}
	a := Analyse(g, Conditions{})
	p := a.Rec.Plies[11]
	if p.Status != PlyLookAlike || !p.Status.NeedsDecision() || p.Move != moves[11] || len(p.Candidates) < 2 {
		t.Fatalf("ply 12, h5 alone where b5 was played: %s %s candidates %v", p.Status, p.Before.SAN(p.Move), p.Candidates)
	}
	var f *CheckFinding
	for i := range a.Checks {
		if a.Checks[i].Code == CheckLookAlikeOneCopy {
			f = &a.Checks[i]
		}
	}
	if f == nil || f.Ply != 12 || f.Copy != WhoBlack || f.Texts != [2]string{"h5", "b5"} || f.Severity() != rules.Error {
		t.Errorf("finding %+v", f)
	}
	if a.State != GameNeedsDecision {
		t.Errorf("state %s", a.State)
	}
	for i, q := range a.Rec.Plies {
		if i != 11 && (q.Move != moves[i] || q.Status.NeedsDecision()) {
			t.Errorf("ply %d: %s %s", i+1, q.Status, q.Before.SAN(q.Move))
		}
	}
	g.Decisions = append(g.Decisions, Decision{Ply: 12, Move: moves[11].UCI()})
	if a := Analyse(g, Conditions{}); a.Rec.Plies[11].Status != PlyDecided || a.State != GameFindings { // White's blank cell is missing
		t.Errorf("decided: %s, state %s", a.Rec.Plies[11].Status, a.State)
	}

	// Written as played, alone: taken.
	g.Decisions = nil
	g.Copies[BlackCopy].Cells = cells
	if p := Analyse(g, Conditions{}).Rec.Plies[11]; p.Status != PlySingle || p.Move != moves[11] {
		t.Errorf("b5 alone, as played: %s %s", p.Status, p.Before.SAN(p.Move))
	}
	// What follows reads on as well with either (nothing follows): the
	// writing is not contradicted, and is taken as written.
	g.Copies[WhiteCopy].Cells, g.Copies[BlackCopy].Cells = white[:11], slipped[:12]
	if p := Analyse(g, Conditions{}).Rec.Plies[11]; p.Status != PlySingle || p.Before.SAN(p.Move) != "h5" {
		t.Errorf("h5 alone, last: %s %s", p.Status, p.Before.SAN(p.Move))
	}
}
