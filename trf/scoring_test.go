package trf

import (
	"fmt"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestPairResult: the two result columns of a pairing as one result, a
// forfeit on either side making it a forfeit; columns that do not fit
// together (both claim a win, one blank) give none and a conflict.
func TestPairResult(t *testing.T) {
	for _, tc := range []struct {
		w, b     byte
		want     sheet.Result
		conflict bool
	}{
		{' ', ' ', "", false}, {'1', '0', "1-0", false}, {'0', '1', "0-1", false}, {'=', '=', "1/2-1/2", false},
		{'W', 'L', "1-0", false}, {'d', 'd', "1/2-1/2", false}, {'l', 'w', "0-1", false},
		{'+', '-', "+/-", false}, {'-', '+', "-/+", false}, {'-', '-', "-/-", false},
		{'+', '0', "+/-", false}, {'1', '-', "+/-", false}, {'0', '+', "-/+", false}, {'-', '0', "-/-", false},
		{'1', '1', "", true}, {'+', '+', "", true}, {'0', '0', "", true}, {'1', ' ', "", true}, {' ', '0', "", true},
		{'=', '0', "", true}, {'=', '-', "", true}, {'H', 'H', "", true},
	} {
		p := Pairing{WhiteResult: tc.w, BlackResult: tc.b}
		if got := p.Result(); got != tc.want || p.Conflict() != tc.conflict {
			t.Errorf("%q %q: %q conflict %v, want %q %v", tc.w, tc.b, got, p.Conflict(), tc.want, tc.conflict)
		}
	}
}

// pointsFile is a file of four players over three rounds, with a game of
// each kind: wins, a draw, a forfeit, byes.
func pointsFile(head string) string {
	return head + strings.Join([]string{
		playerLine(1, "   2 w 1", "   3 b =", "0000 - U"),
		playerLine(2, "   1 b 0", "0000 - H", "   3 w +"),
		playerLine(3, "   4 w 0", "   1 w =", "   2 b -"),
		playerLine(4, "   3 b 1", "0000 - Z", "0000 - F"),
	}, "\n") + "\n"
}

// points returns each player's points column, as the file has it.
func points(f *File) string {
	var s []string
	for _, p := range f.Players {
		s = append(s, fmt.Sprintf("%d:%s", p.Rank, p.Line.Field(81, 84)))
	}
	return strings.Join(s, " ")
}

// TestSetPoints: every player's points are the sum of his blocks under
// the file's scoring (the default; TRF26's 162; JaVaFo's XXS, the last
// code given winning; bbpPairings' BB* lines), written right-aligned in
// columns 81-84; nothing else of the file changes.
func TestSetPoints(t *testing.T) {
	for _, tc := range []struct {
		name, head, want string
	}{
		{"default", "012 Points\n", "1: 2.5 2: 1.5 3: 0.5 4: 2.0"},
		{"162, 3/1/0", "012 Points\n162  W 3.0    D 1.0\n", "1: 7.0 2: 4.0 3: 1.0 4: 6.0"},
		{"162, pairing bye a draw, absence 0.5", "162  W 3.0    D 1.0    P 1.0    A 0.5\n", "1: 5.0 2: 4.0 3: 1.5 4: 6.5"},
		{"XXS 3/1/0, PAB a win", "XXS PAB=3 D=1 W=3\n", "1: 7.0 2: 4.0 3: 1.0 4: 6.0"},
		{"XXS by colour, last wins", "XXS WW=1 BW=1.5 W=2\nXXS BW=1.5 FW=0.5 ZPB=0.5\n", "1: 3.5 2: 1.0 3: 0.5 4: 4.0"},
		{"bbpPairings' lines", "BBW  3.0\nBBD  1.0\nBBZ  0.5\n", "1: 7.0 2: 4.0 3: 1.0 4: 6.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := pointsFile(tc.head)
			f, err := Parse([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.SetPoints(); err != nil {
				t.Fatal(err)
			}
			if got := points(f); got != tc.want {
				t.Errorf("points %q, want %q", got, tc.want)
			}
			again, err := Parse(f.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := again.SetPoints(); n != 0 {
				t.Errorf("points set twice: %d changed the second time", n)
			}
			for i, l := range strings.Split(string(f.Bytes()), "\n") {
				o := strings.Split(text, "\n")[i]
				if len(l) >= 84 && (l[:80] != o[:80] || l[84:] != o[84:]) {
					t.Errorf("line %d changed outside columns 81-84:\n%s\n%s", i+1, o, l)
				}
			}
		})
	}
}

// TestSetPointsKeepsSpelling: points that already say the number are
// left as written ("1" for 1.0, "2.50" for 2.5); points that do not
// fit four columns are an error, and nothing is half written.
func TestSetPointsKeepsSpelling(t *testing.T) {
	a := strings.Replace(line1, " 1.0 ", "   1 ", 1)
	f, err := Parse([]byte(a + "\n" + line2 + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := f.SetPoints(); n != 0 || err != nil || !strings.Contains(string(f.Bytes()), "   1    1     2 w 1") {
		t.Errorf("changed %d %v:\n%s", n, err, f.Bytes())
	}
	big := "XXS W=999\n" + line1 + "\n" + line2 + "\n"
	g, _ := Parse([]byte(big))
	if _, err := g.SetPoints(); err == nil || err.(*Error).Code != CodeBadNumber || err.(*Error).Pos.Col != 81 {
		t.Errorf("999.0 points in four columns: %v", err)
	}
}

// TestScoringErrors: a point system line that does not read is refused
// where it is: a wrong value would write wrong points for every player.
func TestScoringErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		line int
		col  int
	}{
		{"012 X\n162  W x.0\n", 2, 6},
		{"012 X\n162  Q 3.0\n", 2, 6},
		{"XXS W=3 WX=1\n", 1, 9},
		{"XXS W=-1\n", 1, 5},
		{"XXS W3\n", 1, 5},
		{"012 X\nBBW  1e3\n", 2, 5},
	} {
		_, err := Parse([]byte(tc.text))
		e, ok := err.(*Error)
		if !ok || e.Code != CodeBadScoring || e.Pos.Line != tc.line || e.Pos.Col != tc.col {
			t.Errorf("%q: %v, want %s at %d:%d", tc.text, err, CodeBadScoring, tc.line, tc.col)
		}
	}
}
