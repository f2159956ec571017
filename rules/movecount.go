package rules

// Counting legal moves without listing them: perft's last ply (bulk
// counting) asks only how many moves a position has, which is the sum of
// the sizes of target sets. countLegal makes the same judgements as
// generate (king steps off attacked squares, pin lines, check masks, en
// passant tried on the board, castling through unattacked squares), but
// adds popcounts instead of writing each move, and moves the unpinned
// pawns as whole sets. TestCountLegalAgrees and the perft corpora hold it
// to generate.

// countLegal returns the number of legal moves of the side to move.
func (p *Position) countLegal() int {
	us, them := p.turn, p.turn.Other()
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := ours | theirs
	ksq := p.King(us)
	if ksq == NoSquare {
		return 0
	}
	checkers := p.attackers(ksq, them, occ)

	n := 0
	occNoKing := occ &^ bb(ksq)
	for t := kingAttacks[ksq] &^ ours; t != 0; {
		if p.attackers(t.pop(), them, occNoKing) == 0 {
			n++
		}
	}
	if checkers.more() {
		return n
	}
	target := ^ours
	if checkers != 0 {
		target &= between[ksq][checkers.First()] | checkers
	}
	pinned := p.pinned(ksq, us, occ)

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		n += (knightAttacks[b.pop()] & target).Count()
	}
	for b := ours & (p.byType[Bishop] | p.byType[Queen]); b != 0; {
		from := b.pop()
		t := bishopAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= line[ksq][from]
		}
		n += t.Count()
	}
	for b := ours & (p.byType[Rook] | p.byType[Queen]); b != 0; {
		from := b.pop()
		t := rookAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= line[ksq][from]
		}
		n += t.Count()
	}
	n += p.countPawns(ksq, occ, theirs, target, pinned)
	if checkers == 0 && p.castling != 0 {
		var ml moveList
		p.generateCastling(&ml, occ)
		n += ml.n
	}
	return n
}

// countPawns counts the pawn moves: the unpinned pawns as sets (a
// promotion is four moves), the pinned ones and en passant one by one as
// generatePawns judges them.
func (p *Position) countPawns(ksq Square, occ, theirs, target, pinned Bitboard) int {
	us := p.turn
	pawns := p.Pieces(us, Pawn)
	free := pawns &^ pinned
	empty := ^occ
	var one, two, left, right, lastRank Bitboard
	if us == White {
		one = free << 8 & empty
		two = (one & rank3) << 8 & empty & target
		left = (free &^ fileA) << 7 & theirs & target
		right = (free &^ fileH) << 9 & theirs & target
		lastRank = rank8
	} else {
		one = free >> 8 & empty
		two = (one & rank6) >> 8 & empty & target
		left = (free &^ fileA) >> 9 & theirs & target
		right = (free &^ fileH) >> 7 & theirs & target
		lastRank = rank1
	}
	one &= target
	n := two.Count()
	for _, t := range [3]Bitboard{one, left, right} {
		n += (t &^ lastRank).Count() + 4*(t&lastRank).Count()
	}
	if pinned&pawns != 0 || p.ep != NoSquare {
		var ml moveList
		p.generatePawnsOf(&ml, pinned&pawns, ksq, occ, theirs, target, pinned)
		n += ml.n
		if p.ep != NoSquare {
			n += p.countEnPassant(free, ksq, occ)
		}
	}
	return n
}

// countEnPassant counts the en-passant captures of the unpinned pawns
// (generatePawnsOf counted those of the pinned ones).
func (p *Position) countEnPassant(free Bitboard, ksq Square, occ Bitboard) int {
	n := 0
	us := p.turn
	for b := free & pawnAttacks[us.Other()][p.ep]; b != 0; {
		if p.enPassantLegal(b.pop(), ksq, occ) {
			n++
		}
	}
	return n
}
