package rules

// MoveCost is a legal move and the handwriting cost of a writing from it.
type MoveCost struct {
	Move Move
	Cost int // WrittenCost: half-edits
}

// WrittenCosts returns every legal move of p with its WrittenCost from
// what was written, in the order the moves are generated (the same for
// two calls in one position, so two copies' costs line up move by move).
//
// Reading a whole sheet jointly asks, at every ply it looks at, how far
// each copy's writing is from every legal move: this spells each move
// once (spell, the disambiguation worked out from the moves already
// generated) instead of writing it twice as WrittenCost does; only a
// castling or a promotion, which the players also write as 0-0 or d8=Q,
// is written in both notations.
func WrittenCosts(p *Position, written string, l *Letters, buf []MoveCost) []MoveCost {
	if l == nil {
		l = English
	}
	var ml moveList
	p.generate(&ml)
	legal := ml.moves[:ml.n]
	w := writtenBody(written)
	var sbuf [16]rune
	out := buf[:0]
	for _, m := range legal {
		c := writtenCost(w, spell(p, m, legal, l, sbuf[:0]))
		if m.Kind() == Castle || m.Promotion() != NoPieceType {
			c = min(c, writtenCost(w, []rune(p.Write(m, Notation{Letters: l, NoCheckMarks: true, ZeroCastling: true}))))
		}
		out = append(out, MoveCost{Move: m, Cost: c})
	}
	return out
}
