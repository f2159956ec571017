package sheet

import (
	"slices"
	"strings"
	"testing"

	"scoresheet/rules"
)

// The whole-sheet joint reading (joint.go): a ply in doubt is settled
// only where the cells that follow, on both copies, read on with one move
// alone; where two moves read on alike it stays the arbiter's.
//
// The games: 1.e4 e5 2.Nf3, then Black's knight move written "Nd6" on
// both copies (no knight reaches d6: Nc6, Nf6 and Nh6 are each one
// character off, Ne7 two), then 3.d3 Bc5 (which Ne7 would block) 4.c3 and
// Black's fourth move: only the f6-knight goes on to h5, f4 and g6 (every
// other reading costs a wrong character at each of them), so those read
// on after Nf6 alone; "a6" reads on after any of the three, "O-O" after
// Nf6 or Nh6 (the g8-square empty).
func TestJointReading(t *testing.T) {
	const (
		nf6 = "e4 e5 Nf3 Nd6 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3"
		a6  = "e4 e5 Nf3 Nd6 d3 Bc5 c3 a6 a4 h6 h3"
		oo  = "e4 e5 Nf3 Nd6 d3 Bc5 c3 O-O a4 a6 h3"
	)
	for _, tc := range []struct {
		name         string
		white, black string // cells, one word each; "_" for a blank cell
		wlang, blang string
		status       PlyStatus
		move         string // UCI; for a ply left to the arbiter, the candidates that must rank first, in any order
	}{
		// Settled by what follows, in several languages' piece letters.
		{"Nh5, Nf4, Ng6 confirm Nf6", nf6, nf6, "en", "en", PlySettled, "g8f6"},
		{"German", "e4 e5 Sf3 Sd6 d3 Lc5 c3 Sh5 a3 Sf4 a4 Sg6 h3", "e4 e5 Sf3 Sd6 d3 Lc5 c3 Sh5 a3 Sf4 a4 Sg6 h3", "de", "de", PlySettled, "g8f6"},
		{"French", "e4 e5 Cf3 Cd6 d3 Fc5 c3 Ch5 a3 Cf4 a4 Cg6 h3", "e4 e5 Cf3 Cd6 d3 Fc5 c3 Ch5 a3 Cf4 a4 Cg6 h3", "fr", "fr", PlySettled, "g8f6"},
		{"Dutch and English", "e4 e5 Pf3 Pd6 d3 Lc5 c3 Ph5 a3 Pf4 a4 Pg6 h3", nf6, "nl", "en", PlySettled, "g8f6"},
		{"one copy blank at the ply", "e4 e5 Nf3 _ d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", nf6, "en", "en", PlySettled, "g8f6"},
		// Two or three readings replay alike: the arbiter's.
		{"a6 fits all three", a6, a6, "en", "en", PlyDoubtful, ""},
		{"German, a6 fits all three", "e4 e5 Sf3 Sd6 d3 Lc5 c3 a6 a4 h6 h3", "e4 e5 Sf3 Sd6 d3 Lc5 c3 a6 a4 h6 h3", "de", "de", PlyDoubtful, ""},
		{"castling fits Nf6 and Nh6", oo, oo, "en", "en", PlyDoubtful, "g8f6 g8h6"},
		// Too little written after it to confirm anything.
		{"nothing after it", "e4 e5 Nf3 Nd6", "e4 e5 Nf3 Nd6", "en", "en", PlyDoubtful, ""},
		// One copy alone never settles: both players' writing must.
		{"one copy alone", nf6, "", "en", "en", PlyDoubtful, ""},
		// Each copy names a legal move: the arbiter's, however the rest reads.
		{"two legal moves", "e4 e5 Nf3 Nc6 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", "e4 e5 Nf3 Nf6 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", "en", "en", PlyDiffer, ""},
		// The writing is more than one character off the move that reads
		// on ("Ng5": a wrong letter and a look-alike from Nf6): not a
		// slip, the arbiter's.
		{"not a slip", "e4 e5 Nf3 Ng5 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", "e4 e5 Nf3 Ng5 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", "en", "en", PlyDoubtful, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{Copies: [2]Copy{{Lang: tc.wlang, Cells: words(tc.white)}, {Lang: tc.blang, Cells: words(tc.black)}}}
			rec := reconcile(t, g)
			p := rec.Plies[4-1]
			first := strings.Fields(tc.move)
			if tc.status.NeedsDecision() && len(p.Candidates) >= len(first) {
				// The joint reading ranks them: those that read on first.
				got := uciMoves(p.Candidates[:len(first)])
				slices.Sort(got)
				slices.Sort(first)
				if !slices.Equal(got, first) {
					t.Errorf("candidates %v, want %v first", uciMoves(p.Candidates), first)
				}
				tc.move = p.Move.UCI()
			}
			if p.Status != tc.status || (tc.move != "" && p.Move.UCI() != tc.move) {
				t.Fatalf("ply %d: %s %s, want %s %s (candidates %v)", 4, p.Status, p.Move.UCI(), tc.status, tc.move, uciMoves(p.Candidates))
			}
			if p.Status.NeedsDecision() != (tc.status != PlySettled) {
				t.Errorf("%s: needs a decision %v", p.Status, p.Status.NeedsDecision())
			}
			if p.Status == PlySettled {
				if p.Candidates[0] != p.Move {
					t.Errorf("settled %s, candidates %v: the move taken first", p.Move.UCI(), uciMoves(p.Candidates))
				}
				if fs := Check(g, rec, Conditions{}); len(only(fs, CheckNeedsDecision))+len(only(fs, CheckCopiesDiffer)) != 0 {
					t.Errorf("a settled ply asks the arbiter: %+v", fs)
				}
				if n := rec.Established(); n < 4 {
					t.Errorf("established %d plies, the settled ply %d among them", n, 4)
				}
			}
		})
	}
}

