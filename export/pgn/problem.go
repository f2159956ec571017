package pgn

import "fmt"

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
)

// Problem is one problem of a PGN file, with where it is. Move problems
// carry the notation reader's code (rules.Code) and the ply.
type Problem struct {
	File   string
	Line   int // 1-based
	Col    int // 1-based, in bytes
	Code   string
	Ply    int    // for move problems, 1-based; else 0
	Text   string // the offending text
	Severe bool   // an error (the game is not legal) rather than a warning
}

func (p Problem) Error() string {
	s := fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Code)
	if p.Ply > 0 {
		s += fmt.Sprintf(" (ply %d)", p.Ply)
	}
	if p.Text != "" {
		s += fmt.Sprintf(" %q", p.Text)
	}
	return s
}
