package sheet

import (
	"fmt"
	"testing"

	"scoresheet/rules"
)

// consultedGame is Kasparov - Topalov: White's copy typed in full, 44
// plies, with a slip at ply 13 ("Nqe2" for Nge2: g/q look alike, no move
// reads so); Black's copy as consulted gives it (cells not typed blank,
// the cells given by ply).
func consultedGame(t *testing.T, consulted bool, black map[int]string) (*Game, []rules.Move) {
	t.Helper()
	cells, moves := writtenGame(t, 44, "en")
	if cells[12].Text != "Nge2" {
		t.Fatalf("ply 13 is %s", cells[12].Text)
	}
	cells[12].Text = "Nqe2"
	g := &Game{}
	g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: cells}
	n := 0
	for ply := range black {
		n = max(n, ply)
	}
	g.Copies[BlackCopy] = Copy{Lang: "en", Consulted: consulted, Cells: make([]Cell, n)}
	for ply, text := range black {
		g.Copies[BlackCopy].Cells[ply-1].Text = text
	}
	return g, moves
}

// findingsOn returns the checks about copy s.
func findingsOn(a Analysis, s Side) []CheckFinding {
	var out []CheckFinding
	for _, f := range a.Checks {
		if f.Copy == s.Who() {
			out = append(out, f)
		}
	}
	return out
}

// TestConsultedCopy: White's copy typed in full with a slip at 13, Black's
// typed only at 13: the half-move is settled by Black's cell, and the
// two cells of White's copy with a look-alike as consistent are asked.
// Typed at those too: no finding is made of Black's copy, and the board
// needs no decision. The same cells on a copy typed in full are 21
// missing moves and a short copy.
func TestConsultedCopy(t *testing.T) {
	g, moves := consultedGame(t, true, nil)
	g.Copies[BlackCopy] = Copy{}
	a := Analyse(g, Conditions{})
	if p := a.Rec.Plies[12]; !p.Status.NeedsDecision() {
		t.Errorf("before Black's copy is looked up, ply 13 is %s", p.Status)
	}

	// Black's copy typed at 13 only: 13 is settled, and two cells of
	// White's copy are asked (issue 32): "c6" at 10 and "a6" at 24 are
	// one look-alike from e6 and a5, and the rest of the copy reads on
	// with those as well; nothing on White's copy tells which was played.
	g, _ = consultedGame(t, true, map[int]string{13: "Nge2"})
	a = Analyse(g, Conditions{TimeControl: "20/5400+30:1800+30"})
	for i, p := range a.Rec.Plies {
		switch i {
		case 9, 23:
			want := map[int][2]string{9: {"c6", "e6"}, 23: {"a6", "a5"}}[i]
			if p.Status != PlyLookAlike || p.Move != moves[i] || len(p.Candidates) < 2 ||
				p.Before.SAN(p.Candidates[0]) != want[0] || p.Before.SAN(p.Candidates[1]) != want[1] {
				t.Errorf("ply %d, one copy's %q with a look-alike as consistent: %s %s candidates %v", i+1, want[0], p.Status, p.Before.SAN(p.Move), p.Candidates)
			}
		default:
			if p.Move != moves[i] || p.Status.NeedsDecision() {
				t.Errorf("ply %d: %s %s", i+1, p.Status, p.Before.SAN(p.Move))
			}
		}
	}
	// The same on a copy typed in full, Black's cells blank: nothing
	// after 10 and 24 reads on better with the look-alike, and one copy's
	// writing is taken (a blank is a player's, not an unread cell).
	g.Copies[BlackCopy].Consulted = false
	for _, i := range []int{9, 23} {
		if p := Analyse(g, Conditions{}).Rec.Plies[i]; p.Status != PlySingle {
			t.Errorf("ply %d, Black's copy typed in full: %s", i+1, p.Status)
		}
	}

	g, _ = consultedGame(t, true, map[int]string{10: "c6", 13: "Nge2", 24: "a6"})
	a = Analyse(g, Conditions{TimeControl: "20/5400+30:1800+30"})
	p := a.Rec.Plies[12]
	if p.Status != PlyResolved || p.Move != moves[12] {
		t.Errorf("ply 13: %s %s, want resolved %s", p.Status, p.Before.SAN(p.Move), p.Before.SAN(moves[12]))
	}
	if fs := findingsOn(a, BlackCopy); len(fs) != 1 || fs[0].Code != CheckCopyConsulted || fs[0].Severity() != rules.Note {
		t.Errorf("findings on the consulted copy: %+v, want only the note that it is consulted", fs)
	}
	if a.State != GameInProgress {
		t.Errorf("state %s, checks %+v", a.State, a.Checks)
	}
	for i, p := range a.Rec.Plies {
		if p.Move != moves[i] || p.Status.NeedsDecision() {
			t.Errorf("ply %d: %s %s", i+1, p.Status, p.Before.SAN(p.Move))
		}
	}

	g.Copies[BlackCopy].Consulted = false
	a = Analyse(g, Conditions{TimeControl: "20/5400+30:1800+30"})
	codes := map[CheckCode]int{}
	for _, f := range findingsOn(a, BlackCopy) {
		codes[f.Code]++
	}
	if codes[CheckMissingCell] != 21 || codes[CheckCopyShorter] != 1 || codes[CheckTimeControlShort] != 1 {
		t.Errorf("the same cells typed in full: %v", codes)
	}
}

// TestConsultedCellTyped: a consulted copy's cell the arbiter typed is
// evidence like any: a dash (the player left it blank) is a missing
// move, a move that differs from the other copy's is a disagreement, a
// draw offer on the other copy alone says nothing of a cell not looked up.
func TestConsultedCellTyped(t *testing.T) {
	g, _ := consultedGame(t, true, map[int]string{13: "Nge2", 20: "-", 25: "Nc1"})
	a := Analyse(g, Conditions{})
	var got []string
	for _, f := range a.Checks {
		if (f.Copy == WhoBlack && f.Code != CheckCopyConsulted) || f.Code == CheckCopiesDiffer || f.Code == CheckNeedsDecision {
			got = append(got, fmt.Sprintf("%s@%d", f.Code, f.Ply))
		}
	}
	want := "[missing-cell@20]"
	if p := a.Rec.Plies[24]; p.Status != PlyAgreed {
		t.Errorf("ply 25, both Nc1: %s", p.Status)
	}
	if s := fmt.Sprint(got); s != want {
		t.Errorf("findings %s, want %s", s, want)
	}
	g.Copies[WhiteCopy].Cells[30].DrawOffer = true
	for _, f := range Analyse(g, Conditions{}).Checks {
		if f.Code == CheckDrawOfferOneCopy || f.Code == CheckCopiesAgreeUntil {
			t.Errorf("%s at %d with a consulted copy", f.Code, f.Ply)
		}
	}
	g.Copies[BlackCopy].Cells[24].Text = "Nd4"
	a = Analyse(g, Conditions{})
	if p := a.Rec.Plies[24]; p.Status != PlyDiffer {
		t.Errorf("ply 25, Nc1 and Nd4: %s", p.Status)
	}
}
