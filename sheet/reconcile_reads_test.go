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

// TestCellReadsFullAfterQuick: a reading asked in full after the same
// cell was read without candidates is what rules.ReadCell reads, whether
// it is taken over (a cell naming a move, or nothing) or read again.
func TestCellReadsFullAfterQuick(t *testing.T) {
	de, _ := rules.LettersFor("de")
	for _, fen := range []string{rules.StartFEN, "1n2k3/P7/8/3N1N2/8/8/8/4K3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"} {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []*rules.Letters{rules.English, de} {
			for _, text := range []string{"e4", "Nf3", "Sf3", "Nxf3", "e5", "Ne7", "a8", "axb8", "a8Q", "O-O", "0-0-0", "Kxe2", "", "-", "1-0", "xx", "+", "Nd5e7", "Qh5x", "N5e7"} {
				reads := newCellReads()
				reads.read(p, text, l, false)
				got := reads.read(p, text, l, true)
				want := rules.ReadCell(p, text, l)
				if got.Status != want.Status || got.Move != want.Move || !slices.Equal(got.Candidates, want.Candidates) || !slices.Equal(got.Findings, want.Findings) {
					t.Errorf("%s %q (%s): %+v, want %+v", fen, text, l.Code, got, want)
				}
			}
		}
	}
}
