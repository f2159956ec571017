package rules

import "testing"

// TestGlance holds Glance to hand-counted positions: the placement tables
// alone on quiet moves, a piece put where it is taken, a capture that
// the opponent answers, mate and stalemate.
func TestGlance(t *testing.T) {
	checkMaterial(t, "Glance", (*Position).Glance, []materialCase{
		// e2 -20 -> e4 +20: White gains 40, nothing to take.
		{"1.e4", "", nil, "e4", 40},
		// c2 +10 -> c4 0 (Black's reply takes nothing).
		{"1.c4", "", nil, "c4", -10},
		// After 1.e4: a7 5 -> a6 5 for Black, White's e4 +40 stands.
		{"1...a6", "", []string{"e4"}, "a6", -40},
		// a7 5 -> a5 0.
		{"1...a5", "", []string{"e4"}, "a5", -45},
		// 3.Ng5?? Qxg5: White's e-pawn +40, its knight gone (320 and the
		// -40 it had on g1): -240; Black's e-pawn +40, d-pawn +20, queen
		// d8 -5 -> g5 0: +65 for Black.
		{"3.Ng5 Qxg5", "", []string{"e4", "e5", "Nf3", "d6"}, "Ng5", -240 - 65},
		// Fool's mate.
		{"2...Qh4#", "", []string{"f3", "e5", "g4"}, "Qh4#", mateValue},
		// The queen takes the king's last squares: stalemate.
		{"Qb6 stalemate", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", nil, "Qb6", 0},
	})
}
