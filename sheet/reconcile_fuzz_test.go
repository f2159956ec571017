package sheet

import (
	"strings"
	"testing"

	"scoresheet/rules"
)

// FuzzReconcile reads whole sheets, both copies and the arbiter's rulings
// (realignments among them), as the app does after each keystroke: no
// panic, every move taken is legal where it is taken, every cell read is
// found at its ply, a realignment changes nothing written, and a ply the
// whole-sheet reading settles keeps its rules (joint.go): no copy names
// another legal move there, each copy's writing is a slip from it at most.
func FuzzReconcile(f *testing.F) {
	f.Add("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6", "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 b5 Lb3 d6", "")
	f.Add("e4 e5 Nf3 Nc6", "e4 e5 e5 Nf3 Nc6", "3 realign:black:remove")
	f.Add("e4 e5 Nf3Nc6 Bb5", "e4 e5 N f3 Nc6 Bb5", "3 realign:white:split:3|3 realign:black:merge")
	f.Add("d4 d5", "", "2 realign:white:insert:d7d5|2 realign:white:|1 d2d4|2 realign:white:reject")
	f.Add("e4 e5 Nf3 Nd6 d3 Bc5 c3 Nh5 a3 Nf4 a4 Ng6 h3", "e4 e5 Sf3 Sd6 d3 Lc5 c3 Sh5 a3 Sf4 a4 Sg6 h3", "")
	f.Add("e4 e5 Nf3 Nd6 d3 Bc5 c3 a6 a4 h6 h3", "e4 e5 Sf3 _ d3 Lc5 c3 a6 a4 h6 h3", "")
	f.Fuzz(func(t *testing.T, white, black, rulings string) {
		g := &Game{}
		g.Copies[WhiteCopy] = Copy{Lang: "en", Cells: fuzzCells(white)}
		g.Copies[BlackCopy] = Copy{Lang: "de", Cells: fuzzCells(black)}
		for _, r := range strings.Split(rulings, "|") {
			ply, move, ok := strings.Cut(r, " ")
			if n := len(ply); ok && n > 0 && n < 3 && ply[0] >= '1' && ply[0] <= '9' {
				p := int(ply[0] - '0')
				if n == 2 {
					p = p*10 + int(ply[1]-'0')
				}
				g.Decisions = append(g.Decisions, Decision{Ply: p, Move: move})
			}
		}
		before := [2][]Cell{append([]Cell(nil), g.Copies[0].Cells...), append([]Cell(nil), g.Copies[1].Cells...)}
		rec, err := Reconcile(g)
		if err != nil {
			t.Fatal(err)
		}
		_ = Check(g, rec, Conditions{TimeControl: "40/5400"})
		for _, p := range rec.Plies {
			if p.Move != rules.NoMove && !legal(p.Before, p.Move) {
				t.Fatalf("ply %d: %s taken, not legal", p.Ply, p.Move)
			}
			if p.Status == PlySettled {
				wantSettled(t, &p, g.copyLetters())
			}
			for s, cc := range p.Copies {
				if cc == nil {
					continue
				}
				if got, _ := rec.CellAt(Side(s), cc.Index); got == nil {
					t.Fatalf("ply %d: %s cell %d read but not found", p.Ply, Side(s), cc.Index)
				}
			}
		}
		for s := range before {
			if len(before[s]) != len(g.Copies[s].Cells) {
				t.Fatalf("copy %d changed", s)
			}
			for i := range before[s] {
				if before[s][i] != g.Copies[s].Cells[i] {
					t.Fatalf("copy %d cell %d changed", s, i)
				}
			}
		}
	})
}

// wantSettled checks a settled ply against the rules of settling: a move
// taken, no copy naming another legal move, each copy's writing a slip
// from it at most.
func wantSettled(t *testing.T, p *Ply, letters [2]*rules.Letters) {
	t.Helper()
	if p.Move == rules.NoMove || p.Status.NeedsDecision() {
		t.Fatalf("ply %d settled without a move, or asking", p.Ply)
	}
	for s, cc := range p.Copies {
		if cc == nil || cc.Reading.Status == rules.StatusMissing {
			continue
		}
		if m := named(cc.Reading); m != rules.NoMove && m != p.Move {
			t.Fatalf("ply %d settled as %s, %s's copy names %s", p.Ply, p.Move, Side(s), m)
		}
		if named(cc.Reading) == rules.NoMove && !admits(p.Before, cc.Reading, p.Move, letters[s]) &&
			rules.WrittenCost(p.Before, p.Move, cc.Reading.Written, letters[s]) > jointSlip {
			t.Fatalf("ply %d settled as %s, %s's copy wrote %q", p.Ply, p.Move, Side(s), cc.Reading.Written)
		}
	}
}

// fuzzCells is words(text) up to a game's worth of cells: the reader's
// time grows with the plies.
func fuzzCells(text string) []Cell {
	cells := words(text)
	return cells[:min(len(cells), 60)]
}

func legal(p *rules.Position, m rules.Move) bool {
	for _, x := range p.LegalMoves() {
		if x == m {
			return true
		}
	}
	return false
}
