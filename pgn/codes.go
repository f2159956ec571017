package pgn

// ProblemCodes returns every PGN problem code of this package (listed for
// the app's translations: every one needs a key in locales/en.json). A
// Problem of a move has a rules.Code (Move) or a rules.CellStatus
// (Status) instead.
func ProblemCodes() []ProblemCode {
	return []ProblemCode{
		ProblemTagSyntax, ProblemUnclosedComment, ProblemUnclosedVariation, ProblemUnexpected,
		ProblemMissingResult, ProblemResultMismatch, ProblemBadFEN, ProblemNullMove,
		ProblemVariant, ProblemTooLong, ProblemTooManyTags, ProblemCellTooLong, ProblemTooManyMoves,
		ProblemControlChar, ProblemManyWarnings,
	}
}
