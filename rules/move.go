package rules

// Move is a move of a position: origin, destination, promotion piece and
// kind. It is a small value; the zero Move is "no move".
type Move uint32

// MoveKind says what a move does besides moving one piece.
type MoveKind uint8

const (
	Normal     MoveKind = iota
	Castle              // the king's move; the rook moves too
	EnPassant           // a pawn capture that removes the pawn beside the origin
	DoubleStep          // a pawn's two-square first move
)

// NoMove is the zero move.
const NoMove Move = 0

func newMove(from, to Square, promo PieceType, kind MoveKind) Move {
	return Move(uint32(from) | uint32(to)<<6 | uint32(promo)<<12 | uint32(kind)<<15)
}

// From returns the origin square (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square (the king's destination for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece a pawn becomes, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 12 & 7) }

// Kind returns what kind of move this is.
func (m Move) Kind() MoveKind { return MoveKind(m >> 15 & 3) }

// UCI returns the move in UCI form: "e2e4", "e7e8q", castling as "e1g1".
func (m Move) UCI() string {
	if m == NoMove {
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if pr := m.Promotion(); pr != NoPieceType {
		s += string(fenLetters[pr] + 'a' - 'A')
	}
	return s
}

// String returns the UCI form.
func (m Move) String() string { return m.UCI() }

// moveList is a fixed-size move buffer that lives on the stack.
type moveList struct {
	moves [256]Move
	n     int
}

func (ml *moveList) add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}
