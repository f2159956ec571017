package pgn

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
)

// FuzzPGN feeds any bytes to the splitter, the parser (moves kept or not,
// English and German letters) and Validate (one job and two, in tiny
// blocks). Nothing may panic; every problem lies on a line of the input;
// the ply counts agree with the moves; and every reading gives the same
// verdicts.
//
// Seeds: the inputs of the reader's table (pgn_read_test.go) and the
// corpus files of up to 4 KB.
func FuzzPGN(f *testing.F) {
	for _, tc := range readerCases {
		f.Add([]byte(tc.input))
	}
	filepath.WalkDir(xtest.Corpus(f, "pgn"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= 4<<10 {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
	old := blockBytes
	blockBytes = 64 // many blocks, so that the parallel path cuts and merges
	f.Cleanup(func() { blockBytes = old })
	german, _ := rules.LettersFor("de")
	// While fuzzing, an input that takes seconds is a hang to record.
	fuzzing := flag.Lookup("test.fuzz") != nil && flag.Lookup("test.fuzz").Value.String() != ""
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		checkPGNInput(t, data, german)
		if d := time.Since(start); fuzzing && d > 5*time.Second {
			t.Fatalf("%d bytes took %v", len(data), d)
		}
	})
}

// FuzzPGNLongLines is FuzzPGN with a game limit of 64 bytes and a reader
// buffer of 16, so that short inputs reach what long lines do: games cut
// at the limit, lines collected over several reads and lines followed to
// their end without being kept.
func FuzzPGNLongLines(f *testing.F) {
	for _, tc := range readerCases {
		f.Add([]byte(tc.input))
	}
	f.Add([]byte("[Event \"x\"]\n\n1. e4 {" + strings.Repeat("a", 100) + "} e5 1-0\n\n[Event \"y\"]\n\n1. d4 *\n"))
	f.Add([]byte("1. e4 ;" + strings.Repeat("{", 100) + "\n1-0\n\n[Event \"" + strings.Repeat("b", 100) + "\"]\n\n*\n"))
	oldGame, oldBuf, oldBlock := maxGameBytes, splitBufBytes, blockBytes
	maxGameBytes, splitBufBytes, blockBytes = 64, 16, 64
	f.Cleanup(func() { maxGameBytes, splitBufBytes, blockBytes = oldGame, oldBuf, oldBlock })
	german, _ := rules.LettersFor("de")
	f.Fuzz(func(t *testing.T, data []byte) {
		checkPGNInput(t, data, german)
	})
}

// inputLines counts the lines of data as the reader does: a line ends at
// LF, CR LF or a lone CR; a last line without end counts too.
func inputLines(data []byte) int {
	n := 0
	for i, c := range data {
		if c == '\n' || c == '\r' && (i+1 == len(data) || data[i+1] != '\n') {
			n++
		}
	}
	if len(data) > 0 && data[len(data)-1] != '\n' && data[len(data)-1] != '\r' {
		n++
	}
	return n
}

func checkPGNInput(t *testing.T, data []byte, german *rules.Letters) {
	lines := inputLines(data)
	type verdict struct {
		line, plies int
		legal       bool
		problems    string
	}
	var want []verdict
	sp := NewSplitter(bytes.NewReader(data))
	keep := &Parser{File: "f", KeepMoves: true}
	fast := &Parser{File: "f"}
	de := &Parser{File: "f", Letters: german, KeepMoves: true}
	for {
		c, ok := sp.Next()
		if !ok {
			break
		}
		if c.Line < 1 || c.Line > lines {
			t.Fatalf("game %d starts on line %d of %d", c.Index, c.Line, lines)
		}
		g := keep.Parse(c)
		checkPGNGame(t, g, lines)
		v := verdict{g.Line, g.Plies, g.Legal(), fmt.Sprint(g.Problems)}
		illegal := g.IllegalPly
		want = append(want, v)
		fg := fast.Parse(c)
		if w := (verdict{fg.Line, fg.Plies, fg.Legal(), fmt.Sprint(fg.Problems)}); w != v || fg.IllegalPly != illegal {
			t.Fatalf("game %d: moves kept %+v, fast %+v", c.Index, v, w)
		}
		checkPGNGame(t, de.Parse(c), lines)
	}
	if sp.Err() != nil {
		t.Fatal(sp.Err())
	}
	var sums [2]Summary
	for j, jobs := range []int{1, 2} {
		var got []verdict
		sum, err := Validate(bytes.NewReader(data), ValidateOptions{File: "f", Jobs: jobs, All: true}, func(v *Verdict) {
			if v.Index != len(got) {
				t.Fatalf("jobs %d: game %d emitted as %d", jobs, len(got), v.Index)
			}
			got = append(got, verdict{v.Line, v.Plies, v.Legal, fmt.Sprint(v.Problems)})
		})
		if err != nil {
			t.Fatal(err)
		}
		sums[j] = sum
		if len(got) != len(want) || sum.Games != len(want) {
			t.Fatalf("jobs %d: %d verdicts, summary %+v; the splitter finds %d games", jobs, len(got), sum, len(want))
		}
		plies := 0
		for i := range want {
			w := want[i]
			if got[i] != w {
				t.Fatalf("jobs %d, game %d:\n%+v\nparse:\n%+v", jobs, i, got[i], w)
			}
			plies += w.plies
		}
		if sum.Plies != plies {
			t.Fatalf("jobs %d: summary plies %d, games %d", jobs, sum.Plies, plies)
		}
	}
	if sums[0] != sums[1] {
		t.Fatalf("summaries differ: jobs 1 %+v, jobs 2 %+v", sums[0], sums[1])
	}
}

// checkPGNGame checks one parsed game against itself.
func checkPGNGame(t *testing.T, g *PGNGame, lines int) {
	t.Helper()
	for _, p := range g.Problems {
		if p.Pos.Line < g.Line || p.Pos.Line > lines || p.Pos.Col < 1 || p.Code() == "" {
			t.Fatalf("game %d (line %d of %d): problem %+v", g.Index, g.Line, lines, p)
		}
		if p.Ply < 0 || p.Ply > g.Plies+1 && g.IllegalPly == 0 {
			t.Fatalf("game %d: problem at ply %d, %d plies read", g.Index, p.Ply, g.Plies)
		}
	}
	if g.IllegalPly > 0 && (g.Plies != g.IllegalPly-1 || g.Legal()) {
		t.Fatalf("game %d: illegal ply %d, plies %d, legal %v", g.Index, g.IllegalPly, g.Plies, g.Legal())
	}
	if len(g.Moves) < g.Plies || len(g.Moves) > g.Plies+1 {
		t.Fatalf("game %d: %d moves kept, %d plies", g.Index, len(g.Moves), g.Plies)
	}
	if g.Start == nil || g.Final == nil {
		t.Fatalf("game %d: no start or final position", g.Index)
	}
	pos := *g.Start
	for i, m := range g.Moves[:g.Plies] {
		if m.Move == rules.NoMove || !pos.Legal(m.Move) {
			t.Fatalf("game %d: move %d %q (%v) not legal in %s", g.Index, i+1, m.Text, m.Move, pos.FEN())
		}
		if m.Line < g.Line || m.Line > lines || m.Col < 1 {
			t.Fatalf("game %d: move %d %q at %d:%d of %d lines", g.Index, i+1, m.Text, m.Line, m.Col, lines)
		}
		pos.Apply(m.Move)
	}
	if pos.FEN() != g.Final.FEN() {
		t.Fatalf("game %d: replayed %s, final %s", g.Index, pos.FEN(), g.Final.FEN())
	}
}
