package rules

// Color is the side a piece belongs to, or the side to move.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is the kind of a piece regardless of colour.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// PieceTypes lists the six kinds of piece, pawn first.
var PieceTypes = [...]PieceType{Pawn, Knight, Bishop, Rook, Queen, King}

// Piece is a coloured piece; the zero value is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of type t and colour c.
func NewPiece(c Color, t PieceType) Piece { return Piece(uint8(t) | uint8(c)<<3) }

// Type returns the kind of the piece (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the colour of the piece; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// fenLetters are the piece letters of FEN and English SAN, indexed by PieceType.
const fenLetters = " PNBRQK"

// FENLetter returns the FEN letter of p: upper case for White, lower case for Black.
func (p Piece) FENLetter() byte {
	l := fenLetters[p.Type()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// pieceFromFEN reads a FEN piece letter.
func pieceFromFEN(b byte) (Piece, bool) {
	c := White
	if b >= 'a' && b <= 'z' {
		c = Black
		b -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if fenLetters[t] == b {
			return NewPiece(c, t), true
		}
	}
	return NoPiece, false
}
