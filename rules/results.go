package rules

// The one table of how results are written: every face reads a result
// through it (a cell of a copy, the movetext given to "event enter", the
// command line's --game and --*-copy, PGN's result token), so that a
// spelling one accepts is never refused by another. The results are
// named as PGN writes them, and the forfeits as FIDE does ("+/-").

// resultSpelling is one way of writing a result.
type resultSpelling struct {
	written, result string
	// onSheet: a player may write it on a scoresheet. A forfeit is the
	// arbiter's, never written in a cell ("--" there is a missing move).
	onSheet bool
}

var resultSpellings = []resultSpelling{
	{"1-0", "1-0", true}, {"1:0", "1-0", true},
	{"0-1", "0-1", true}, {"0:1", "0-1", true},
	{"1/2-1/2", "1/2-1/2", true}, {"½-½", "1/2-1/2", true}, {"1/2", "1/2-1/2", true}, {"½", "1/2-1/2", true},
	{"½:½", "1/2-1/2", true}, {"0.5-0.5", "1/2-1/2", true}, {"1/2:1/2", "1/2-1/2", true},
	{"*", "*", true},
	{"+/-", "+/-", false}, {"+-", "+/-", false}, {"+:-", "+/-", false},
	{"-/+", "-/+", false}, {"-+", "-/+", false}, {"-:+", "-/+", false},
	{"-/-", "-/-", false}, {"--", "-/-", false}, {"-:-", "-/-", false},
}

// ResultSpelling returns the result s is a spelling of, forfeits
// included: "1-0", "0-1", "1/2-1/2", "*", "+/-", "-/+" or "-/-"; ok is
// false for any other text (blanks around it included).
func ResultSpelling(s string) (string, bool) {
	sp, ok := spellingOf[s]
	return sp.result, ok
}

// spellingOf finds a spelling in one look-up: every cell read asks.
var spellingOf = func() map[string]resultSpelling {
	m := make(map[string]resultSpelling, len(resultSpellings))
	for _, sp := range resultSpellings {
		m[sp.written] = sp
	}
	return m
}()

// ResultToken returns the result a player's writing in a cell stands for
// ("1/2", "½-½", "1:0" ...), as PGN writes it: "1-0", "0-1", "1/2-1/2"
// or "*". A forfeit's spelling is no result in a cell.
func ResultToken(s string) (string, bool) { return resultToken(s) }

// resultToken recognises a game result written in a cell.
func resultToken(s string) (string, bool) {
	if sp, ok := spellingOf[s]; ok && sp.onSheet {
		return sp.result, true
	}
	return "", false
}
