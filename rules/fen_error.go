package rules

import "fmt"

// FENErrorCode names what is wrong with a FEN. Codes are stable identifiers
// that the app translates; they are not prose.
type FENErrorCode string

const (
	FENFieldCount       FENErrorCode = "fen-field-count"       // not six fields
	FENRankCount        FENErrorCode = "fen-rank-count"        // not eight ranks
	FENRankLength       FENErrorCode = "fen-rank-length"       // a rank without eight squares
	FENBadPiece         FENErrorCode = "fen-bad-piece"         // a character that is no piece and no digit
	FENKingMissing      FENErrorCode = "fen-king-missing"      // a side without a king
	FENKingTooMany      FENErrorCode = "fen-king-too-many"     // a side with several kings
	FENTooManyPawns     FENErrorCode = "fen-too-many-pawns"    // more than eight pawns of a side
	FENTooManyPieces    FENErrorCode = "fen-too-many-pieces"   // more than sixteen men of a side
	FENPawnOnBackRank   FENErrorCode = "fen-pawn-back-rank"    // a pawn on the first or eighth rank
	FENBadSide          FENErrorCode = "fen-bad-side"          // side to move not w or b
	FENOpponentInCheck  FENErrorCode = "fen-opponent-in-check" // the side not to move is in check
	FENBadCastling      FENErrorCode = "fen-bad-castling"      // a character that is no castling right, or a repeat
	FENCastlingMismatch FENErrorCode = "fen-castling-mismatch" // a right whose king or rook is not at home
	FENBadEnPassant     FENErrorCode = "fen-bad-en-passant"    // not a square name or -
	FENImpossibleEP     FENErrorCode = "fen-impossible-en-passant"
	FENBadHalfmove      FENErrorCode = "fen-bad-halfmove"
	FENBadFullmove      FENErrorCode = "fen-bad-fullmove"
)

// FEN field numbers, 1-based as people count them.
const (
	FieldBoard     = 1
	FieldSide      = 2
	FieldCastling  = 3
	FieldEnPassant = 4
	FieldHalfmove  = 5
	FieldFullmove  = 6
)

// FENError says what is wrong with a FEN and where: Pos is the
// offending character or field (line 1; Col in characters, Offset in
// bytes of the FEN string).
type FENError struct {
	Code  FENErrorCode
	Field int  // 1..6, see FieldBoard etc.
	Rank  int  // 1..8 for errors about one rank of the board field, else 0
	Char  rune // the offending character, or 0
	Pos   Pos  // the offending character or field
}

func (e *FENError) Error() string {
	s := fmt.Sprintf("fen:%d: %s (field %d", e.Pos.Col, e.Code, e.Field)
	if e.Rank != 0 {
		s += fmt.Sprintf(", rank %d", e.Rank)
	}
	if e.Char != 0 {
		s += fmt.Sprintf(", %q", e.Char)
	}
	return s + ")"
}
