package sheet

import (
	"slices"
	"testing"

	"scoresheet/rules"
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
	rec := reconcileConsulted(t, white, 12, 11, "h5")
	p := rec.Plies[11]
	if !p.Status.NeedsDecision() || !slices.Contains(p.Candidates, moves[11]) {
		t.Errorf("consulted h5 against bS: %s %s candidates %v, want asked with b5", p.Status, p.Before.SAN(p.Move), p.Candidates)
	}

}

// TestConsultedDifferReadsOn (issue 32): the noise benchmark's game 17
// (1.c4 d5 ...). White's copy typed in full writes "d6" at ply 2 (d5 played, 5 read as 6: d6 is legal too); the
// arbiter, asked there, types Black's cell: "d5". The copies differ and
// the arbiter decides; meanwhile the game is read on with the move after
// which White's copy reads on further (consultAhead plies), d5: with d6,
// the move written on the copy typed in full, White's cells from ply 10
// on name no move, and each was asked again on Black's copy.
func TestConsultedDifferReadsOn(t *testing.T) {
	moves := noiseCorpus(t, 17)[16]
	cells := make([]Cell, len(moves))
	p := rules.NewPosition()
	for i, m := range moves {
		cells[i].Text = p.Write(m, rules.Notation{Letters: rules.English})
		p = p.Play(m)
	}
	if cells[1].Text != "d5" {
		t.Fatalf("ply 2 is %s", cells[1].Text)
	}
	white := slices.Clone(cells)
	white[1].Text = "d6"
	rec := reconcileConsulted(t, white, len(cells), 1, "d5")
	if p := rec.Plies[1]; p.Status != PlyDiffer || p.Move != moves[1] {
		t.Errorf("ply 2, d6 against d5 consulted: %s %s, want differ d5", p.Status, p.Before.SAN(p.Move))
	}
	for i := 2; i < len(moves); i++ {
		// Asked only where White's "c6", "f5", "Ke2" have a look-alike
		// that reads on as well: the move written, read first.
		if p := rec.Plies[i]; p.Status == PlyDoubtful || p.Move != moves[i] {
			t.Errorf("ply %d: %s %s, want %s", i+1, p.Status, p.Before.SAN(p.Move), p.Before.SAN(moves[i]))
		}
	}
}

// reconcileConsulted reads White's copy typed in full (white) against
// Black's consulted copy of n cells, typed only at cell i (text).
func reconcileConsulted(t *testing.T, white []Cell, n, i int, text string) *Reconciled {
	t.Helper()
	black := make([]Cell, n)
	black[i].Text = text
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: white}
	g.Copies[BlackCopy] = Copy{Lang: "en", Consulted: true, Cells: black}
	rec, err := Reconcile(g)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
