package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
	"scoresheet/trf"
)

// A whole tournament replayed through the command line, as an arbiter
// runs it with a pairing engine: testdata/replay holds a 12-player
// Swiss of 7 rounds paired by bbpPairings --dutch run by hand
// (testdata/replay/README.md says how): inN.trf is the file the engine
// was given to pair round N, pairsN.txt the list it wrote, final.trf the
// tournament at its end. Before each round the test enters what the
// arbiter was told (event bye, withdraw, add-player), then the event's
// export must be the engine's input for that round (the same players,
// round blocks, points and 240 records: the engine would pair it as it
// did), the engine's list is imported as the round, and the round's
// results (from final.trf) are entered with event result. The
// tournament holds two half-point byes asked for (H), one absence (Z),
// two pairing-allocated byes (U), three forfeits (one double) of which
// two pairs are paired again later, a withdrawal and a late entry.

// replaySteps are the arbiter's entries before each round, as the
// engine's inputs say them.
var replaySteps = map[int][][]string{
	1: {{"bye", "--round", "1", "--player", "5", "--kind", "H"}},
	2: {{"bye", "--round", "2", "--player", "8", "--kind", "Z"}},
	3: {{"add-player", "--name", "Moreau, Marc", "--rating", "1905"}, {"bye", "--round", "3", "--player", "3", "--kind", "H"}},
	4: {{"withdraw", "--player", "10", "--from", "4"}},
}

func TestReplayTournament(t *testing.T) {
	t.Run("file", func(t *testing.T) { replay(t, filepath.Join(t.TempDir(), "open.scoresheet")) })
	t.Run("server", func(t *testing.T) { replay(t, pgtest.Need(t).Event(t)) })
}

func replay(t *testing.T, ev string) {
	dir := filepath.Join("testdata", "replay")
	final := parseTRF(t, filepath.Join(dir, "final.trf"))
	mustRun(t, "event", "new", ev, "--name", "Replay Open")
	mustRun(t, "import", "--event", ev, filepath.Join(dir, "r0.trf"))
	for r := 1; r <= final.RoundsPresent(); r++ {
		for _, step := range replaySteps[r] {
			mustRun(t, append([]string{"event", step[0], ev}, step[1:]...)...)
		}
		got := exportedTRF(t, ev)
		want := parseTRF(t, filepath.Join(dir, fmt.Sprintf("in%d.trf", r)))
		if d := pairingInput(got, r) + "\n"; d != pairingInput(want, r)+"\n" {
			t.Fatalf("round %d: the export is not the engine's input:\ngot:\n%swant:\n%s", r, d, pairingInput(want, r))
		}
		mustRun(t, "import", "--event", ev, "--round", itoa(r), filepath.Join(dir, fmt.Sprintf("pairs%d.txt", r)))
		enterResults(t, ev, r, final)
	}
	got := exportedTRF(t, ev)
	n := final.RoundsPresent()
	if g, w := pairingInput(got, n), pairingInput(final, n); g != w {
		t.Fatalf("the tournament's end differs:\ngot:\n%s\nwant:\n%s", g, w)
	}
}

// pairingInput is what a pairing engine reads of a TRF to pair round r
// (rounds 1..r-1 played, round r's byes asked for): each player's
// starting rank, rating, points and round blocks up to r, and the 240
// records, one a line.
func pairingInput(f *trf.File, r int) string {
	var b strings.Builder
	for _, p := range f.Players {
		fmt.Fprintf(&b, "%d %d %s:", p.Rank, p.Rating, p.Points)
		for _, bl := range p.Rounds {
			if bl.Round <= r {
				fmt.Fprintf(&b, " %d%c%c", bl.Opponent, bl.Colour, bl.Result)
			}
		}
		b.WriteString("\n")
	}
	rs, err := f.Requests()
	if err != nil {
		return err.Error()
	}
	for _, q := range rs {
		fmt.Fprintf(&b, "240 %c %d %d\n", q.Kind, q.Round, q.Rank)
	}
	return b.String()
}

func parseTRF(t *testing.T, path string) *trf.File {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := trf.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// exportedTRF exports the event's TRF (export --format trf) and reads it.
func exportedTRF(t *testing.T, ev string) *trf.File {
	t.Helper()
	out := filepath.Join(t.TempDir(), "export.trf")
	mustRun(t, "export", "--format", "trf", "--out", out, ev)
	return parseTRF(t, out)
}

// enterResults enters round r's results as want's blocks say them, board
// by board (the boards' starting ranks are their TRF tags), on a file or
// a server alike.
func enterResults(t *testing.T, ev string, r int, want *trf.File) {
	t.Helper()
	st, err := location.Open(ev)
	if err != nil {
		t.Fatal(err)
	}
	var boards []sheet.Game
	err = st.EachGame(sheet.GameFilter{Round: r}, func(g *sheet.Game) error { boards = append(boards, *g); return nil })
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range boards {
		w, _ := strconv.Atoi(g.Tags["TRFWhite"])
		b, _ := strconv.Atoi(g.Tags["TRFBlack"])
		wb, _ := want.Player(w).Block(r)
		bb, _ := want.Player(b).Block(r)
		res := resultOf(wb.Result, bb.Result)
		if res == "" || wb.Opponent != b {
			t.Fatalf("round %d board %d (%d-%d): the reference says %d %q %q", r, g.Board, w, b, wb.Opponent, wb.Result, bb.Result)
		}
		mustRun(t, "event", "result", ev, "--round", itoa(r), "--board", itoa(g.Board), "--game", res)
	}
}
