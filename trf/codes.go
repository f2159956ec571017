package trf

import (
	"fmt"

	"scoresheet/rules"
)

// Code names what is wrong with a TRF. The words for people are in
// locales/*.json under "trf." + code.
type Code string

const (
	CodeNotTRF        Code = "trf-not-trf"          // no line is a TRF record
	CodeControl       Code = "trf-control-char"     // a control character or NUL (not text)
	CodeShortLine     Code = "trf-short-line"       // a player line ends before its starting rank
	CodeSeparator     Code = "trf-separator"        // a column that must be blank is not: the fields are shifted
	CodeBadRank       Code = "trf-bad-rank"         // the starting rank is not a number 1..9999
	CodeDuplicate     Code = "trf-duplicate-rank"   // two player lines with one starting rank
	CodeBadNumber     Code = "trf-bad-number"       // rating, points or a count is not a number
	CodeBadOpponent   Code = "trf-bad-opponent"     // the opponent field is not a number
	CodeNoOpponent    Code = "trf-unknown-opponent" // the opponent has no player line
	CodeBadColour     Code = "trf-bad-colour"       // the colour is not w, b, - or blank
	CodeBadResult     Code = "trf-bad-result"       // the result is not one of the codes
	CodeMismatch      Code = "trf-pairing-mismatch" // the opponent's block does not name this player with the other colour
	CodeNoSource      Code = "trf-no-source"        // the event was not imported from a TRF: none to write back into
	CodeNotInFile     Code = "trf-not-in-file"      // a board's pairing is not in the TRF kept: its result is not written
	CodeTooManyRounds Code = "trf-too-many-rounds"  // more rounds than sheet.MaxRounds (XXR, 142, 132 or a player's blocks)
	CodeBadScoring    Code = "trf-bad-scoring"      // a point system line (162, XXS, BB*) that does not read
	CodeTooLarge      Code = "trf-too-large"        // larger than any tournament's TRF or pairing list (32 MiB)
)

// Codes returns every code of this package, errors and an import's
// notes (each needs its key in locales/en.json and the other languages).
func Codes() []Code {
	return []Code{CodeNotTRF, CodeControl, CodeShortLine, CodeSeparator, CodeBadRank, CodeDuplicate,
		CodeBadNumber, CodeBadOpponent, CodeNoOpponent, CodeBadColour, CodeBadResult, CodeMismatch,
		NoteMoved, NoteResult, NoteConflict, NoteReplace, CodeNoSource, CodeNotInFile, CodeTooManyRounds, CodeBadScoring, CodeTooLarge,
		CodeListCount, CodeListLine, CodeListPlayer, CodeListTwice, CodeListNotFree, CodeListRound, CodeListPastEnd, CodeListPlayed, CodeListRematch,
		CodeListRematchGiven, CodeMissingResult, CodeBadBye, CodeByePaired, CodeByeRound, CodeByeKind, CodeByePlayer, CodePlayerField}
}

// Error is a TRF that cannot be read: what (Code) and where (Pos: the
// line and the column, counted in characters as the format counts them;
// the byte offset only for a control character; no position for an
// error about the event). Text is the offending field as written.
type Error struct {
	Pos  rules.Pos
	Code Code
	Text string
}

func (e *Error) Error() string {
	if !e.Pos.IsValid() { // about the event, not a place in the file
		return fmt.Sprintf("%s %q", e.Code, e.Text)
	}
	return fmt.Sprintf("%s: %s %q", e.Pos, e.Code, e.Text)
}
