package sheet

import (
	"slices"
	"testing"

	"scoresheet/rules"
)

// TestCellReads: a remembered reading is the reader's own, in full or
// without candidates, and what a caller does to the slices it was handed
// never reaches the next caller.
func TestCellReads(t *testing.T) {
	p := rules.NewPosition()
	de, _ := rules.LettersFor("de")
	reads := newCellReads()
	for _, tc := range []struct {
		text string
		l    *rules.Letters
	}{{"e4", rules.English}, {"Sf3", de}, {"Nf6", rules.English}, {"Qh5x", rules.English}, {"Sd2", de}} {
		for _, full := range []bool{true, false} {
			want := rules.ReadMove(p, tc.text, tc.l)
			if full {
				want = rules.ReadCell(p, tc.text, tc.l)
			}
			for round := range 2 {
				got := reads.read(p, tc.text, tc.l, full)
				if got.Status != want.Status || got.Move != want.Move || !slices.Equal(got.Candidates, want.Candidates) || !slices.Equal(got.Findings, want.Findings) {
					t.Fatalf("%q full=%v round %d: %+v, want %+v", tc.text, full, round, got, want)
				}
				for i := range got.Candidates {
					got.Candidates[i] = rules.NoMove // a caller's own copy
				}
				for i := range got.Findings {
					got.Findings[i].Code = "changed"
				}
			}
			if m, st := reads.move(p, tc.text, tc.l); m != named(want) || st != want.Status {
				t.Errorf("%q: move %s %s, want %s %s", tc.text, m, st, named(want), want.Status)
			}
		}
	}
}
