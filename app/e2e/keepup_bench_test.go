//go:build arbiterbench

package e2e

// The benchmark of the window keeping up (issue 31, item 4), run by
// bench/keepup.sh: the real window under Xvfb at 1366x768, typing at 40
// keys a second for 30 s (SCORESHEET_BENCH_RATE, SCORESHEET_BENCH_SECONDS)
// the copies of real games (HCS, ../shared/corpora/handwritten) board
// after board: White's copy, F6, Black's copy, Ctrl+PageDown to the next
// board. How far the screen is behind is read from the window's own
// drawing (SCORESHEET_KEYLOG, as the arbiter's benchmark does). On the
// event file, or on an event on the tests' PostgreSQL cluster
// (SCORESHEET_BENCH_PG=1), with the live trace on or off
// (SCORESHEET_BENCH_TRACE=1).

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

func TestKeepUpBench(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	rate := envInt("SCORESHEET_BENCH_RATE", 40)
	seconds := envInt("SCORESHEET_BENCH_SECONDS", 30)
	keyInterval := time.Second / time.Duration(rate)
	sheets := xtest.HCSCopies(t)
	var games []string // HCS games with both copies, in order
	for k := range sheets {
		if g, ok := strings.CutSuffix(k, "_0"); ok && len(sheets[g+"_1"]) > 0 {
			games = append(games, g)
		}
	}
	sort.Strings(games)

	dir := t.TempDir()
	event := filepath.Join(dir, "open.scoresheet")
	where := "file"
	if os.Getenv("SCORESHEET_BENCH_PG") == "1" {
		event, where = pgtest.Need(t).Event(t), "PostgreSQL"
	}
	run(t, nil, bin, "event", "new", event, "--name", "Bench Open", "--rounds", "1")
	for b := 1; b <= 30; b++ {
		run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", strconv.Itoa(b),
			"--white", fmt.Sprintf("Player, White %02d", b), "--black", fmt.Sprintf("Player, Black %02d", b), "--lang", "en")
	}
	keyLog := filepath.Join(dir, "keys.log")
	env := []string{"SCORESHEET_KEYLOG=" + keyLog}
	trace := os.Getenv("SCORESHEET_BENCH_TRACE") == "1"
	if trace {
		env = append(env, "SCORESHEET_LIVE_TRACE="+filepath.Join(dir, "live.trace"))
	}
	w := startWindowAt(t, "1366x768x24", env, bin, dir, event, "--round", "1", "--board", "1")
	xtest.Run(t, w.env, "xdotool", "windowsize", "--sync", w.wid, "1366", "768")
	waitIdle(t, w.cmd.Process.Pid)
	var disp string
	for _, e := range w.env {
		if strings.HasPrefix(e, "DISPLAY=") {
			disp = strings.TrimPrefix(e, "DISPLAY=")
		}
	}
	keys, err := xtest.OpenKeySender(disp)
	if err != nil {
		t.Fatal(err)
	}
	defer keys.Close()
	load, _ := os.ReadFile("/proc/loadavg")

	// type sends text at the rate and measures it: the keys of one copy.
	var all []lag
	typed := 0
	typeCopy := func(text string) {
		base := keysHandled(t, keyLog)
		var out []sent
		start := time.Now()
		for i, r := range []rune(text) {
			time.Sleep(time.Until(start.Add(time.Duration(i) * keyInterval)))
			if err := keys.Type(r); err != nil {
				t.Fatal(err)
			}
			out = append(out, sent{string(r), time.Now()})
		}
		waitIdle(t, w.cmd.Process.Pid)
		all = append(all, measure(t, keyLog, base, out))
		typed += len(out)
	}
	budget := rate * seconds
	for b := 0; typed < budget && b < len(games) && b < 29; b++ {
		w.key(t, "ctrl+Next")
		waitIdle(t, w.cmd.Process.Pid)
		typeCopy(cellsTyped(sheets[games[b]+"_0"]))
		if typed >= budget {
			break
		}
		w.key(t, "F6")
		waitIdle(t, w.cmd.Process.Pid)
		typeCopy(cellsTyped(sheets[games[b]+"_1"]))
	}
	if shot := os.Getenv("SCORESHEET_BENCH_SHOT"); shot != "" {
		xtest.Run(t, w.env, "import", "-window", "root", shot)
	}
	if err := keys.CloseWindow(w.wid); err != nil {
		t.Fatal(err)
	}
	w.cmd.Wait()
	worst, frames := 0, 0
	var med, p95, last time.Duration
	for _, l := range all {
		worst = max(worst, l.maxBehind)
		med, p95, last = max(med, l.median), max(p95, l.p95), max(last, l.lastToScreen)
		frames += l.framesDrawn
	}
	fmt.Printf("\nKeeping up: %d keys at %d/s (%d copies) in the window at 1366x768, the event on the %s, trace %v; load average %s\n",
		typed, rate, len(all), where, trace, strings.Join(strings.Fields(string(load))[:3], " "))
	for i, l := range all {
		fmt.Printf("  copy %2d: %3d keys at %.1f/s: at most %d behind; median %v, 95%% %v, last key %v; %d frames\n",
			i+1, l.keys, l.rate, l.maxBehind, l.median.Round(time.Millisecond), l.p95.Round(time.Millisecond),
			l.lastToScreen.Round(time.Millisecond), l.framesDrawn)
	}
	fmt.Printf("  all: at most %d keys behind; worst copy's median %v, 95%% %v; %d frames\n", worst, med.Round(time.Millisecond), p95.Round(time.Millisecond), frames)
	if max := envInt("SCORESHEET_BENCH_MAX_BEHIND", 0); max > 0 && worst > max {
		t.Errorf("the screen was %d keys behind (at most %d)", worst, max)
	}
}
