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

// TestWritingLikelier holds the chess sense that splits a look-alike tie
// on a consulted copy (writingLikelier) to positions of the noise
// benchmark's games: the writing is taken where its look-alike loses
// material at a glance and the writing does not, or where the writing,
// in correct notation, is clearly the better move at a glance; never
// where the look-alike is the safer or better move, both are about as
// good, both lose, or the writing needed a mark mended.
func TestWritingLikelier(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, tc := range []struct {
		name, fen, written, twin string
		mended                   bool // the writing read only as nonstandard
		want                     bool
	}{
		{"g5 beside the pawn of d4's bishop", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1", "g6", "g5", false, true},
		{"Qg6+ where hxg6", "r3r1k1/1pq2p1p/p7/3Pp2Q/P1p1p3/3B3P/1P4P1/2R3K1 w - - 0 23", "Qg5+", "Qg6+", false, true},
		{"Bg5 where the queen takes it", "1r1q1rk1/1pp2ppp/p2p1b2/3Pnb2/2PN4/1PN3P1/P4PBP/R2Q1RK1 b - - 2 14", "Bg6", "Bg5", false, true},
		{"Kf6 leaves the pawn of f5", "1b6/1P5p/2P3p1/5Pk1/4p3/4K2P/8/8 b - - 6 50", "Kxf5", "Kf6", false, true},
		{"the writing loses the queen, the look-alike is safe", "r1b4r/pppk1pp1/2nb1q2/3ppP2/3P2p1/2P1P1P1/PP1K3P/RNBQ2NR b - - 0 11", "Qg6", "Qg5", false, false},
		{"the writing loses, the look-alike wins a pawn", "rn1r4/1bq1k1pp/p2Npp2/1pppn1N1/2PP4/P5P1/1P3PBP/R2Q1RK1 w - - 0 16", "Nxh7", "Nxb7", false, false},
		{"both safe: a6 or a5", "r1bq1rk1/pp2ppbp/2np1np1/2p5/2B1PP2/2NP1N2/PPP3PP/R1BQ1R1K b - - 2 8", "a6", "a5", false, false},
		{"both lose a piece at a glance, the look-alike more once the captures settle", "5rk1/4pNbp/Q3B1p1/P1pPp3/7B/1pP5/1P5K/R2n4 b - - 0 34", "e4", "c4", false, true},
		{"the same, the writing needing a mark mended", "5rk1/4pNbp/Q3B1p1/P1pPp3/7B/1pP5/1P5K/R2n4 b - - 0 34", "e4", "c4", true, false},
		{"1.e4, its look-alike c4 placed worse", start, "e4", "c4", false, true},
		{"1.c4 written, its look-alike e4 the better placed", start, "c4", "e4", false, false},
		{"1.e4 written with a mark mended", start, "e4", "c4", true, false},
		{"1.d4, its look-alike a4 placed worse", start, "d4", "a4", false, true},
	} {
		p, err := rules.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		m, err := p.ParseSAN(tc.written)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, tc.written, err)
		}
		a, err := p.ParseSAN(tc.twin)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, tc.twin, err)
		}
		if got := writingLikelier(p, m, a, !tc.mended); got != tc.want {
			t.Errorf("%s: writingLikelier(%s, %s) = %v, want %v", tc.name, tc.written, tc.twin, got, tc.want)
		}
	}
}

// TestConsultTieByChessSense (issue 32): White's copy typed in full,
// Black's consulted and blank. 1.Nf3 g6 2.d4 Bg7 3.e4 d6 4.Nc3 Nf6 reads
// on as well with g5 at ply 2 (a look-alike of g6) as with g6: a tie.
// Written "g6", the look-alike g5 loses the pawn to Nxg5: g6 is taken
// without asking. Written "g5", the look-alike g6 is the safer move: the
// arbiter is asked, both candidates listed, the writing first.
func TestConsultTieByChessSense(t *testing.T) {
	game := []string{"Nf3", "g6", "d4", "Bg7", "e4", "d6", "Nc3", "Nf6"}
	for _, tc := range []struct {
		written, twin string
		asked         bool
	}{
		{"g6", "g5", false},
		{"g5", "g6", true},
	} {
		white := make([]Cell, len(game))
		for i, s := range game {
			white[i].Text = s
		}
		white[1].Text = tc.written
		rec := reconcileConsulted(t, white, len(game), 1, "")
		p := rec.Plies[1]
		m, _ := p.Before.ParseSAN(tc.written)
		a, _ := p.Before.ParseSAN(tc.twin)
		switch {
		case tc.asked && (p.Status != PlyLookAlike || !slices.Equal(p.Candidates, []rules.Move{m, a})):
			t.Errorf("%s written: %s candidates %v, want asked (look-alike) with %s then %s", tc.written, p.Status, p.Candidates, tc.written, tc.twin)
		case !tc.asked && (p.Status != PlySingle || p.Move != m):
			t.Errorf("%s written: %s %s, want taken as written (single)", tc.written, p.Status, p.Before.SAN(p.Move))
		}
	}
}
