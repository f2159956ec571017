package trf

import "fmt"

// Code names what is wrong with a TRF. The words for people are in
// locales/*.json under "trf." + code.
type Code string

const (
	CodeNotTRF      Code = "trf-not-trf"          // no line is a TRF record
	CodeControl     Code = "trf-control-char"     // a control character or NUL (not text)
	CodeShortLine   Code = "trf-short-line"       // a player line ends before its starting rank
	CodeSeparator   Code = "trf-separator"        // a column that must be blank is not: the fields are shifted
	CodeBadRank     Code = "trf-bad-rank"         // the starting rank is not a number 1..9999
	CodeDuplicate   Code = "trf-duplicate-rank"   // two player lines with one starting rank
	CodeBadNumber   Code = "trf-bad-number"       // rating, points or a count is not a number
	CodeBadOpponent Code = "trf-bad-opponent"     // the opponent field is not a number
	CodeNoOpponent  Code = "trf-unknown-opponent" // the opponent has no player line
	CodeBadColour   Code = "trf-bad-colour"       // the colour is not w, b, - or blank
	CodeBadResult   Code = "trf-bad-result"       // the result is not one of the codes
	CodeMismatch    Code = "trf-pairing-mismatch" // the opponent's block does not name this player with the other colour
	CodeNoSource    Code = "trf-no-source"        // the event was not imported from a TRF: none to write back into
	CodeNotInFile   Code = "trf-not-in-file"      // a board's pairing is not in the TRF kept: its result is not written
)

// Codes returns every code of this package, errors and an import's
// notes (each needs its key in locales/en.json and the other languages).
func Codes() []Code {
	return []Code{CodeNotTRF, CodeControl, CodeShortLine, CodeSeparator, CodeBadRank, CodeDuplicate,
		CodeBadNumber, CodeBadOpponent, CodeNoOpponent, CodeBadColour, CodeBadResult, CodeMismatch,
		NoteKept, NoteMoved, NoteResult, CodeNoSource, CodeNotInFile}
}

// Error is a TRF that cannot be read: what (Code) and where (1-based Line
// and Col, columns counted in characters as the format counts them).
// Text is the offending field as written.
type Error struct {
	Line, Col int
	Code      Code
	Text      string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%d:%d: %s %q", e.Line, e.Col, e.Code, e.Text)
}
