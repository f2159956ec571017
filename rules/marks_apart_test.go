package rules

import (
	"slices"
	"testing"
)

// TestMovetextMarksApart: every mark written apart joins the move before
// it in movetext, as the window joins it (rules.MarkApart); "ep." made a
// cell of its own, every later move one ply late.
func TestMovetextMarksApart(t *testing.T) {
	mt := SplitMovetext("1.e4 d5 2.e5 f5 3.exf6 ep. Nf6 4.Bc4 !? e6 5.Qh5 + g6")
	var got []string
	for _, c := range mt.Cells {
		got = append(got, c.Text)
	}
	if want := []string{"e4", "d5", "e5", "f5", "exf6 ep.", "Nf6", "Bc4 !?", "e6", "Qh5 +", "g6"}; !slices.Equal(got, want) {
		t.Errorf("cells %q, want %q", got, want)
	}
}
