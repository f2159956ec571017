package rules

import "sync"

// Castling is a set of castling rights.
type Castling uint8

const (
	WhiteKingside Castling = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
	NoCastling  Castling = 0
	AllCastling Castling = 15
)

// Position is a chess position: the pieces, the side to move, castling
// rights, the en-passant square, the halfmove clock and the move number.
// Positions are values: Play returns a new one and leaves the old intact, so
// a game keeps one Position per ply.
type Position struct {
	board    [64]Piece
	byType   [7]Bitboard // indexed by PieceType; 0 is unused
	byColor  [2]Bitboard
	turn     Color
	castling Castling
	// ep is the square a pawn skipped with its double step on the last move,
	// whether or not a capture there is possible (PGN standard 16.1.3.4).
	ep       Square
	halfmove int
	fullmove int
}

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// startPosition is read once, after the attack tables exist.
var startPosition = sync.OnceValue(func() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant that parses
	}
	return *p
})

// NewPosition returns the initial position.
func NewPosition() *Position {
	p := startPosition()
	return &p
}

// Piece returns what stands on s.
func (p *Position) Piece(s Square) Piece { return p.board[s] }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Castling returns the castling rights.
func (p *Position) Castling() Castling { return p.castling }

// EnPassant returns the square skipped by the last double pawn step, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of halfmoves since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// MoveNumber returns the number of the current full move (starts at 1).
func (p *Position) MoveNumber() int { return p.fullmove }

// Pieces returns the squares of the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// Occupied returns the squares holding a piece.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// King returns the square of c's king, or NoSquare if there is none.
func (p *Position) King(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	p.byType[pc.Type()] |= bb(s)
	p.byColor[pc.Color()] |= bb(s)
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.byType[pc.Type()] &^= bb(s)
	p.byColor[pc.Color()] &^= bb(s)
}

// attackers returns the pieces of colour c that attack s given occupancy occ.
func (p *Position) attackers(s Square, c Color, occ Bitboard) Bitboard {
	them := p.byColor[c]
	return them & ((pawnAttacks[c.Other()][s] & p.byType[Pawn]) |
		(knightAttacks[s] & p.byType[Knight]) |
		(kingAttacks[s] & p.byType[King]) |
		(bishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen])) |
		(rookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen])))
}

// Attacked reports whether a piece of colour by attacks s.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.attackers(s, by, p.Occupied()) != 0
}

// checkers returns the pieces giving check to the side to move.
func (p *Position) checkers() Bitboard {
	k := p.King(p.turn)
	if k == NoSquare {
		return 0
	}
	return p.attackers(k, p.turn.Other(), p.Occupied())
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers() != 0 }
