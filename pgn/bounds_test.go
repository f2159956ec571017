package pgn

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// shuffle is a legal game of n plies: the knights out and back.
func shuffle(n int) string {
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var b strings.Builder
	for i := range n {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(moves[i%4] + " ")
	}
	return b.String()
}

// TestBounds: a game beyond the bounds of a game (sheet.MaxGameTags,
// MaxCellBytes, MaxCopyCells) is an error at the place it goes beyond
// them, quoting at most a short prefix, and a game an import refuses;
// as are a start position that does not read and a variant. Within the
// bounds, nothing is said.
func TestBounds(t *testing.T) {
	head := "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n"
	var tags strings.Builder
	for i := range sheet.MaxGameTags - 4 {
		fmt.Fprintf(&tags, "[T%d \"v\"]\n", i)
	}
	long := strings.Repeat("N", sheet.MaxCellBytes+1)
	tests := []struct {
		name      string
		text      string
		code      ProblemCode // the bound gone beyond; "" when the game is within the bounds
		line, col int
		refused   bool
	}{
		{"as many tags as a game holds", head + tags.String() + "\n1. e4 *\n", "", 0, 0, false},
		{"one tag more", head + tags.String() + "[Extra \"x\"]\n[Extra2 \"y\"]\n\n1. e4 *\n", ProblemTooManyTags, sheet.MaxGameTags + 1, 1, true},
		{"a move as long as a box holds", head + "\n1. " + long[1:] + " *\n", "", 0, 0, false},
		{"a move longer", head + "\n1. e4 " + long + " *\n", ProblemCellTooLong, 6, 7, true},
		{"as many half-moves as a copy holds", head + "\n" + shuffle(sheet.MaxCopyCells) + "*\n", "", 0, 0, false},
		{"one more", head + "\n" + shuffle(sheet.MaxCopyCells+1) + "*\n", ProblemTooManyMoves, 6, 0, true},
		{"a FEN that does not read", head + "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n", ProblemBadFEN, 5, 1, true},
		{"a variant", head + "[Variant \"Crazyhouse\"]\n\n1. e4 *\n", ProblemVariant, 5, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gs := readGames(t, []byte(tt.text), nil)
			if len(gs) != 1 {
				t.Fatalf("%d games", len(gs))
			}
			g := gs[0]
			if tt.code == "" {
				for _, p := range g.Problems {
					if refusing[p.PGN] || p.Severe && len(g.Moves) > 1 {
						t.Fatalf("problems %v", g.Problems)
					}
				}
				return
			}
			p := firstProblem(t, g, tt.code)
			if !p.Severe || g.Legal() {
				t.Errorf("%v: not an error", p)
			}
			if p.Pos.Line != tt.line || (tt.col > 0 && p.Pos.Col != tt.col) {
				t.Errorf("%v: want line %d col %d", p, tt.line, tt.col)
			}
			if len(p.Text) > 40 {
				t.Errorf("the problem quotes %d bytes", len(p.Text))
			}
			if r := g.Refusal(); (r != nil) != tt.refused || (r != nil && r.PGN != tt.code) {
				t.Errorf("Refusal() = %v, want %s", r, tt.code)
			}
			if len(g.Tags) > sheet.MaxGameTags || len(g.Moves) > sheet.MaxCopyCells {
				t.Errorf("kept %d tags and %d moves", len(g.Tags), len(g.Moves))
			}
		})
	}
}

// TestControlChar: a control character PGN does not allow (4.1) in a
// comment, a tag value, a variation or a rest-of-line comment is a
// warning with its place, once a game; the moves are read on, the tag
// value kept as written, and validation says the same.
func TestControlChar(t *testing.T) {
	text := "[Event \"E\"]\n[White \"Ev\x1bil\"]\n[Result \"*\"]\n\n1. e4 {a\x00b} e5 *\n\n" +
		"[Event \"F\"]\n[Result \"*\"]\n\n1. e4 (1. d4 {x\x07}) e5 ; y\x7f\n2. Nf3 *\n\n" +
		"[Event \"G\"]\n[Result \"*\"]\n\n1. e4 {tab\there} e5 *\n"
	gs := readGames(t, []byte(text), nil)
	want := []struct {
		line, col int
		text      string
	}{{2, 1, `\x1b`}, {10, 16, `\x07`}}
	for i, w := range want {
		g := gs[i]
		var ps []Problem
		for _, p := range g.Problems {
			if p.PGN == ProblemControlChar {
				ps = append(ps, p)
			}
		}
		if len(ps) != 1 || ps[0].Pos.Line != w.line || ps[0].Pos.Col != w.col || ps[0].Text != w.text || ps[0].Severe {
			t.Errorf("game %d: %v, want one warning at %d:%d %s", i+1, ps, w.line, w.col, w.text)
		}
		if !g.Legal() || g.Plies < 2 || g.Refusal() != nil {
			t.Errorf("game %d: legal %v, %d plies, refused %v", i+1, g.Legal(), g.Plies, g.Refusal())
		}
	}
	if gs[0].Tag("White") != "Ev\x1bil" {
		t.Errorf("White = %q", gs[0].Tag("White"))
	}
	if len(gs[2].Problems) != 0 {
		t.Errorf("a tab: %v", gs[2].Problems)
	}
	// Validation says the same warnings at the same places.
	var vs []Verdict
	if _, err := Validate(bytes.NewReader([]byte(text)), ValidateOptions{File: "t.pgn", Jobs: 1}, func(v *Verdict) { vs = append(vs, *v) }); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || vs[0].Problems[0].Code() != string(ProblemControlChar) || vs[1].Problems[0].Pos.Line != 10 || !vs[0].Legal {
		t.Errorf("validate: %+v", vs)
	}
}
