package sheet

import "strings"

// CheckResultPairing: the result recorded here differs from the one the
// pairing program has for the board (its TRF, as last imported). Under
// 8.7 the result the players signed stands unless the arbiter decides
// otherwise: one of the two is to be corrected.
const CheckResultPairing CheckCode = "result-differs-pairing"

// CheckPairingConflict: the pairing program's file gives this board no
// result it can have: the two players' blocks do not fit together (both
// claim a win, a draw against a loss, one left blank). Said while the
// game has no result here; the result entered is written into both
// blocks. Texts: White's block's result column, then Black's, as
// written.
const CheckPairingConflict CheckCode = "pairing-results-conflict"

// Tags a TRF import sets from the pairing program's result of a board:
// the result (a Result: "1-0", "+/-", ...), or, when the two blocks do
// not fit together, their two result columns as written, joined by "/"
// ("1/1": both claim a win).
const (
	TagPairingResult   = "TRFResult"
	TagPairingConflict = "TRFConflict"
)

// checkPairingResult compares the game's result with the pairing
// program's; while the game has none, the result written on the copies
// (CopiesResult) stands for it. Texts holds the result here, then the
// pairing program's.
func checkPairingResult(g *Game) []CheckFinding {
	theirs, ours := Result(g.Tags[TagPairingResult]), g.Result
	if !ours.Decided() {
		ours = CopiesResult(g)
	}
	if theirs == "" || ours == "" || ours == theirs {
		return nil
	}
	f := finding(CheckResultPairing, 0)
	f.Texts = [2]string{string(ours), string(theirs)}
	return []CheckFinding{f}
}

// checkPairingConflict says the pairing program's two blocks do not give
// a result, while the game has none here.
func checkPairingConflict(g *Game) []CheckFinding {
	codes, ok := g.Tags[TagPairingConflict]
	w, b, cut := strings.Cut(codes, "/")
	if !ok || !cut || g.Result.Decided() {
		return nil
	}
	f := finding(CheckPairingConflict, 0)
	f.Texts = [2]string{w, b}
	return []CheckFinding{f}
}
