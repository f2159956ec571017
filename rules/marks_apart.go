package rules

// MarkApart reports whether word is a mark players write apart after
// their move ("exd6 e.p.", "Qh5 +", "Nf3 (=)", "Bb5 !?"): it belongs to
// the move before, never a cell of its own. Both ways a copy is typed
// read marks with it: event enter's movetext (SplitMovetext joins it to
// the cell before) and the window (typed alone in the cell after a move,
// it goes to the move), so that the same writing is stored the same way.
// A word of question marks alone is also how a missing move is written:
// the window takes it so (its arbiter types "?" for a move not written),
// movetext when the next move's number follows.
func MarkApart(word string) bool {
	switch word {
	case "e.p.", "e.p", "ep", "ep.", "(=)", "+", "++", "#", "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}
