package sheet

import "scoresheet/rules"

// Result is a game's result as the arbiter records it: a game played to
// its end (1-0, 0-1, 1/2-1/2), a game not finished or not known (*), a
// game not played (a forfeit: FIDE's +/- and -/+, and -/- when both
// players lose it), or none yet (""). The window, the command line, PGN,
// TRF, the results lists and the checks all read and list results
// through this type, so that they cannot disagree on what a result is.
//
// A result is stored as its text; PGN has no token for a forfeit and
// writes it as the result it gives with the tag Termination "rules
// infraction" (PGNResult); a TRF writes + and - in the players' blocks.
type Result string

const (
	NoResult        Result = ""        // none recorded yet
	WhiteWins       Result = "1-0"     // played, White won
	BlackWins       Result = "0-1"     // played, Black won
	Drawn           Result = "1/2-1/2" // played, drawn
	Unfinished      Result = "*"       // not finished, or not known
	WhiteForfeitWin Result = "+/-"     // not played: White wins by forfeit
	BlackForfeitWin Result = "-/+"     // not played: Black wins by forfeit
	DoubleForfeit   Result = "-/-"     // not played: both players lose
)

// Results are the results a game can have, in the order the window's
// choice and the command line's help list them ("" first: none yet).
var Results = []Result{NoResult, WhiteWins, BlackWins, Drawn, Unfinished, WhiteForfeitWin, BlackForfeitWin, DoubleForfeit}

// CopyResults are the results a player can write on a scoresheet and
// sign (8.7): a forfeit is the arbiter's, never written on a copy.
var CopyResults = []Result{WhiteWins, BlackWins, Drawn}

// ParseResult reads a result as typed: one of Results, or another
// spelling of one in the one table every face reads results with
// (rules.ResultSpelling: "½-½", "1:0", "+-"); ok is false for anything
// else.
func ParseResult(s string) (r Result, ok bool) {
	if s == "" {
		return NoResult, true
	}
	w, ok := rules.ResultSpelling(s)
	return Result(w), ok
}

// Known reports whether r is one of Results.
func (r Result) Known() bool {
	for _, k := range Results {
		if r == k {
			return true
		}
	}
	return false
}

// Decided reports whether r ends the game: a result, not "" or "*".
func (r Result) Decided() bool { return r.Known() && r != NoResult && r != Unfinished }

// Forfeit reports whether r is a game not played: +/-, -/+ or -/-.
func (r Result) Forfeit() bool {
	return r == WhiteForfeitWin || r == BlackForfeitWin || r == DoubleForfeit
}

// Points returns what r gives White and Black under the usual scoring (a
// win 1, a draw 1/2, a loss or a forfeit lost 0); ok is false while the
// game has no result ("", "*").
func (r Result) Points() (white, black float64, ok bool) {
	switch r {
	case WhiteWins, WhiteForfeitWin:
		return 1, 0, true
	case BlackWins, BlackForfeitWin:
		return 0, 1, true
	case Drawn:
		return 0.5, 0.5, true
	case DoubleForfeit:
		return 0, 0, true
	}
	return 0, 0, false
}

// TermForfeit is the value of the PGN tag Termination that marks a
// forfeit: the PGN standard's (9.8.1) word for an administrative forfeit.
const (
	TagTermination = "Termination"
	TermForfeit    = "rules infraction"
)

// PGNResult returns the PGN result token of r ("1-0", "0-1", "1/2-1/2",
// "*", or "" for none) and whether PGN must also say it was a forfeit
// (Termination "rules infraction"). A double forfeit, which no PGN token
// holds, is "*" with that tag.
func (r Result) PGNResult() (token string, forfeit bool) {
	switch r {
	case WhiteForfeitWin:
		return string(WhiteWins), true
	case BlackForfeitWin:
		return string(BlackWins), true
	case DoubleForfeit:
		return string(Unfinished), true
	}
	return string(r), false
}

// ResultFromPGN reads a PGN result token and whether the game's
// Termination tag says "rules infraction" back into a Result: the
// inverse of PGNResult. ok is false for a token that is no PGN result.
func ResultFromPGN(token string, forfeit bool) (r Result, ok bool) {
	switch r = Result(token); {
	case r != WhiteWins && r != BlackWins && r != Drawn && r != Unfinished && r != NoResult:
		return NoResult, false
	case !forfeit:
		return r, true
	case r == WhiteWins:
		return WhiteForfeitWin, true
	case r == BlackWins:
		return BlackForfeitWin, true
	case r == Unfinished:
		return DoubleForfeit, true
	}
	return r, true
}

// ValidCopyResult reports whether r is one of CopyResults or "" (none
// written).
func ValidCopyResult(r Result) bool {
	if r == NoResult {
		return true
	}
	for _, c := range CopyResults {
		if r == c {
			return true
		}
	}
	return false
}
