package pgn

import (
	"fmt"

	"scoresheet/rules"
)

// ProblemCode identifies something wrong in a PGN file. Codes are stable
// identifiers; the app translates them.
type ProblemCode string

const (
	ProblemTagSyntax         ProblemCode = "pgn-tag-syntax"         // a tag pair that does not read
	ProblemUnclosedComment   ProblemCode = "pgn-unclosed-comment"   // a { without }
	ProblemUnclosedVariation ProblemCode = "pgn-unclosed-variation" // a ( without )
	ProblemUnexpected        ProblemCode = "pgn-unexpected"         // a character or token that has no place in movetext
	ProblemMissingResult     ProblemCode = "pgn-missing-result"     // the movetext does not end with a result
	ProblemResultMismatch    ProblemCode = "pgn-result-mismatch"    // the result token differs from the Result tag
	ProblemBadFEN            ProblemCode = "pgn-bad-fen"            // the FEN tag does not read
	ProblemNullMove          ProblemCode = "pgn-null-move"          // "--" or "Z0": no move of chess
	ProblemVariant           ProblemCode = "pgn-variant"            // a chess variant other than standard chess
	ProblemTooLong           ProblemCode = "pgn-game-too-long"      // a game bigger than the reader accepts
	ProblemTooManyTags       ProblemCode = "pgn-too-many-tags"      // more tags than a game holds (sheet.MaxGameTags)
	ProblemCellTooLong       ProblemCode = "pgn-cell-too-long"      // a move longer than a box holds (sheet.MaxCellBytes)
	ProblemTooManyMoves      ProblemCode = "pgn-too-many-moves"     // more half-moves than a copy holds (sheet.MaxCopyCells)
	ProblemControlChar       ProblemCode = "pgn-control-char"       // a control character PGN does not allow, in a comment or a tag
	ProblemManyWarnings      ProblemCode = "pgn-many-warnings"      // more warnings than a game keeps (MaxGameWarnings): those after are not said
)

// MaxGameWarnings bounds the warnings a game keeps: a game of punctuation
// (4 MB at most) made one for each byte, 1.1 GB and a line of validate as
// long. Errors are all kept: they decide whether the game is legal, or
// refused.
const MaxGameWarnings = 100

// Problem is one problem of a PGN file, with where it is. It is of one of
// three kinds, each with its own typed code: a problem of the PGN text
// (PGN), or, for the move at Ply, the notation reader's finding (Move),
// or the move's status when it cannot be played and no finding says why
// (Status). Code says the code whichever kind it is.
type Problem struct {
	File   string
	Pos    rules.Pos        // line and column (in characters) in File; no byte offset
	PGN    ProblemCode      // a problem of the PGN text, or ""
	Move   rules.Code       // a move problem: the notation reader's finding, or ""
	Status rules.CellStatus // a move problem: the move's status (ambiguous, illegal, ...), or StatusOK
	Ply    int              // for move problems, 1-based; else 0
	Text   string           // the offending text
	Severe bool             // an error (the game is not legal) rather than a warning
}

// Code returns the problem's stable code, whichever kind it is: what
// "validate" prints, and the key of its words.
func (p Problem) Code() string {
	switch {
	case p.PGN != "":
		return string(p.PGN)
	case p.Move != "":
		return string(p.Move)
	}
	return p.Status.String()
}

func (p Problem) Error() string {
	s := fmt.Sprintf("%s:%s: %s", p.File, p.Pos, p.Code())
	if p.Ply > 0 {
		s += fmt.Sprintf(" (ply %d)", p.Ply)
	}
	if p.Text != "" {
		s += fmt.Sprintf(" %q", p.Text)
	}
	return s
}
