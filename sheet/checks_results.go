package sheet

import "scoresheet/rules"

// The results written on the copies. Both players sign the result on
// both scoresheets (8.7); the two copies, the result recorded for the
// game, the final position and the pairing program's result must all
// agree, and where two of them do not, the arbiter is told which.
const (
	// CheckCopyResultsDiffer: White's copy and Black's copy have
	// different results written on them. Texts: White's, Black's.
	CheckCopyResultsDiffer CheckCode = "copy-results-differ"
	// CheckCopyResultGame: the copies agree (or one has none written),
	// but a copy's result differs from the game's. Copy: which; Texts:
	// the copy's, the game's.
	CheckCopyResultGame CheckCode = "copy-result-differs-game"
	// CheckCopyResultBoard: a copy's result does not fit the final
	// position (checkmate, stalemate, dead position). Copy: which, or
	// NoOne when both copies have it; Texts: the result, the board's
	// status.
	CheckCopyResultBoard CheckCode = "copy-result-contradicts-board"
)

// resultChecks are the checks that put a game's result in question.
var resultChecks = map[CheckCode]bool{
	CheckResultBoard: true, CheckResultMissing: true, CheckResultPairing: true,
	CheckCopyResultsDiffer: true, CheckCopyResultGame: true, CheckCopyResultBoard: true,
	CheckResultContradictsRuling: true, CheckPairingConflict: true,
}

// IsResult reports whether c's finding puts the game's result in
// question (also with its unconfirmed code): a results list marks it.
func (c CheckCode) IsResult() bool { return resultChecks[c.Confirmed()] }

// CopiesResult returns the result the copies give: the one written on
// both, or on the only one that has a result; "" when none is written or
// the two differ.
func CopiesResult(g *Game) Result {
	w, b := g.Copies[WhiteCopy].Result, g.Copies[BlackCopy].Result
	switch {
	case w == "":
		return b
	case b == "" || b == w:
		return w
	}
	return ""
}

// positionArticle is the article under which the final position ends the
// game: 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead position.
var positionArticle = map[rules.Status]string{
	rules.Checkmate: "5.1.1", rules.Stalemate: "5.2.1", rules.DeadPosition: "5.2.2",
}

// boardResult returns the result the final position gives, or "" while
// the game is not over on the board: any result can then have come about
// off it (resignation, 5.1.2; time; agreement), so none contradicts it.
func boardResult(final *rules.Position, st rules.Status) Result {
	switch st {
	case rules.Checkmate:
		if final.Turn() == rules.White {
			return "0-1"
		}
		return "1-0"
	case rules.Stalemate, rules.DeadPosition:
		return "1/2-1/2"
	}
	return ""
}

// checkCopyResults compares the results written on the copies with each
// other, with the game's and with the final position (after ply, of
// status st).
func checkCopyResults(g *Game, final *rules.Position, st rules.Status, ply int) []CheckFinding {
	w, b := g.Copies[WhiteCopy].Result, g.Copies[BlackCopy].Result
	if w != "" && b != "" && w != b {
		f := finding(CheckCopyResultsDiffer, 0)
		f.Texts = [2]string{string(w), string(b)}
		return append([]CheckFinding{f}, copyResultsBoard(g, final, st, ply)...)
	}
	var out []CheckFinding
	if g.Result.Decided() {
		for s, c := range g.Copies {
			if c.Result != "" && c.Result != g.Result {
				f := finding(CheckCopyResultGame, 0)
				f.Copy, f.Texts = Side(s).Who(), [2]string{string(c.Result), string(g.Result)}
				out = append(out, f)
			}
		}
	}
	return append(out, copyResultsBoard(g, final, st, ply)...)
}

// copyResultsBoard gives a copy's result that does not fit the final
// position, once per result: for both copies at once when both have it.
// Only while the game has no result: once it has one, a copy's that
// differs is said as such (copy-result-differs-game), and the game's
// own result is checked against the position (result-contradicts-board).
func copyResultsBoard(g *Game, final *rules.Position, st rules.Status, ply int) []CheckFinding {
	want := boardResult(final, st)
	if want == "" || g.Result.Decided() {
		return nil
	}
	var out []CheckFinding
	for s, c := range g.Copies {
		if c.Result == "" || c.Result == want {
			continue
		}
		f := finding(CheckCopyResultBoard, ply)
		f.Article = positionArticle[st]
		f.Copy, f.Texts = Side(s).Who(), [2]string{string(c.Result), st.String()}
		if len(out) == 1 && out[0].Texts[0] == string(c.Result) {
			out[0].Copy = NoOne // both copies have it
			continue
		}
		out = append(out, f)
	}
	return out
}
