package rules

// The stable identifiers of this package, listed for the app's
// translations (every one needs a key in locales/en.json).

// CellStatuses returns every cell status, in their order.
func CellStatuses() []CellStatus {
	out := make([]CellStatus, len(statusNames))
	for i := range out {
		out[i] = CellStatus(i)
	}
	return out
}

// FENErrorCodes returns every FEN error code.
func FENErrorCodes() []FENErrorCode {
	return []FENErrorCode{
		FENFieldCount, FENRankCount, FENRankLength, FENBadPiece, FENKingMissing,
		FENKingTooMany, FENTooManyPawns, FENTooManyPieces, FENPawnOnBackRank,
		FENBadSide, FENOpponentInCheck, FENBadCastling, FENCastlingMismatch,
		FENBadEnPassant, FENImpossibleEP, FENBadHalfmove, FENBadFullmove,
	}
}
