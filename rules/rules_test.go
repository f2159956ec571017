package rules

import (
	"sort"
	"strings"
	"testing"
)

// legalUCI returns the legal moves of p in UCI form, sorted.
func legalUCI(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, m.UCI())
	}
	sort.Strings(out)
	return out
}

// TestLegalMovesEdgeCases: moves that must be there and moves that must
// not, in positions chosen for one rule each; count, when given, is the
// number of legal moves.
func TestLegalMovesEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name    string
		fen     string
		present string // UCI, blank-separated
		absent  string
		count   int // 0: not checked
	}{
		{name: "castling both ways", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", present: "e1g1 e1c1", count: 26},
		{name: "black castling both ways", fen: "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", present: "e8g8 e8c8", count: 26},
		{name: "no castling out of check", fen: "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", absent: "e1g1 e1c1", present: "e1d1 e1f1"},
		{name: "no castling through check (f1)", fen: "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", absent: "e1g1", present: "e1c1"},
		{name: "no castling through check (d1)", fen: "4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", absent: "e1c1", present: "e1g1"},
		{name: "no castling into check (g1)", fen: "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", absent: "e1g1", present: "e1c1"},
		{name: "no castling into check (c1)", fen: "4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1", absent: "e1c1", present: "e1g1"},
		{name: "no castling across a pawn's attack", fen: "4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1", absent: "e1g1", present: "e1c1"},
		{name: "no castling into a knight's attack", fen: "r3k2r/8/7N/8/8/8/8/4K3 b kq - 0 1", absent: "e8g8", present: "e8c8"},
		{name: "attacked b1 does not stop O-O-O", fen: "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", present: "e1c1 e1g1"},
		{name: "attacked rook does not stop castling", fen: "4k3/8/8/8/8/8/7r/R3K2R w KQ - 0 1", present: "e1g1 e1c1"},
		{name: "occupied b1 stops O-O-O", fen: "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", absent: "e1c1", present: "e1g1"},
		{name: "no right, no castling", fen: "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", absent: "e1g1", present: "e1c1"},
		{name: "e.p. possible", fen: "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", present: "e5d6 e5e6"},
		{name: "e.p. from both sides", fen: "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2", present: "c5d6 e5d6"},
		{name: "e.p. only right after the step", fen: "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", absent: "e5d6"},
		{name: "e.p. horizontal pin", fen: "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", absent: "e5d6", present: "e5e6"},
		{name: "e.p. horizontal pin, king on the right", fen: "8/8/8/r2pP2K/8/8/8/7k w - d6 0 2", absent: "e5d6", present: "e5e6"},
		{name: "e.p. horizontal pin, black", fen: "8/8/8/8/k2pP2R/8/8/7K b - e3 0 2", absent: "d4e3", present: "d4d3"},
		{name: "e.p. with a third pawn between: no pin", fen: "8/8/8/KP1pP2r/8/8/8/7k w - d6 0 2", present: "e5d6"},
		{name: "e.p. diagonal pin of the capturer", fen: "7K/8/8/3pP3/8/8/8/b6k w - d6 0 2", absent: "e5d6 e5e6"},
		{name: "e.p. along the capturer's pin line", fen: "7k/2b5/8/3pP3/8/8/7K/8 w - d6 0 2", present: "e5d6", absent: "e5e6"},
		{name: "e.p. takes the checking pawn", fen: "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2", present: "e5d6 e4d5", count: 8},
		{name: "e.p. does not answer a discovered check", fen: "2b1k3/8/8/3pP3/6K1/8/8/8 w - d6 0 2", absent: "e5d6 g4f5 g4h3", present: "e5e6", count: 7},
		{name: "promotion to all four", fen: "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", present: "e7e8q e7e8r e7e8b e7e8n", count: 9},
		{name: "promotion capture to all four", fen: "3r1r2/4P3/8/8/8/8/k7/4K3 w - - 0 1", present: "e7e8q e7e8r e7e8b e7e8n e7d8q e7d8r e7d8b e7d8n e7f8q e7f8r e7f8b e7f8n e1e2", count: 13},
		{name: "black promotion", fen: "4k3/8/8/8/8/8/3p4/K7 b - - 0 1", present: "d2d1q d2d1r d2d1b d2d1n"},
		{name: "blocked pawn", fen: "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", absent: "e2e3 e2e4"},
		{name: "double step blocked on the far square", fen: "4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", present: "e2e3", absent: "e2e4"},
		{name: "pinned rook slides along the pin", fen: "4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1", present: "e2e3 e2e8", absent: "e2d2 e2f2"},
		{name: "pinned knight cannot move", fen: "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1", absent: "e2c3 e2g3 e2c1 e2g1 e2d4 e2f4"},
		{name: "single check: block or capture", fen: "4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1", present: "d2b1 e1e2 e1f2", absent: "d2f3 e1f1 e1d1", count: 3},
		{name: "single check: capture the checker", fen: "4k3/8/8/8/8/1N6/8/r3K3 w - - 0 1", present: "b3a1 b3c1", absent: "b3d2 b3a5 b3c5 b3d4", count: 5},
		{name: "king cannot step back along the checking ray", fen: "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", absent: "e1f1", present: "e1e2 e1d2 e1f2"},
		{name: "double check: only king moves", fen: "k3r3/8/8/8/8/3n4/8/3QK3 w - - 0 1", present: "e1d2 e1f1", absent: "d1d3 d1e2", count: 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := corePos(t, c.fen)
			legal := map[string]bool{}
			for _, u := range legalUCI(p) {
				legal[u] = true
			}
			for _, u := range strings.Fields(c.present) {
				if !legal[u] {
					t.Errorf("%s: %s missing; legal: %v", c.fen, u, legalUCI(p))
				}
			}
			for _, u := range strings.Fields(c.absent) {
				if legal[u] {
					t.Errorf("%s: %s must not be legal", c.fen, u)
				}
			}
			if c.count != 0 && len(legal) != c.count {
				t.Errorf("%s: %d legal moves, want %d: %v", c.fen, len(legal), c.count, legalUCI(p))
			}
		})
	}
}

