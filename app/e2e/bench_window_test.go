//go:build arbiterbench

package e2e

// What the window benchmarks (arbiter_bench, keepup_bench,
// live_three_bench) share: their pace, their event of 30 boards, the HCS
// games they type, and a window at 1366x768 with a key sender on its
// display.

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// envInt is the positive whole number in the environment variable name,
// else def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// benchPace is how fast and how long a benchmark types: keys a second
// (SCORESHEET_BENCH_RATE, 40), seconds (SCORESHEET_BENCH_SECONDS, 30), and
// the time between two keys.
func benchPace() (rate, seconds int, keyInterval time.Duration) {
	rate = envInt("SCORESHEET_BENCH_RATE", 40)
	seconds = envInt("SCORESHEET_BENCH_SECONDS", 30)
	return rate, seconds, time.Second / time.Duration(rate)
}

// hcsBothCopies lists, in order, the HCS games of sheets (xtest.HCSCopies)
// that have both copies: "021" for "021_0" and "021_1".
func hcsBothCopies(sheets map[string][]string) []string {
	var games []string
	for k := range sheets {
		if g, ok := strings.CutSuffix(k, "_0"); ok && len(sheets[g+"_1"]) > 0 {
			games = append(games, g)
		}
	}
	sort.Strings(games)
	return games
}

// newBenchEvent makes the benchmarks' event at event: one round of 30
// boards, "Player, White 01" against "Player, Black 01" and so on, read
// in English.
func newBenchEvent(t *testing.T, bin, event string) {
	t.Helper()
	run(t, nil, bin, "event", "new", event, "--name", "Bench Open", "--rounds", "1")
	for b := 1; b <= 30; b++ {
		run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", strconv.Itoa(b),
			"--white", fmt.Sprintf("Player, White %02d", b), "--black", fmt.Sprintf("Player, Black %02d", b), "--lang", "en")
	}
}

// startBenchWindow opens the window on round 1's board of event, at
// 1366x768 on its own X server, with dir as its home folder and env added
// to its environment.
func startBenchWindow(t *testing.T, env []string, bin, dir, event string, board int) *window {
	t.Helper()
	w := startWindowAt(t, "1366x768x24", env, bin, dir, event, "--round", "1", "--board", strconv.Itoa(board))
	xtest.Run(t, w.env, "xdotool", "windowsize", "--sync", w.wid, "1366", "768")
	return w
}

// displayOf is the X display a window is on.
func displayOf(w *window) string {
	for _, e := range w.env {
		if d, ok := strings.CutPrefix(e, "DISPLAY="); ok {
			return d
		}
	}
	return ""
}

// keySender opens a key sender on w's display, closed when the test
// ends (before w's X server, started earlier, is stopped).
func keySender(t *testing.T, w *window) *xtest.KeySender {
	t.Helper()
	keys, err := xtest.OpenKeySender(displayOf(w))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(keys.Close)
	return keys
}
