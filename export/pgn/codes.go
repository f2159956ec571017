package pgn

// ProblemCodes returns every PGN problem code of this package (listed for
// the app's translations: every one needs a key in locales/en.json). A
// Problem's Code can also be a rules.Code or a rules.CellStatus, for the
// moves of a game.
func ProblemCodes() []ProblemCode {
	return []ProblemCode{
		ProblemTagSyntax, ProblemUnclosedComment, ProblemUnclosedVariation, ProblemUnexpected,
		ProblemMissingResult, ProblemResultMismatch, ProblemBadFEN, ProblemNullMove,
		ProblemVariant, ProblemTooLong,
	}
}