// TestCastlingRightsLost: which rights remain after a move.
func TestCastlingRightsLost(t *testing.T) {
	const all = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	const bishops = "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1"
	for _, c := range []struct {
		name  string
		fen   string
		moves string
		want  Castling
	}{
		{"white king moves", all, "e1e2", BlackKingside | BlackQueenside},
		{"white king moves and comes back", all, "e1f1 e8d8 f1e1", NoCastling},
		{"white castles", all, "e1g1", BlackKingside | BlackQueenside},
		{"h1 rook moves", all, "h1h2", WhiteQueenside | BlackKingside | BlackQueenside},
		{"a1 rook moves", all, "a1b1", WhiteKingside | BlackKingside | BlackQueenside},
		{"black king moves", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8d7", WhiteKingside | WhiteQueenside},
		{"a8 rook moves", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "a8a1", WhiteKingside | BlackKingside},
		{"rook takes rook on h8", all, "h1h8", WhiteQueenside | BlackQueenside},
		{"bishop takes rook on a8", bishops, "g2a8", WhiteKingside | WhiteQueenside | BlackKingside},
		{"rook taken on a1 by a knight", "r3k2r/8/8/8/8/1n6/8/R3K2R b KQkq - 0 1", "b3a1", WhiteKingside | BlackKingside | BlackQueenside},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := corePos(t, c.fen)
			for _, u := range strings.Fields(c.moves) {
				p = p.Play(coreMove(t, p, u))
			}
			if got := p.Castling(); got != c.want {
				t.Fatalf("castling = %04b, want %04b (%s)", got, c.want, p.FEN())
			}
		})
	}
	// A move that touches no king or rook square keeps every right.
	p := corePos(t, bishops).Play(coreMove(t, corePos(t, bishops), "g2f3"))
	if p.Castling() != AllCastling {
		t.Errorf("after Bf3: castling = %04b, want %04b", p.Castling(), AllCastling)
	}
}

