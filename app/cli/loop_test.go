package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// The loop between rounds, end to end, on the pairing program's own
// files (../shared/corpora/trf): the file cut after round k with round
// k's results blank (as the pairing program gives it when it has paired
// round k) is imported, round k's results are entered with "event
// result" (forfeits among them), and the TRF exported must be the
// pairing program's file cut after round k, results and points alike.
// Then round k+1 comes in as a pairing list (the file's own pairs of
// k+1, in its board order, standing for the engine's list), its results
// are entered, and the export must be the file cut after k+1. The rule
// the test holds the export to is written here on its own: a player's
// points are the sum of his blocks (a win, a forfeit win and a
// full-point or pairing bye 1; a draw and a half-point bye 1/2).

// eolOf returns the line end a file uses.
func eolOf(data []byte) string {
	switch i := bytes.IndexAny(data, "\r\n"); {
	case i < 0:
		return "\n"
	case data[i] == '\n':
		return "\n"
	case i+1 < len(data) && data[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// blockPoints is what a round block's result column scores (TRF16's
// codes, the pairing programs' default system).
func blockPoints(c byte) float64 {
	switch c {
	case '1', '+', 'W', 'F', 'U', 'w', 'f', 'u':
		return 1
	case '=', 'D', 'H', 'd', 'h':
		return 0.5
	}
	return 0
}

// cutAfter returns a TRF cut after round k: each player line keeps its
// blocks of rounds 1..k, round k's result columns blank when blank, and
// its points are those of the blocks kept; unless blank, its ranks are
// those after round k (rankAfter).
func cutAfter(t *testing.T, data []byte, k int, blank bool) []byte {
	t.Helper()
	eol := eolOf(data)
	lines := strings.Split(strings.TrimSuffix(string(data), eol), eol)
	for i, l := range lines {
		if !strings.HasPrefix(l, "001") {
			continue
		}
		end := 99 + 10*(k-1) // round k's result column
		if len(l) < end {
			t.Fatalf("line %d ends before round %d", i+1, k)
		}
		l = l[:end]
		if blank {
			l = l[:end-1] + " "
		}
		points := 0.0
		for r := 1; r <= k; r++ {
			points += blockPoints(l[99+10*(r-1)-1])
		}
		lines[i] = l[:80] + fmt.Sprintf("%4.1f", points) + l[84:]
	}
	if !blank {
		rankAfter(lines)
	}
	return []byte(strings.Join(lines, eol) + eol)
}

// rankAfter writes each player's rank (columns 86-89) as the export
// makes it from a file naming no tie-breaks: points (columns 81-84),
// then the starting rank. The pairing program's file has the final
// standings there, not those after the round it is cut at.
func rankAfter(lines []string) {
	type player struct {
		line          int
		points, start float64
	}
	var ps []player
	for i, l := range lines {
		if strings.HasPrefix(l, "001") {
			pts, _ := strconv.ParseFloat(strings.TrimSpace(l[80:84]), 64)
			start, _ := strconv.ParseFloat(strings.TrimSpace(l[4:8]), 64)
			ps = append(ps, player{i, pts, start})
		}
	}
	sort.Slice(ps, func(a, b int) bool {
		if ps[a].points != ps[b].points {
			return ps[a].points > ps[b].points
		}
		return ps[a].start < ps[b].start
	})
	for n, p := range ps {
		l := lines[p.line]
		lines[p.line] = l[:85] + fmt.Sprintf("%4d", n+1) + l[89:]
	}
}

// resultOf is the game result two result columns say, as the arbiter
// enters it (the test's own reading of the codes).
func resultOf(w, b byte) string {
	switch string([]byte{w, b}) {
	case "10", "WL":
		return "1-0"
	case "01", "LW":
		return "0-1"
	case "==", "DD":
		return "1/2-1/2"
	case "+-":
		return "+/-"
	case "-+":
		return "-/+"
	case "--":
		return "-/-"
	}
	return ""
}

// enterRound enters the results of round r of the event from the file
// want: each board's players by their starting ranks (its TRF tags),
// the result their blocks say, with "event result".
func enterRound(t *testing.T, ev string, r int, want *trf.File) (forfeits int) {
	t.Helper()
	var boards []sheet.Game
	withStore(t, ev, func(st sheet.EventStore) {
		st.EachGame(sheet.GameFilter{Round: r}, func(g *sheet.Game) error { boards = append(boards, *g); return nil })
	})
	for _, g := range boards {
		w, _ := strconv.Atoi(g.Tags["TRFWhite"])
		b, _ := strconv.Atoi(g.Tags["TRFBlack"])
		wb, _ := want.Player(w).Block(r)
		bb, _ := want.Player(b).Block(r)
		res := resultOf(wb.Result, bb.Result)
		if res == "" || wb.Opponent != b {
			t.Fatalf("round %d board %d (%d-%d): the file says %q %q", r, g.Board, w, b, wb.Result, bb.Result)
		}
		if strings.Contains(res, "/") && res != "1/2-1/2" {
			forfeits++
		}
		mustRun(t, "event", "result", ev, "--round", itoa(r), "--board", itoa(g.Board), "--game", res)
	}
	return forfeits
}

// listOf is round r of a file as a pairing engine's list: the pairs in
// the file's board order, then the byes (U) as "rank 0".
func listOf(f *trf.File, r int) []byte {
	pairs, byes := f.Round(r)
	var lines []string
	for _, p := range pairs {
		lines = append(lines, fmt.Sprintf("%d %d", p.White.Rank, p.Black.Rank))
	}
	for _, b := range byes {
		if b.Result == 'U' || b.Result == 'u' {
			lines = append(lines, fmt.Sprintf("%d 0", b.Player.Rank))
		}
	}
	return []byte(fmt.Sprintf("%d\n%s\n", len(lines), strings.Join(lines, "\n")))
}

// exportTRF exports the event's TRF and returns it.
func exportTRF(t *testing.T, ev, dir string) []byte {
	t.Helper()
	out := filepath.Join(dir, "export.trf")
	os.Remove(out)
	mustRun(t, "export", "--format", "trf", "--out", out, ev)
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// sameFile says where two TRFs differ, line by line ("" when equal).
func sameFile(got, want []byte) string {
	if bytes.Equal(got, want) {
		return ""
	}
	eol := eolOf(want)
	g, w := strings.Split(string(got), eol), strings.Split(string(want), eol)
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, gl, wl)
		}
	}
	return "line ends differ"
}

func TestLoopBetweenRounds(t *testing.T) {
	for _, tc := range []struct {
		file     string
		k        int
		forfeits int // among round k's and k+1's results
	}{
		{"bbpPairings_issue_15.trf", 5, 20}, // 180 players, 90 boards a round
		{"bbpPairings_issue_7.trf", 9, 4},
		{"bbpPairings_dutch_2025_C5.trf", 1, 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			orig, err := os.ReadFile(xtest.Corpus(t, "trf", tc.file))
			if err != nil {
				t.Fatalf("the TRF corpus is needed: %v", err)
			}
			dir := t.TempDir()
			ev := newEvent(t)
			mustRun(t, "import", "--event", ev, xtest.WriteFile(t, dir, "cut.trf", cutAfter(t, orig, tc.k, true)))
			full, err := trf.Parse(orig)
			if err != nil {
				t.Fatal(err)
			}
			forfeits := enterRound(t, ev, tc.k, full)
			if diff := sameFile(exportTRF(t, ev, dir), cutAfter(t, orig, tc.k, false)); diff != "" {
				t.Fatalf("round %d exported is not the pairing program's file cut after it: %s", tc.k, diff)
			}
			// Round k+1 from the engine's list, its results entered. A file
			// with no rounds line (issue 15) gave the event the rounds it
			// had played: the arbiter sets them, as the engine needs them.
			if full.Rounds == 0 {
				mustRun(t, "event", "set", ev, "--rounds", itoa(full.RoundsPresent()))
			}
			list := xtest.WriteFile(t, dir, "pairs.txt", listOf(full, tc.k+1))
			code, out, e := run(t, "", "import", "--event", ev, list)
			if pairs, _ := full.Round(tc.k + 1); code != 0 || !strings.Contains(out, fmt.Sprintf("round %d: %s added", tc.k+1, plural(len(pairs), "board", "boards"))) {
				t.Fatalf("the list of round %d: exit %d %s %s", tc.k+1, code, out, e)
			}
			forfeits += enterRound(t, ev, tc.k+1, full)
			if diff := sameFile(exportTRF(t, ev, dir), cutAfter(t, orig, tc.k+1, false)); diff != "" {
				t.Fatalf("round %d exported is not the pairing program's file cut after it: %s", tc.k+1, diff)
			}
			if forfeits != tc.forfeits {
				t.Errorf("%d forfeits entered, want %d", forfeits, tc.forfeits)
			}
		})
	}
}
