package rules

// Legal move generation. Moves are generated legal directly (no make and
// test): pinned pieces stay on their pin line, a single check restricts
// every non-king move to capturing or blocking the checker, a double check
// leaves only king moves, and the one move that a pin mask cannot judge,
// en passant (two pawns leave one rank at once), is tested on the board.

// LegalMoves returns every legal move of the side to move.
func (p *Position) LegalMoves() []Move {
	var ml moveList
	p.generate(&ml)
	out := make([]Move, ml.n)
	copy(out, ml.moves[:ml.n])
	return out
}

// Legal reports whether m is a legal move in p.
func (p *Position) Legal(m Move) bool {
	var ml moveList
	p.generate(&ml)
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var ml moveList
	p.generate(&ml)
	return ml.n > 0
}

// pinned returns our pieces that stand alone between our king and an enemy slider.
func (p *Position) pinned(ksq Square, us Color, occ Bitboard) Bitboard {
	them := p.byColor[us.Other()]
	snipers := them & ((rookAttacks(ksq, 0) & (p.byType[Rook] | p.byType[Queen])) |
		(bishopAttacks(ksq, 0) & (p.byType[Bishop] | p.byType[Queen])))
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.pop()
		b := between[ksq][s] & occ
		if b != 0 && !b.more() {
			pinned |= b & p.byColor[us]
		}
	}
	return pinned
}

func (p *Position) generate(ml *moveList) {
	us, them := p.turn, p.turn.Other()
	ours, theirs := p.byColor[us], p.byColor[them]
	occ := ours | theirs
	ksq := p.King(us)
	if ksq == NoSquare {
		return // ParseFEN refuses such positions; nothing is legal without a king
	}
	checkers := p.attackers(ksq, them, occ)

	// King steps: the destination must not be attacked once the king has
	// left its square (so a slider's ray through the king counts).
	occNoKing := occ &^ bb(ksq)
	for t := kingAttacks[ksq] &^ ours; t != 0; {
		to := t.pop()
		if p.attackers(to, them, occNoKing) == 0 {
			ml.add(newMove(ksq, to, NoPieceType, Normal))
		}
	}
	if checkers.more() {
		return
	}

	target := ^ours
	if checkers != 0 {
		target &= between[ksq][checkers.First()] | checkers
	}
	pinned := p.pinned(ksq, us, occ)

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.pop()
		addAll(ml, from, knightAttacks[from]&target)
	}
	for b := ours & (p.byType[Bishop] | p.byType[Queen]); b != 0; {
		from := b.pop()
		t := bishopAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= line[ksq][from]
		}
		addAll(ml, from, t)
	}
	for b := ours & (p.byType[Rook] | p.byType[Queen]); b != 0; {
		from := b.pop()
		t := rookAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= line[ksq][from]
		}
		addAll(ml, from, t)
	}
	p.generatePawns(ml, ksq, occ, theirs, target, pinned)
	if checkers == 0 && p.castling != 0 {
		p.generateCastling(ml, occ)
	}
}

func addAll(ml *moveList, from Square, targets Bitboard) {
	for targets != 0 {
		ml.add(newMove(from, targets.pop(), NoPieceType, Normal))
	}
}

func (p *Position) generatePawns(ml *moveList, ksq Square, occ, theirs, target, pinned Bitboard) {
	p.generatePawnsOf(ml, p.Pieces(p.turn, Pawn), ksq, occ, theirs, target, pinned)
}

// generatePawnsOf adds the legal moves of the pawns of set, ours.
func (p *Position) generatePawnsOf(ml *moveList, set Bitboard, ksq Square, occ, theirs, target, pinned Bitboard) {
	us := p.turn
	up, startRank, lastRank := Square(8), rank2, rank8
	if us == Black {
		up, startRank, lastRank = -8, rank7, rank1
	}
	for b := set; b != 0; {
		from := b.pop()
		allowed := target
		if pinned.Has(from) {
			allowed &= line[ksq][from]
		}
		// Pushes.
		one := from + up
		if !occ.Has(one) {
			if allowed.Has(one) {
				addPawn(ml, from, one, lastRank, Normal)
			}
			two := one + up
			if startRank.Has(from) && !occ.Has(two) && allowed.Has(two) {
				ml.add(newMove(from, two, NoPieceType, DoubleStep))
			}
		}
		// Captures.
		for t := pawnAttacks[us][from] & theirs & allowed; t != 0; {
			addPawn(ml, from, t.pop(), lastRank, Normal)
		}
		if p.ep != NoSquare && pawnAttacks[us][from].Has(p.ep) && p.enPassantLegal(from, ksq, occ) {
			ml.add(newMove(from, p.ep, NoPieceType, EnPassant))
		}
	}
}

// enPassantLegal reports whether our pawn on from, which attacks the
// en-passant square, may take there: judged on the board after the
// capture, which also covers the horizontal pin (king, both pawns and a
// rook on a rank) and a check the capture does not answer.
func (p *Position) enPassantLegal(from, ksq Square, occ Bitboard) bool {
	us := p.turn
	captured := p.ep - 8
	if us == Black {
		captured = p.ep + 8
	}
	if p.board[captured] != NewPiece(us.Other(), Pawn) || occ.Has(p.ep) {
		return false
	}
	after := (occ &^ bb(from) &^ bb(captured)) | bb(p.ep)
	return p.attackers(ksq, us.Other(), after)&^bb(captured) == 0
}

func addPawn(ml *moveList, from, to Square, lastRank Bitboard, kind MoveKind) {
	if lastRank.Has(to) {
		for _, pr := range [4]PieceType{Queen, Rook, Bishop, Knight} {
			ml.add(newMove(from, to, pr, kind))
		}
		return
	}
	ml.add(newMove(from, to, NoPieceType, kind))
}

// castleRule describes one castling: the right it needs, the king's
// squares, the squares that must be empty and those that must not be attacked.
type castleRule struct {
	right            Castling
	kingFrom, kingTo Square
	rookFrom, rookTo Square
	empty            Bitboard
	safe             [2]Square // the squares the king crosses and lands on
}

var castleRules = [2][2]castleRule{
	White: {
		{WhiteKingside, E1, G1, H1, F1, bb(F1) | bb(G1), [2]Square{F1, G1}},
		{WhiteQueenside, E1, C1, A1, D1, bb(B1) | bb(C1) | bb(D1), [2]Square{D1, C1}},
	},
	Black: {
		{BlackKingside, E8, G8, H8, F8, bb(F8) | bb(G8), [2]Square{F8, G8}},
		{BlackQueenside, E8, C8, A8, D8, bb(B8) | bb(C8) | bb(D8), [2]Square{D8, C8}},
	},
}

// castlingLost[s] holds the rights lost when a move starts or ends on s.
var castlingLost = func() (t [64]Castling) {
	t[E1] = WhiteKingside | WhiteQueenside
	t[H1] = WhiteKingside
	t[A1] = WhiteQueenside
	t[E8] = BlackKingside | BlackQueenside
	t[H8] = BlackKingside
	t[A8] = BlackQueenside
	return
}()

func (p *Position) generateCastling(ml *moveList, occ Bitboard) {
	them := p.turn.Other()
	for i := range castleRules[p.turn] {
		r := &castleRules[p.turn][i]
		if p.castling&r.right == 0 || occ&r.empty != 0 {
			continue
		}
		if p.attackers(r.safe[0], them, occ) != 0 || p.attackers(r.safe[1], them, occ) != 0 {
			continue
		}
		ml.add(newMove(r.kingFrom, r.kingTo, NoPieceType, Castle))
	}
}
