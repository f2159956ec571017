package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestConsultBenchmarkCLI runs the consult workflow of the noise
// benchmark end to end through the command line (issue 32): for each
// game of the file SCORESHEET_NOISE_GAMES names (sheet's TestNoiseExport
// writes it; bench/consult.sh does both), an event of one board, White's
// copy entered in full (`event enter --copy white`), Black's said
// consulted (`event enter --copy black --consulted`), then, as long as
// `event show --json` asks about half-moves whose cell of Black's copy
// was not typed yet, Black's cell typed there (`event enter --copy black
// --from PLY`), in order, the next half-move asked looked for again after
// each (as the arbiter works down the checks); then the arbiter decides what is still
// asked (`event decide`), as sheet's benchmark does. It prints the three
// figures: half-moves taken wrong without asking, asked at the end, and
// Black's cells typed, each a share of the half-moves played. SCORESHEET_NOISE_N takes the
// first N games only.
func TestConsultBenchmarkCLI(t *testing.T) {
	name := os.Getenv("SCORESHEET_NOISE_GAMES")
	if name == "" {
		t.Skip("SCORESHEET_NOISE_GAMES names no file (bench/consult.sh sets it)")
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var games []struct {
		Langs  [2]string   `json:"langs"`
		Copies [2][]string `json:"copies"`
		Played []string    `json:"played"`
	}
	if err := json.Unmarshal(b, &games); err != nil {
		t.Fatal(err)
	}
	if n, err := strconv.Atoi(os.Getenv("SCORESHEET_NOISE_N")); err == nil && n < len(games) {
		games = games[:n]
	}
	var plies, wrong, asked, typed, calls int
	for gi, g := range games {
		file := filepath.Join(t.TempDir(), fmt.Sprintf("g%d.scoresheet", gi))
		consultRun(t, "", "event", "new", file, "--name", "Noise")
		consultRun(t, "", "event", "add-game", file, "--round", "1", "--board", "1", "--white", "A", "--black", "B")
		consultRun(t, strings.Join(g.Copies[sheet.WhiteCopy], "\n")+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white", "--lang", g.Langs[sheet.WhiteCopy])
		// Black's copy said consulted before anything is looked up (the
		// window's choice in the copy's head): White's look-alikes are
		// asked from the start, not only once a first cell is looked up.
		consultRun(t, "", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--consulted")
		calls += 4
		done := map[int]bool{}
		var moves []moveDoc
		// The arbiter works down the checks: Black's cell at the first
		// half-move asked after the last one typed, the game read again
		// at each command, to the end; then again from the start until
		// nothing new is asked.
		for {
			added := false
			for from := 1; ; {
				moves = showJSONOf(t, file).Games[0].Moves
				calls++
				next := 0
				for _, m := range moves {
					if sheet.PlyStatus(m.Status).NeedsDecision() && m.Ply >= from && m.Ply <= len(g.Copies[sheet.BlackCopy]) && !done[m.Ply] {
						next = m.Ply
						break
					}
				}
				if next == 0 {
					break
				}
				done[next], added = true, true
				typed++
				consultRun(t, g.Copies[sheet.BlackCopy][next-1]+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black",
					"--lang", g.Langs[sheet.BlackCopy], "--from", strconv.Itoa(next))
				calls++
				from = next + 1
			}
			if !added {
				break
			}
		}
		// The arbiter decides, in order, each half-move still asked,
		// with the move played (event decide), and the game is read
		// again: what is taken without asking after it is then read in
		// the position of the game played. A realignment proposed (no
		// copy here is out of step) is counted asked and left.
		decided := map[int]bool{}
		for {
			next := 0
			for _, m := range moves {
				if sheet.PlyStatus(m.Status).NeedsDecision() && m.Ply <= len(g.Played) && !decided[m.Ply] {
					next = m.Ply
					break
				}
			}
			if next == 0 || moves[next-1].Status == string(sheet.PlyRealign) {
				break
			}
			decided[next] = true
			if code, _, _ := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", strconv.Itoa(next), "--take", g.Played[next-1]); code != 0 {
				// The move played is not legal there: a move before it was
				// taken wrong (counted below); the arbiter stops here.
				calls++
				break
			}
			moves = showJSONOf(t, file).Games[0].Moves
			calls += 2
		}
		plies += len(g.Played)
		asked += len(decided)
		for i := range max(len(g.Played), len(moves)) {
			switch {
			case decided[i+1]:
			case i >= len(moves):
				asked++ // the game stops short: the checks say so
			case sheet.PlyStatus(moves[i].Status).NeedsDecision():
				asked++
			case moves[i].SAN == "" && i < len(g.Played):
				asked++ // no move taken (a blank last cell): the game stops short, which the checks say
			case i >= len(g.Played):
				if moves[i].SAN != "" {
					wrong++ // a move taken past the end of the game
				}
			case moves[i].SAN != g.Played[i]:
				wrong++
				if os.Getenv("NOISE_SHOW") != "" {
					t.Logf("game %d ply %d: played %s, taken %s (%s) %+v", gi, i+1, g.Played[i], moves[i].SAN, moves[i].Status, moves[i].Copies)
				}
			}
		}
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(max(plies, 1)) }
	fmt.Printf("consult workflow through the CLI: %d games, %d half-moves, %d commands\n", len(games), plies, calls)
	fmt.Printf("  taken wrong without asking  %.3f%% (%d)\n", pct(wrong), wrong)
	fmt.Printf("  asked at the end            %.2f%% (%d)\n", pct(asked), asked)
	fmt.Printf("  Black's copy typed          %.2f%% (%d cells)\n", pct(typed), typed)
}

// consultRun runs a command line and stops the test where it fails.
func consultRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, e := run(t, stdin, args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, e)
	}
	return out
}
