package trf

import (
	"strconv"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestTakeResult: the event's result of a board is what its two blocks
// say afterwards, whatever the file said: a forfeit as + and -, a board
// with none ("" or "*") blank (a result at the line's end cut back to the
// colour, as the pairing programs leave a round not played yet); a
// board not from a TRF, or whose pairing the file lacks, is not written.
func TestTakeResult(t *testing.T) {
	board := func(r, w, b int, res sheet.Result) *sheet.Game {
		return &sheet.Game{Round: r, Result: res, Tags: map[string]string{TagWhite: strconv.Itoa(w), TagBlack: strconv.Itoa(b)}}
	}
	for _, tc := range []struct {
		name    string
		g       *sheet.Game
		changed bool
		ok      bool
		end     string // player 1's line ends so afterwards
	}{
		{"forfeit", board(2, 2, 1, sheet.BlackForfeitWin), true, true, "   2 b +"},
		{"same result", board(2, 2, 1, sheet.Drawn), false, true, "   2 b ="},
		{"cleared", board(2, 2, 1, sheet.NoResult), true, true, "   3 w 1     2 b"},
		{"unfinished", board(2, 2, 1, sheet.Unfinished), true, true, "   3 w 1     2 b"},
		{"round 1 cleared", board(1, 1, 3, ""), true, true, "   3 w       2 b ="},
		{"not in file", board(2, 1, 2, sheet.WhiteWins), false, false, "   2 b ="},
		{"not from a TRF", &sheet.Game{Round: 2, Result: sheet.WhiteWins}, false, false, "   2 b ="},
	} {
		f := rankedFile(t, "")
		changed, ok := f.TakeResult(tc.g)
		if changed != tc.changed || ok != tc.ok {
			t.Errorf("%s: changed %v ok %v", tc.name, changed, ok)
		}
		back, err := Parse(f.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if l := string(back.Player(1).Line.Text); !strings.HasSuffix(l, tc.end) {
			t.Errorf("%s: player 1's line ends %q", tc.name, l[90:])
		}
		// Both blocks agree with the result taken.
		pairs, _ := back.Round(tc.g.Round)
		for _, p := range pairs {
			if w, _, _ := Ranks(tc.g); ok && p.White.Rank == w && p.Result() != tc.g.Result && (tc.g.Result.Decided() || p.Result() != "") {
				t.Errorf("%s: the file says %q", tc.name, p.Result())
			}
		}
	}
}
