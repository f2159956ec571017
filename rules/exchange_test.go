package rules

import "testing"

// positionAfter plays the SAN moves from the initial position, or parses
// fen where given.
func positionAfter(t *testing.T, fen string, moves ...string) *Position {
	t.Helper()
	p := NewPosition()
	if fen != "" {
		var err error
		if p, err = ParseFEN(fen); err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
	}
	for _, s := range moves {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatalf("%v %s: %v", moves, s, err)
		}
		p = p.Play(m)
	}
	return p
}

// materialCase is a hand-counted position and move and what a material
// count (Exchange, MoveBalance) gives there.
type materialCase struct {
	name  string
	fen   string
	moves []string
	move  string
	want  int
}

// checkMaterial holds count (named what) to the cases.
func checkMaterial(t *testing.T, what string, count func(*Position, Move) int, cases []materialCase) {
	t.Helper()
	for _, tc := range cases {
		p := positionAfter(t, tc.fen, tc.moves...)
		m, err := p.ParseSAN(tc.move)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.name, tc.move, err)
		}
		if got := count(p, m); got != tc.want {
			t.Errorf("%s: %s(%s) = %d, want %d", tc.name, what, tc.move, got, tc.want)
		}
	}
}

// TestExchange holds Exchange to hand-counted exchanges: a pawn for a
// pawn, a knight for a pawn, a piece put where a pawn or the queen takes
// it, a rook behind a rook joining, a king that may not take a defended
// piece, en passant, promotion, castling.
func TestExchange(t *testing.T) {
	checkMaterial(t, "Exchange", (*Position).Exchange, []materialCase{
		{"exd5 Qxd5: a pawn for a pawn", "", []string{"e4", "d5"}, "exd5", 0},
		{"Nxe5 Nxe5: a knight for a pawn", "", []string{"e4", "e5", "Nf3", "Nc6"}, "Nxe5", -220},
		{"Nxe5 with e5 undefended", "", []string{"e4", "e5", "Nf3", "Nf6"}, "Nxe5", 100},
		{"Ng5 Qxg5", "", []string{"e4", "e5", "Nf3", "d6"}, "Ng5", -320},
		{"quiet and safe", "", []string{"e4", "e5"}, "Nf3", 0},
		{"g5 Nxg5", "", []string{"Nf3"}, "g5", -100},
		{"g6 beside it", "", []string{"Nf3"}, "g6", 0},
		{"a defended pawn taken by a rook, a rook behind", "3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", nil, "Rxd5", 100},
		{"the same without the rook behind", "3r2k1/8/8/3p4/8/8/3R4/6K1 w - - 0 1", nil, "Rxd5", -400},
		{"the king may not take a defended queen", "6k1/5p2/8/8/2B5/8/8/5QK1 w - - 0 1", nil, "Qxf7+", 100},
		{"the king takes an undefended queen", "6k1/5p2/8/8/8/8/8/5QK1 w - - 0 1", nil, "Qxf7+", -800},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", nil, "exd6", 100},
		{"promotion", "8/P6k/8/8/8/8/8/K7 w - - 0 1", nil, "a8=Q", 800},
		{"promotion where a rook takes", "1r6/P6k/8/8/8/8/8/K7 w - - 0 1", nil, "a8=Q", -100},
		{"promotion taking the rook", "1r6/P6k/8/8/8/8/8/K7 w - - 0 1", nil, "axb8=Q", 1300},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, "O-O", 0},
	})
}

// TestMoveBalance holds MoveBalance to hand-counted positions: a move that
// leaves a piece hanging, one that keeps it defended, a capture that the
// opponent answers by taking back more, a move that lets a piece already
// hanging go.
func TestMoveBalance(t *testing.T) {
	checkMaterial(t, "MoveBalance", (*Position).MoveBalance, []materialCase{
		{"the queen leaves the knight hanging", "4r1k1/8/8/8/4N3/8/4Q3/6K1 w - - 0 1", nil, "Qa6", -320},
		{"the queen keeps defending it", "4r1k1/8/8/8/4N3/8/4Q3/6K1 w - - 0 1", nil, "Qe3", 0},
		{"Nxe5 Nxe5", "", []string{"e4", "e5", "Nf3", "Nc6"}, "Nxe5", -220},
		{"Ng5 Qxg5", "", []string{"e4", "e5", "Nf3", "d6"}, "Ng5", -320},
		{"quiet and safe", "", []string{"e4", "e5"}, "Nf3", 0},
		{"a pawn for a pawn", "", []string{"e4", "d5"}, "exd5", 0},
		{"g5 where the knight takes it", "", []string{"Nf3", "Nf6", "g3"}, "g5", -100},
		{"g6 beside it", "", []string{"Nf3", "Nf6", "g3"}, "g6", 0},
		{"promotion", "8/P6k/8/8/8/8/8/K7 w - - 0 1", nil, "a8=Q", 800},
	})
}
