package sheet

import (
	"slices"
	"testing"
)

// TestLookAlikeAdmittedConsulted (issue 32): White's copy typed in full
// writes "bS" at ply 12 (b5 played, 5 read as S: no move),
// Black's copy consulted there writes "h5" (a look-alike of b5, legal
// too). "bS" stands for b5 more cheaply than for h5: the copies point two
// ways, and the arbiter is asked (differ), b5 among the candidates, not
// h5 taken as "resolved" by White's doubtful cell.
func TestLookAlikeAdmittedConsulted(t *testing.T) {
	cells, moves := writtenGame(t, 44, "en")
	if cells[11].Text != "b5" {
		t.Fatalf("ply 12 is %s", cells[11].Text)
	}
	white := slices.Clone(cells)
	white[11].Text = "bS"
	black := make([]Cell, 12)
	black[11].Text = "h5"
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: white}
	g.Copies[BlackCopy] = Copy{Lang: "en", Consulted: true, Cells: black}
	rec, err := Reconcile(g)
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Plies[11]
	if !p.Status.NeedsDecision() || !slices.Contains(p.Candidates, moves[11]) {
		t.Errorf("consulted h5 against bS: %s %s candidates %v, want asked with b5", p.Status, p.Before.SAN(p.Move), p.Candidates)
	}

}
