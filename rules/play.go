package rules

// Play returns the position after the legal move m; p is not changed.
// Play does not check legality: use Legal or a move from LegalMoves.
func (p *Position) Play(m Move) *Position {
	q := *p
	q.play(m)
	return &q
}

// Apply plays the legal move m on p itself: for hot loops that need no
// position per ply (checking a whole PGN file). Play is the usual way.
func (p *Position) Apply(m Move) { p.play(m) }

func (p *Position) play(m Move) {
	from, to := m.From(), m.To()
	us := p.turn
	moved := p.board[from]
	captured := p.board[to]

	p.halfmove++
	if moved.Type() == Pawn || captured != NoPiece {
		p.halfmove = 0
	}
	p.ep = NoSquare
	switch m.Kind() {
	case Castle:
		for i := range castleRules[us] {
			if r := &castleRules[us][i]; r.kingTo == to {
				p.remove(r.rookFrom)
				p.put(r.rookTo, NewPiece(us, Rook))
			}
		}
	case EnPassant:
		if us == White {
			p.remove(to - 8)
		} else {
			p.remove(to + 8)
		}
		p.halfmove = 0
	case DoubleStep:
		p.ep = (from + to) / 2
	}
	if captured != NoPiece {
		p.remove(to)
	}
	p.remove(from)
	if pr := m.Promotion(); pr != NoPieceType {
		moved = NewPiece(us, pr)
	}
	p.put(to, moved)
	p.castling &^= castlingLost[from] | castlingLost[to]
	if us == Black {
		p.fullmove++
	}
	p.turn = us.Other()
}

// IsCapture reports whether m takes a piece in p (en passant included).
func (p *Position) IsCapture(m Move) bool {
	return m.Kind() == EnPassant || p.board[m.To()] != NoPiece
}

// Perft counts the leaf nodes of the legal move tree of the given depth.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One position per ply, allocated once: a child position taken by
	// address in a recursive call would otherwise move to the heap at
	// every node.
	stack := make([]Position, depth)
	stack[0] = *p
	return perftFrom(stack, depth)
}

// perftFrom counts below stack[0], playing each move into stack[1]. The
// last ply is counted, not played (bulk counting).
func perftFrom(stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(p.countLegal())
	}
	var ml moveList
	p.generate(&ml)
	q := &stack[1]
	var n uint64
	for _, m := range ml.moves[:ml.n] {
		*q = *p
		q.play(m)
		if depth == 2 {
			n += uint64(q.countLegal())
		} else {
			n += perftFrom(stack[1:], depth-1)
		}
	}
	return n
}

// DivideEntry is one root move of PerftDivide and its node count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// PerftDivide returns the node count below each legal root move.
func PerftDivide(p *Position, depth int) []DivideEntry {
	moves := p.LegalMoves()
	out := make([]DivideEntry, len(moves))
	for i, m := range moves {
		out[i] = DivideEntry{m, Perft(p.Play(m), depth-1)}
	}
	return out
}
