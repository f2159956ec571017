package trf

import (
	"fmt"
	"strings"
	"testing"
)

// playerLine writes a 001 line of starting rank rank with the given
// round blocks ("  4 w 1").
func playerLine(rank int, blocks ...string) string {
	head := fmt.Sprintf("001 %4d %1s%-3s %-33s %4d %-3s %11s %-10s %4s %4s  ", rank, "", "", fmt.Sprintf("Player %d", rank), 2000, "", "", "", "", "")
	for _, b := range blocks {
		head += fmt.Sprintf("%-8s  ", b)
	}
	return strings.TrimRight(head, " ")
}

// TestBoardNumbering: round 3 of eight players with known scores after
// two rounds: boards by the pair's higher score, then the pair's total,
// then the higher-ranked (lower number) player; the bye is listed apart.
func TestBoardNumbering(t *testing.T) {
	// Scores after round 2: 1:2, 2:1.5, 3:1, 4:1, 5:0, 6:0.5, 7:0,
	// 8:1.5 (a half-point bye), 9:1 (absent in round 1).
	lines := []string{
		playerLine(1, "   5 w 1", "   3 b 1", "   2 w  "),
		playerLine(2, "   6 b =", "   7 w 1", "   1 b  "),
		playerLine(3, "   7 w 1", "   1 w 0", "   6 b  "),
		playerLine(4, "   8 b 0", "   5 b 1", "   7 w  "),
		playerLine(5, "   1 b 0", "   4 w 0", "   9 w  "),
		playerLine(6, "   2 w =", "   9 b 0", "   3 w  "),
		playerLine(7, "   3 b 0", "   2 b 0", "   4 b  "),
		playerLine(8, "   4 w 1", "0000 - H", "0000 - U"),
		playerLine(9, "0000 - Z", "   6 w 1", "   5 b  "),
	}
	f, err := Parse([]byte("012 Numbering\n" + strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	pairs, byes := f.Round(3)
	var got []string
	for _, p := range pairs {
		got = append(got, fmt.Sprintf("%d:%d-%d", p.Board, p.White.Rank, p.Black.Rank))
	}
	// 1-2: higher score 2. 6-3, 4-7, 5-9: higher score 1; 6-3 has the
	// highest total (1.5); 4-7 and 5-9 tie on 1, 4 is ranked above 5.
	want := "1:1-2 2:6-3 3:4-7 4:5-9"
	if strings.Join(got, " ") != want {
		t.Errorf("round 3 boards %q, want %q", strings.Join(got, " "), want)
	}
	if len(byes) != 1 || byes[0].Player.Rank != 8 || byes[0].Result != 'U' {
		t.Errorf("byes %+v", byes)
	}
	if s := f.Scores(3); s[1] != 2 || s[2] != 1.5 || s[8] != 1.5 || s[9] != 1 {
		t.Errorf("scores %v", s)
	}
}