// TestJointLeastCost: the window's cheapest reading is found whatever the
// order of the cells' candidates: a slip in the window (Bc4 written "Bc7"
// on one copy, "Bc4" on the other) costs its look-alike, and a move that
// no cell names costs every written cell from there at its cap.
func TestJointLeastCost(t *testing.T) {
	g := &Game{Copies: [2]Copy{{Lang: "en", Cells: words("e4 e5 Nf3 Nd6 Bc7 Bc5 d3")}, {Lang: "en", Cells: words("e4 e5 Nf3 Nd6 Bc4 Bc5 d3")}}}
	rec := reconcile(t, g)
	views := rec.views
	letters := [2]*rules.Letters{rules.English, rules.English}
	js := &jointSearch{views: views, letters: letters, reads: newCellReads(), root: rec.Plies[3].Before, end: len(views[0]), maxNodes: jointNodes}
	js.setUnread(4)
	after := func(uci string) *rules.Position {
		m, ok := moveFromUCI(rec.Plies[3].Before, uci)
		if !ok {
			t.Fatalf("%s not legal", uci)
		}
		return rec.Plies[3].Before.Play(m)
	}
	// After Nf6: Bc7/Bc4 (7 and 1 look alike, not 7 and 4: "Bc7" is one
	// wrong character from Bc4), then Bc5 and d3 clean.
	if got := js.least(after("g8f6"), 4, jointUnbounded); got != 2 {
		t.Errorf("after Nf6: %d, want 2", got)
	}
	// After a7a5 (no cell names it) the window reads the same, as far as
	// Bc5: the pawn move changes nothing the cells name.
	if got := js.least(after("a7a5"), 4, jointUnbounded); got != 2 {
		t.Errorf("after a5: %d, want 2", got)
	}
	// A limit below the least cost returns the limit.
	if got := js.least(after("g8f6"), 4, 1); got != 1 {
		t.Errorf("limit 1: %d, want 1", got)
	}
	// Nothing after the last ply: no cost.
	if got := js.least(after("g8f6"), len(views[0]), jointUnbounded); got != 0 {
		t.Errorf("past the window: %d", got)
	}
}

// words makes one cell per word; "_" is a blank cell.
func words(s string) []Cell {
	ws := strings.Fields(s)
	for i, w := range ws {
		if w == "_" {
			ws[i] = ""
		}
	}
	return texts(ws...)
}

// TestGlance: where the copies name two legal moves, a quick reading (the
// one that looks for copies out of step) goes on with the one after which
// the next cells of both copies name moves, not with White's copy's by
// default: Nc3 on White's copy, Nf3 on Black's, then Ng5 on both, which
// only the f3-knight reaches.
func TestGlance(t *testing.T) {
	g := &Game{Copies: [2]Copy{{Lang: "en", Cells: words("e4 e5 Nc3 Nc6 Ng5 h6 Nf3 d6")}, {Lang: "de", Cells: words("e4 e5 Sf3 Sc6 Sg5 h6 Sf3 d6")}}}
	for _, white := range []bool{true, false} {
		if !white {
			g.Copies[0], g.Copies[1] = g.Copies[1], g.Copies[0] // the likelier move on White's copy
		}
		rec := reconcileViews(g, rules.NewPosition(), [2][]*Realignment{}, true, nil, 0, newCellReads())
		p := rec.Plies[2]
		if p.Status != PlyDiffer || p.Move.UCI() != "g1f3" {
			t.Errorf("quick reading, ply 3: %s %s, want differ g1f3 (candidates %v)", p.Status, p.Move.UCI(), uciMoves(p.Candidates))
		}
		if q := rec.Plies[4]; q.Status != PlyAgreed {
			t.Errorf("ply 5: %s, want agreed (Ng5 after Nf3)", q.Status)
		}
	}
}
