package sheet

import "scoresheet/rules"

// checkRule is what a check code means to the arbiter: how serious its
// finding is and which article of the Laws of Chess it applies.
type checkRule struct {
	// Severity: an error is printed in red and marks the board, a warning
	// marks the board; a note (a repetition, a draw offer, a time control
	// reached, the end of the game on the board) says what happened.
	Severity rules.Severity
	// Article in standard play; kindArticles holds the few that rapid and
	// blitz play change. Empty only where no rule of chess applies.
	Article string
}

// checkRules is the one table of the check codes: every code the checks
// produce has its row here, and Severity and Article read nothing else.
// The unconfirmed codes get theirs from their confirmed code
// (withUnconfirmed).
var checkRules = withUnconfirmed(map[CheckCode]checkRule{
	// The Laws' draws and ends of the game (checks.go).
	CheckThreefold:    {rules.Note, "9.2"},
	CheckFivefold:     {rules.Note, "9.6.1"},
	CheckFiftyMoves:   {rules.Note, "9.3"},
	CheckSeventyFive:  {rules.Note, "9.6.2"},
	CheckDrawOffer:    {rules.Note, "9.1.2"},
	CheckCheckmate:    {rules.Note, "5.1.1"},
	CheckStalemate:    {rules.Note, "5.2.1"},
	CheckDeadPosition: {rules.Note, "5.2.2"},
	CheckTimeControl:  {rules.Note, "8.6"},

	CheckDrawOfferOneCopy: {rules.Warning, "8.1.5"},
	CheckIllegalMove:      {rules.Error, "7.5.1"},
	CheckSecondIllegal:    {rules.Error, "7.5.5"},
	CheckTimeControlShort: {rules.Warning, "8.6"},
	CheckResultBoard:      {rules.Error, "5"},
	CheckResultMissing:    {rules.Warning, "8.7"},
	CheckCopyShorter:      {rules.Warning, "8.5"},
	CheckCopiesDiffer:     {rules.Error, "8.1"},
	CheckNeedsDecision:    {rules.Error, "8.1"},
	CheckMissingCell:      {rules.Warning, "8.1"},
	CheckClockBackwards:   {rules.Error, "6"},
	CheckBadStart:         {rules.Error, ""}, // the game's FEN: no rule of chess
	CheckBadTimeControl:   {rules.Note, "6"},
	CheckCopyConsulted:    {rules.Note, ""}, // how the arbiter typed a copy: no rule of chess
	CheckCellInDoubt:      {rules.Warning, "8.1"},
	CheckLookAlikeOneCopy: {rules.Error, "8.1"},

	// The copies' results (checks_results.go) and the pairing's (checks_pairing.go).
	CheckCopyResultsDiffer: {rules.Error, "8.7"},
	CheckCopyResultGame:    {rules.Error, "8.7"},
	CheckCopyResultBoard:   {rules.Error, "5"},
	CheckResultPairing:     {rules.Error, "8.7"},
	CheckPairingConflict:   {rules.Error, "8.7"},

	// Recording, claims and sealed moves (checks_laws.go).
	CheckCopiesAgreeUntil:          {rules.Note, "D.2.9"},
	CheckRecordingStopped:          {rules.Note, "8.4"},
	CheckRecordingStoppedIncrement: {rules.Warning, "8.4"},
	CheckClaimRepetitionCorrect:    {rules.Note, "9.2.1.1"},
	CheckClaimRepetitionWrong:      {rules.Warning, "9.5.2"},
	CheckClaimFiftyCorrect:         {rules.Note, "9.3.1"},
	CheckClaimFiftyWrong:           {rules.Warning, "9.5.2"},
	CheckClaimNotJudged:            {rules.Warning, "9.5"},
	CheckSealed:                    {rules.Note, "I.1.1"},
	CheckSealedAmbiguous:           {rules.Error, "I.8.1"},
	CheckSealedUnreadable:          {rules.Error, "I.8.2"},
	CheckSealedIllegal:             {rules.Error, "I.8.3"},
	CheckSealedNotJudged:           {rules.Warning, "I.8"},
	CheckResultContradictsRuling:   {rules.Error, "8.7"},

	// The realignments proposed (checks_realign.go) apply 8.1, the moves
	// recorded move after move, like the other checks of the copies.
	CheckRealignInsert: {rules.Note, "8.1"},
	CheckRealignRemove: {rules.Note, "8.1"},
	CheckRealignMerge:  {rules.Note, "8.1"},
	CheckRealignSplit:  {rules.Note, "8.1"},
})

// kindArticles are the articles that differ in rapid (Appendix A) and
// blitz (Appendix B) play. A completed illegal move is ruled on under
// A.4.2 there (the arbiter acts as in 7.5.5 if he sees it, or the
// opponent claims, before the opponent's next move); blitz takes it from
// the rapid Laws by B.3.
var kindArticles = map[EventKind]map[CheckCode]string{
	KindRapid: {CheckIllegalMove: "A.4.2", CheckSecondIllegal: "A.4.2"},
	KindBlitz: {CheckIllegalMove: "B.3", CheckSecondIllegal: "B.3"},
}

// withUnconfirmed adds to the rules of the checks those of their
// unconfirmed codes: the same article, whose consequence is not claimed.
// A finding resting on moves not established claims nothing, so it is at
// most a warning: a copy out of step never prints a forfeit as an error,
// yet it still marks the board.
func withUnconfirmed(table map[CheckCode]checkRule) map[CheckCode]checkRule {
	for c, u := range unconfirmed {
		r := table[c]
		table[u] = checkRule{Severity: min(r.Severity, rules.Warning), Article: r.Article}
	}
	return table
}

// Severity returns how serious a check's finding is (its row of
// checkRules; a note for a code it does not know).
func (c CheckCode) Severity() rules.Severity { return checkRules[c].Severity }

// Severity returns the finding's severity (its code's).
func (f CheckFinding) Severity() rules.Severity { return f.Code.Severity() }

// Article returns the article the check applies in play of kind k: the
// one place the article of a code comes from. (A finding about a result
// that does not fit the final position cites that position's article
// instead, positionArticle.)
func (c CheckCode) Article(k EventKind) string {
	if a, ok := c.kindArticle(k); ok {
		return a
	}
	return checkRules[c].Article
}

// kindArticle returns the article of c that play of kind k has instead of
// standard play's, if it has one.
func (c CheckCode) kindArticle(k EventKind) (string, bool) {
	a, ok := kindArticles[k][c.Confirmed()]
	return a, ok
}
