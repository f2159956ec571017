package pgn

import (
	"strings"
	"testing"
)

// TestTagValueAcrossLines: a raw line end inside a tag value (LF, CR or
// CRLF; PGN does not allow one) does not end the value: what the value
// holds is neither movetext nor a new game. The tag is said malformed at
// its line and not kept; the game's own moves are read. A stray quote
// (a value that never closes before the next tag or the game's end) is
// said malformed as before, and what follows it read as it is.
func TestTagValueAcrossLines(t *testing.T) {
	head := "[Event \"Open\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n"
	for _, tc := range []struct {
		name, text string
		games      int
		line       int      // of the pgn-tag-syntax warning
		moves      []string // game 1's
		tag        string   // a tag game 1 keeps
	}{
		{"lf", head + "[Annotator \"line one\n\n1. e4 e5 2. Nf3 1-0\n\"]\n[ECO \"D00\"]\n\n1. d4 d5 1-0\n",
			1, 5, []string{"d4", "d5"}, "ECO"},
		{"cr", strings.ReplaceAll(head, "\n", "\r") + "[Annotator \"one\r\r1. e4 e5 1-0\r\"]\r\r1. d4 d5 1-0\r",
			1, 5, []string{"d4", "d5"}, "White"},
		{"crlf", strings.ReplaceAll(head, "\n", "\r\n") + "[Annotator \"one\r\n{ [Site \"x\"] }\r\n\"]\r\n\r\n1. d4 d5 1-0\r\n",
			1, 5, []string{"d4", "d5"}, "White"},
		{"escaped quote before the close", head + "[Annotator \"say \\\"hi\\\"\n more\"]\n\n1. c4 1-0\n",
			1, 5, []string{"c4"}, "Black"},
		{"stray quote, next tag", "[Event \"Open]\n[Site \"Zagreb\"]\n\n1. e4 e5 1-0\n",
			1, 1, []string{"e4", "e5"}, "Site"},
		{"stray quote, last tag", head + "[Round \"1]\n\n1. e4 e5 1-0\n\n[Event \"Next\"]\n\n1. d4 1-0\n",
			2, 5, []string{"e4", "e5"}, "White"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gs := readGames(t, []byte(tc.text), nil)
			if len(gs) != tc.games {
				t.Fatalf("%d games, want %d", len(gs), tc.games)
			}
			g := gs[0]
			assertAt(t, firstProblem(t, g, ProblemTagSyntax), tc.line, 1)
			assertLine(t, g, tc.moves...)
			if g.Tag(tc.tag) == "" || g.Tag("Annotator") != "" {
				t.Errorf("tags %+v: want %s kept, no Annotator", g.Tags, tc.tag)
			}
			for _, p := range g.Problems {
				if p.Severe {
					t.Errorf("an error: %+v", p)
				}
			}
		})
	}
}
