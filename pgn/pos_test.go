package pgn

import (
	"testing"

	"scoresheet/rules"
)

// TestProblemPosInCharacters: a problem's column counts characters
// (rules.Pos), not bytes, after names and comments in any script, in
// UTF-8 and in Latin-1 alike.
func TestProblemPosInCharacters(t *testing.T) {
	cases := []struct {
		name, input string
		code        string
		want        rules.Pos
	}{
		{"a move after a comment", "[White \"Jörg\"]\n\n1. e4 {Schön} Ke9 *\n", "not-algebraic", rules.Pos{Line: 3, Col: 15}},
		{"Cyrillic before the move", "[White \"Ж\"]\n\n1. e4 {Жжж} e5 2. Kf3 *\n", "no-legal-move", rules.Pos{Line: 3, Col: 19}},
		{"a character out of place", "[White \"X\"]\n\n1. e4 {ö} e5 @ *\n", string(ProblemUnexpected), rules.Pos{Line: 3, Col: 14}},
		{"the result missing", "[White \"X\"]\n\n1. e4 {ééé}\n", string(ProblemMissingResult), rules.Pos{Line: 3, Col: 12}},
		{"an unclosed comment", "[White \"X\"]\n\n1. e4 {é} e5 {ö\n", string(ProblemUnclosedComment), rules.Pos{Line: 3, Col: 14}},
		{"Latin-1", "[White \"J\xf6rg\"]\n\n1. e4 {Sch\xf6n} Ke9 *\n", "not-algebraic", rules.Pos{Line: 3, Col: 15}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gs := readGames(t, []byte(c.input), nil)
			if len(gs) != 1 {
				t.Fatalf("%d games", len(gs))
			}
			if p := firstProblem(t, gs[0], c.code); p.Pos != c.want {
				t.Errorf("%s at %+v, want %+v", c.code, p.Pos, c.want)
			}
		})
	}
}
