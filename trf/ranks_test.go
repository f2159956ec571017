package trf

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// rankedLine is a player line of starting rank rank with round blocks.
func rankedLine(rank int, name string, blocks ...string) string {
	s := fmt.Sprintf("001 %4d m    %-33s %4d CRO %11d %-10s %4s %4s  ", rank, name, 2000+rank, 14100000+rank, "", "0.0", "")
	for _, b := range blocks {
		s += fmt.Sprintf("%-8s  ", b)
	}
	return strings.TrimRight(s, " ")
}

// rankedFile is four players, two rounds: 1-3 1-0, 4-2 draw; 2-1 draw,
// 3-4 1-0. Points: 1 1.5, 2 1.0, 3 1.0, 4 0.5. Players 2 and 3 tie on
// points and on BH (2.0 each); SB (2: 1.0, 3: 0.5) and PS (1.5, 1.0)
// put 2 first, WON (0, 1) puts 3 first.
func rankedFile(t *testing.T, header string) *File {
	t.Helper()
	p := rankedLine
	text := "012 Ranked\n" + header + strings.Join([]string{
		p(1, "Alpha", "   3 w 1", "   2 b ="),
		p(2, "Beta", "   4 b =", "   1 w ="),
		p(3, "Gamma", "   1 b 0", "   4 w 1"),
		p(4, "Delta", "   2 w =", "   3 b 0"),
	}, "\n") + "\n"
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSetRanks: the ranks written (86-89) follow points, then the 202
// line's tie-breaks in its order (codes not computed here said and left
// out), then the starting rank; without a 202 line, points then starting
// rank.
func TestSetRanks(t *testing.T) {
	for _, tc := range []struct {
		header  string
		ranks   [4]int // of players 1..4
		used    []string
		unknown []string
	}{
		{"", [4]int{1, 2, 3, 4}, TieBreaksDefault, nil},
		{"202 WON\n", [4]int{1, 3, 2, 4}, []string{"WON"}, nil},
		{"202 BH,SB\n", [4]int{1, 2, 3, 4}, []string{"BH", "SB"}, nil},
		{"202 BH, XYZ, WON\n", [4]int{1, 3, 2, 4}, []string{"BH", "WON"}, []string{"XYZ"}},
		{"202 BH-C1,WIN,BWG\n", [4]int{1, 3, 2, 4}, []string{"BH-C1", "WIN", "BWG"}, nil},
		{"202 PS,WON\n", [4]int{1, 2, 3, 4}, []string{"PS", "WON"}, nil},
	} {
		f := rankedFile(t, tc.header)
		done := f.SetRanks()
		if done.Round != 2 || !slices.Equal(done.TieBreaks, tc.used) || !slices.Equal(done.Unknown, tc.unknown) {
			t.Errorf("%q: %+v", tc.header, done)
		}
		back, err := Parse(f.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range tc.ranks {
			p := back.Player(i + 1)
			if p.Place != fmt.Sprint(want) || p.Line.Field(86, 89) != fmt.Sprintf("%4d", want) {
				t.Errorf("%q: player %d ranked %q, want %d", tc.header, i+1, p.Line.Field(86, 89), want)
			}
		}
	}
}

// TestTieBreakValues: the values behind the ranks, for players 2 and 3.
func TestTieBreakValues(t *testing.T) {
	f := rankedFile(t, "")
	st := f.standings(2)
	for code, want := range map[string][2]float64{
		"BH": {2, 2}, "BH-C1": {1.5, 1.5}, "BH-M1": {0, 0}, "SB": {1, 0.5}, "WIN": {0, 1}, "WON": {0, 1},
		"BPG": {1, 1}, "BWG": {0, 0}, "PS": {1.5, 1}, "ARO": {2003, 2003},
	} {
		tb, ok := parseTieBreak(code)
		if !ok {
			t.Errorf("%s not computed", code)
			continue
		}
		if got := [2]float64{tb.value(st, f.Player(2)), tb.value(st, f.Player(3))}; got != want {
			t.Errorf("%s: %v, want %v", code, got, want)
		}
	}
	for _, code := range []string{"DE", "BH-X1", "SB-C1", "BH-C0", "BH-"} {
		if _, ok := parseTieBreak(code); ok {
			t.Errorf("%s taken as computed", code)
		}
	}
}

// TestSetRanksNoResult: before any result, the ranks stay as read.
func TestSetRanksNoResult(t *testing.T) {
	f, err := Parse([]byte("012 X\n" + rankedLine(1, "Alpha", "   2 w") + "\n" + rankedLine(2, "Beta", "   1 b") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	before := string(f.Bytes())
	if done := f.SetRanks(); done.Round != 0 || done.Changed != 0 || string(f.Bytes()) != before {
		t.Errorf("%+v\n%s", done, f.Bytes())
	}
}
