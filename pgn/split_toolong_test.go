package pgn

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"scoresheet/rules"
)

// TestSplitterTooLongGameEnds: a game over the size limit is cut, but it
// ends where it would have ended (its comment closes, a result, the next
// tag section), so the games after it are read.
func TestSplitterTooLongGameEnds(t *testing.T) {
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("a very long comment line\n", maxGameBytes/24+10) + "} e5 1-0\n\n"
	next := "[Event \"next\"]\n\n1. d4 d5 *\n"
	sp := NewSplitter(strings.NewReader(long + next))
	c, ok := sp.Next()
	if !ok || !c.TooLong || len(c.Text) > maxGameBytes {
		t.Fatalf("first game: ok %v, too long %v, %d bytes", ok, c.TooLong, len(c.Text))
	}
	c, ok = sp.Next()
	if !ok || !strings.HasPrefix(string(c.Text), "[Event \"next\"]") || c.TooLong {
		t.Fatalf("second game: ok %v, %q", ok, string(c.Text[:min(len(c.Text), 40)]))
	}
	if _, ok := sp.Next(); ok {
		t.Fatal("a third game")
	}
}

// longLineFile is issue 13's file: a game with one line of about 5 MB
// (line 6: a move, then the long text, then what ends the game) and 32
// games after it.
func longLineFile(long string) string {
	var b strings.Builder
	b.WriteString("[Event \"long\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n")
	b.WriteString(long)
	b.WriteString("\n\n")
	for i := range 32 {
		fmt.Fprintf(&b, "[Event \"next\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n", i+1, i+1)
	}
	return b.String()
}

// longLines are single lines longer than a game may be (a comment, moves,
// a ';' comment or an escape line holding a brace, blanks), each of which
// the splitter must follow to its end: the game ends where it would have
// ended and the 32 games after it are read.
var longLines = map[string]string{
	"comment":          "1. e4 {" + strings.Repeat("x", 5<<20) + "} e5 1-0",
	"comment-brace-in": "1. e4 {" + strings.Repeat("x{[Event ", 5<<20/9) + "} e5 1-0",
	"moves":            strings.Repeat("1. e4 e5 ", 5<<20/9) + "1-0",
	"semicolon":        "1. e4 e5 ;" + strings.Repeat("{", 5<<20) + "\n1-0",
	"escape-line":      "%" + strings.Repeat("{", 5<<20) + "\n1. e4 e5 1-0",
	"blank":            strings.Repeat(" ", 5<<20) + "\n1. e4 e5 1-0",
}

// TestValidateLongLine: one line of 5 MB is an error with file:line:col
// (the game is too long, said at the line where it was cut), and the 32
// games after it are read, with one job or several.
func TestValidateLongLine(t *testing.T) {
	for name, long := range longLines {
		data := []byte(longLineFile(long))
		for _, jobs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/jobs%d", name, jobs), func(t *testing.T) {
				vs, sum := collect(t, data, jobs)
				if sum.Games != 33 || len(vs) != 33 {
					t.Fatalf("%d games, %d verdicts; want 33", sum.Games, len(vs))
				}
				want := []Problem{{File: "f", Pos: rules.Pos{Line: 6, Col: 1}, PGN: ProblemTooLong, Severe: true}}
				if !reflect.DeepEqual(vs[0].Problems, want) {
					t.Errorf("first game: %+v, want %+v", vs[0].Problems, want)
				}
				if sum.GamesWithErrors != 1 {
					t.Errorf("%d games with errors, want 1", sum.GamesWithErrors)
				}
				last := vs[32]
				if last.Line != 8+31*7+strings.Count(long, "\n") || last.Plies != 2 || !last.Legal {
					t.Errorf("last game: %+v", last)
				}
			})
		}
	}
}

// TestSplitterLongLineMemory: the splitter holds no more than a game's
// limit of a long line (the rest is followed, not kept).
func TestSplitterLongLineMemory(t *testing.T) {
	sp := NewSplitter(strings.NewReader(longLineFile(longLines["comment"])))
	c, ok := sp.Next()
	if !ok || !c.TooLong || c.CutLine != 6 || len(c.Text) > maxGameBytes {
		t.Fatalf("ok %v, too long %v, cut at %d, %d bytes", ok, c.TooLong, c.CutLine, len(c.Text))
	}
	n := 1
	for {
		if _, ok := sp.Next(); !ok {
			break
		}
		n++
	}
	if n != 33 || sp.Err() != nil {
		t.Fatalf("%d games, %v", n, sp.Err())
	}
}

// TestValidateLongLineElsewhere: a long tag line that starts the next
// game, a long escape line before the first game, and a long line after
// many games cut into small blocks: each game is where it belongs, the
// too-long one said at its line, with one job or two.
func TestValidateLongLineElsewhere(t *testing.T) {
	defer func(n int) { blockBytes = n }(blockBytes)
	blockBytes = 4 << 10
	x := strings.Repeat("x", 5<<20)
	many := strings.Repeat("[Event \"before\"]\n\n1. e4 e5 *\n\n", 200) // 4 lines each
	tests := []struct {
		name, text  string
		games, long int // games, and the 0-based game that is too long
		line        int
	}{
		{"tag", "1. e4 e5 1-0\n\n[Event \"" + x + "\"]\n\n1. d4 *\n\n[Event \"n\"]\n\n1. c4 *\n", 3, 1, 3},
		{"escape", "%" + x + "\n[Event \"n\"]\n\n1. c4 *\n", 1, -1, 0},
		{"after-blocks", many + "[Event \"long\"]\n\n1. e4 {" + x + "} e5 1-0\n\n[Event \"n\"]\n\n1. c4 *\n", 202, 200, 803},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 2} {
			vs, sum := collect(t, []byte(tt.text), jobs)
			if sum.Games != tt.games {
				t.Errorf("%s, %d jobs: %d games, want %d", tt.name, jobs, sum.Games, tt.games)
				continue
			}
			for i, v := range vs {
				want := []Problem(nil)
				if i == tt.long {
					want = []Problem{{File: "f", Pos: rules.Pos{Line: tt.line, Col: 1}, PGN: ProblemTooLong, Severe: true}}
				}
				if !reflect.DeepEqual(v.Problems, want) {
					t.Errorf("%s, %d jobs: game %d: %+v, want %+v", tt.name, jobs, i+1, v.Problems, want)
				}
			}
		}
	}
}
