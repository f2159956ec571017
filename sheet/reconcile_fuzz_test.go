package sheet

import (
	"strings"
	"testing"

	"scoresheet/rules"
)

// FuzzReconcile reads whole sheets, both copies and the arbiter's rulings
// (realignments among them), as the app does after each keystroke: no
// panic, every move taken is legal where it is taken, every cell read is
// found at its ply, and a realignment changes nothing written.
func FuzzReconcile(f *testing.F) {
	f.Add("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6", "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 b5 Lb3 d6", "")
	f.Add("e4 e5 Nf3 Nc6", "e4 e5 e5 Nf3 Nc6", "3 realign:black:remove")
	f.Add("e4 e5 Nf3Nc6 Bb5", "e4 e5 N f3 Nc6 Bb5", "3 realign:white:split:3|3 realign:black:merge")
	f.Add("d4 d5", "", "2 realign:white:insert:d7d5|2 realign:white:|1 d2d4|2 realign:white:reject")
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

func fuzzCells(text string) []Cell {
	var cells []Cell
	for _, w := range strings.Fields(text) {
		if len(cells) >= 60 {
			break // a game's worth: the reader's time grows with the plies
		}
		if w == "_" {
			w = ""
		}
		cells = append(cells, Cell{Text: w})
	}
	return cells
}

func legal(p *rules.Position, m rules.Move) bool {
	for _, x := range p.LegalMoves() {
		if x == m {
			return true
		}
	}
	return false
}
