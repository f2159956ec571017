package sheet

// CheckResultPairing: the result recorded here differs from the one the
// pairing program has for the board (its TRF, as last imported). Under
// 8.7 the result the players signed stands unless the arbiter decides
// otherwise: one of the two is to be corrected.
const CheckResultPairing CheckCode = "result-differs-pairing"

// TagPairingResult is the tag holding the pairing program's result of a
// board ("1-0", "0-1", "1/2-1/2"), set by a TRF import.
const TagPairingResult = "TRFResult"

// checkPairingResult compares the game's result with the pairing
// program's; while the game has none, the result written on the copies
// (CopiesResult) stands for it. Texts holds the result here, then the
// pairing program's.
func checkPairingResult(g *Game) []CheckFinding {
	theirs, ours := g.Tags[TagPairingResult], g.Result
	if !decided(ours) {
		ours = CopiesResult(g)
	}
	if theirs == "" || ours == "" || ours == theirs {
		return nil
	}
	f := finding(CheckResultPairing, 0)
	f.Texts = [2]string{ours, theirs}
	return []CheckFinding{f}
}