// TestStatus: mate, stalemate and the dead positions Status knows.
func TestStatus(t *testing.T) {
	for _, c := range []struct {
		name string
		fen  string
		want Status
	}{
		{"start", StartFEN, Ongoing},
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate},
		{"back-rank mate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Checkmate},
		{"only e.p. escapes the check", "8/4B3/R7/7k/5pP1/5K2/8/8 b - g3 0 1", Ongoing},
		{"same without the e.p. square: mate", "8/4B3/R7/7k/5pP1/5K2/8/8 b - - 0 1", Checkmate},
		{"check but not mate", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", Ongoing},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"stalemate with K+B v K: stalemate first", "k7/2K5/1B6/8/8/8/8/8 b - - 0 1", Stalemate},
		{"K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", DeadPosition},
		{"K+B v K", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", DeadPosition},
		{"K v K+B", "2b1k3/8/8/8/8/8/8/4K3 b - - 0 1", DeadPosition},
		{"K+N v K", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", DeadPosition},
		{"K+B v K+B, same colour", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", DeadPosition},
		{"K+B v K+B, opposite colour", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Ongoing},
		{"K+B+B v K, same colour", "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", DeadPosition},
		{"K+B+B v K, both colours", "4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1", Ongoing},
		{"K+N+N v K: not dead by this rule", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", Ongoing},
		{"K+N v K+N", "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", Ongoing},
		{"K+B v K+N", "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Ongoing},
		{"K+P v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Ongoing},
		{"K+R v K", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Ongoing},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := corePos(t, c.fen)
			if got := p.Status(); got != c.want {
				t.Fatalf("Status() = %s, want %s", got, c.want)
			}
		})
	}
}

// TestClocks: the halfmove clock counts plies since the last capture or
// pawn move; the move number grows after Black's move.
func TestClocks(t *testing.T) {
	steps := []struct {
		uci                string
		halfmove, fullmove int
	}{
		{"e2e4", 0, 1},  // pawn
		{"d7d5", 0, 2},  // pawn
		{"e4d5", 0, 2},  // capture by a pawn
		{"d8d5", 0, 3},  // capture by a piece
		{"b1c3", 1, 3},  // piece
		{"d5a5", 2, 4},  // piece
		{"g1f3", 3, 4},  // piece
		{"g8f6", 4, 5},  // piece
		{"f1c4", 5, 5},  // piece
		{"c8g4", 6, 6},  // piece
		{"e1g1", 7, 6},  // castling counts as a piece move
		{"b8c6", 8, 7},  // piece
		{"c4f7", 0, 7},  // capture with check
		{"e8f7", 0, 8},  // capture by the king
		{"d2d4", 0, 8},  // double step
		{"a8d8", 1, 9},  // piece
		{"d4d5", 0, 9},  // pawn
		{"e7e5", 0, 10}, // double step
		{"d5e6", 0, 10}, // e.p.
	}
	p := NewPosition()
	for i, s := range steps {
		p = p.Play(coreMove(t, p, s.uci))
		if p.HalfmoveClock() != s.halfmove || p.MoveNumber() != s.fullmove {
			t.Fatalf("ply %d %s: clocks %d %d, want %d %d (%s)", i+1, s.uci, p.HalfmoveClock(), p.MoveNumber(), s.halfmove, s.fullmove, p.FEN())
		}
	}
	// From a FEN's counters.
	p = corePos(t, "4k3/8/8/8/8/8/8/R3K3 b - - 41 57")
	p = p.Play(coreMove(t, p, "e8d7"))
	if p.HalfmoveClock() != 42 || p.MoveNumber() != 58 {
		t.Errorf("from 41 57 after a black king move: %d %d, want 42 58", p.HalfmoveClock(), p.MoveNumber())
	}
	p = p.Play(coreMove(t, p, "a1a7"))
	if p.HalfmoveClock() != 43 || p.MoveNumber() != 58 {
		t.Errorf("then a white rook move: %d %d, want 43 58", p.HalfmoveClock(), p.MoveNumber())
	}
}

// TestRepetitionKey: FIDE Art. 9.2.2, same pieces on the same squares,
// same side to move, same castling rights, same e.p. possibilities.
func TestRepetitionKey(t *testing.T) {
	play := func(t *testing.T, fen, moves string) *Position {
		t.Helper()
		p := corePos(t, fen)
		for _, u := range strings.Fields(moves) {
			p = p.Play(coreMove(t, p, u))
		}
		return p
	}
	const corners = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	for _, c := range []struct {
		name         string
		fenA, movesA string
		fenB, movesB string
		same         bool
	}{
		{"knight shuffle returns", StartFEN, "", StartFEN, "g1f3 g8f6 f3g1 f6g8", true},
		{"knight shuffle, half way", StartFEN, "", StartFEN, "g1f3 g8f6", false},
		{"other side to move", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "", false},
		{"same squares after other moves", StartFEN, "e2e4 e7e5 g1f3", StartFEN, "g1f3 e7e5 e2e4", true},
		{"castling rights lost by king walks", corners, "", corners, "e1f1 e8f8 f1e1 f8e8", false},
		{"rights lost, then repeated", corners, "e1f1 e8f8 f1e1 f8e8", corners, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8", true},
		{"a rook walk loses one right", corners, "", corners, "h1h2 h8h7 h2h1 h7h8", false},
		{"e.p. square nobody can use", StartFEN, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "", true},
		{"e.p. square that can be used", "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "",
			"rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "", false},
		{"e.p. illegal by the horizontal pin", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", "", "8/8/8/K2pP2r/8/8/8/7k w - - 0 2", "", true},
		{"e.p. illegal by a diagonal pin", "7K/8/8/3pP3/8/8/8/b6k w - d6 0 2", "", "7K/8/8/3pP3/8/8/8/b6k w - - 0 2", "", true},
		{"e.p. lost after the shuffle", "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "",
			"rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "g1f3 g8f6 f3g1 f6g8", false},
		{"counters do not count", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "4k3/8/8/8/8/8/8/R3K3 w - - 40 70", "", true},
		{"colour of a piece counts", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "", false},
		{"type of a piece counts", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := play(t, c.fenA, c.movesA), play(t, c.fenB, c.movesB)
			if same := a.RepetitionKey() == b.RepetitionKey(); same != c.same {
				t.Fatalf("keys equal = %v, want %v\n%s\n%s", same, c.same, a.FEN(), b.FEN())
			}
		})
	}
}
