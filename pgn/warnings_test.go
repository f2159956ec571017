package pgn

import (
	"bytes"
	"strings"
	"testing"
)

// TestWarningsBounded: a game of punctuation (each character a
// pgn-unexpected) keeps the first MaxGameWarnings warnings and says once,
// at the next one's place, that there were more; an error after them is
// kept (it decides legality). Before, each of a 4 MB game's bytes was a
// problem kept: 1.1 GB and a 4.5 MB line of validate for 1 MB.
func TestWarningsBounded(t *testing.T) {
	text := "[Event \"E\"]\n[Result \"*\"]\n\n" + strings.Repeat("@#&^", 2500) + "\n1. e4 e5 2. Ke3 *\n"
	g := readGames(t, []byte(text), nil)[0]
	if len(g.Problems) != MaxGameWarnings+2 {
		t.Fatalf("%d problems kept", len(g.Problems))
	}
	more := g.Problems[MaxGameWarnings]
	if more.PGN != ProblemManyWarnings || more.Severe || more.Pos.Line != 4 || more.Pos.Col <= MaxGameWarnings {
		t.Errorf("the problem after the bound: %+v", more)
	}
	if last := g.Problems[len(g.Problems)-1]; !last.Severe || last.Ply != 3 || g.Legal() {
		t.Errorf("the illegal move after them: %+v, legal %v", last, g.Legal())
	}
	// validate says the same, on a line of bounded length.
	var vs []Verdict
	if _, err := Validate(bytes.NewReader([]byte(text)), ValidateOptions{File: "t.pgn", Jobs: 1}, func(v *Verdict) { vs = append(vs, *v) }); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 || len(vs[0].Problems) != MaxGameWarnings+2 || vs[0].Legal {
		t.Errorf("validate: %d verdicts, %d problems", len(vs), len(vs[0].Problems))
	}
}
