package rules

// Status tells whether the game can go on from a position.
type Status uint8

const (
	Ongoing      Status = iota
	Checkmate           // Art. 5.1.1
	Stalemate           // Art. 5.2.1
	DeadPosition        // Art. 5.2.2, for the material cases InsufficientMaterial knows
)

// String returns a stable identifier: "ongoing", "checkmate", ...
func (s Status) String() string {
	return [...]string{"ongoing", "checkmate", "stalemate", "dead-position"}[s]
}

// Status returns whether the side to move is mated, stalemated, or the
// position is dead by insufficient material.
func (p *Position) Status() Status {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return Checkmate
		}
		return Stalemate
	}
	if p.InsufficientMaterial() {
		return DeadPosition
	}
	return Ongoing
}

// InsufficientMaterial reports the dead positions that follow from the
// material alone: king against king, king and bishop or king and knight
// against king, and kings with any number of bishops all on squares of one
// colour (which covers K+B vs K+B with same-coloured bishops).
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	const light Bitboard = 0x55aa55aa55aa55aa
	bishops := p.byType[Bishop]
	return bishops&light == 0 || bishops&^light == 0
}

// RepetitionKey identifies a position for the repetition rules, FIDE Art.
// 9.2.2: same side to move, same pieces on the same squares, same castling
// rights, and the same possibility of capturing en passant. The en-passant
// square is part of the key only when an en-passant capture is legal.
// Keys are comparable with ==; two positions are "the same" for 9.2 exactly
// when their keys are equal.
type RepetitionKey struct {
	pieces   [6]Bitboard // pawn..king
	white    Bitboard
	turn     Color
	castling Castling
	ep       Square
}

// RepetitionKey returns p's identity under FIDE Art. 9.2.2.
func (p *Position) RepetitionKey() RepetitionKey {
	k := RepetitionKey{white: p.byColor[White], turn: p.turn, castling: p.castling, ep: NoSquare}
	copy(k.pieces[:], p.byType[Pawn:])
	if p.ep != NoSquare && p.epCapturePossible() {
		k.ep = p.ep
	}
	return k
}

func (p *Position) epCapturePossible() bool {
	var ml moveList
	p.generate(&ml)
	for _, m := range ml.moves[:ml.n] {
		if m.Kind() == EnPassant {
			return true
		}
	}
	return false
}
