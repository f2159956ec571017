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
	"strings"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

func TestKeepUpBench(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	rate, seconds, keyInterval := benchPace()
	sheets := xtest.HCSCopies(t)
	games := hcsBothCopies(sheets)

	dir := t.TempDir()
	event := filepath.Join(dir, "open.scoresheet")
	where := "file"
	if os.Getenv("SCORESHEET_BENCH_PG") == "1" {
		event, where = pgtest.Need(t).Event(t), "PostgreSQL"
	}
	newBenchEvent(t, bin, event)
	keyLog := filepath.Join(dir, "keys.log")
	env := []string{"SCORESHEET_KEYLOG=" + keyLog}
	trace := os.Getenv("SCORESHEET_BENCH_TRACE") == "1"
	if trace {
		env = append(env, "SCORESHEET_LIVE_TRACE="+filepath.Join(dir, "live.trace"))
	}
	w := startBenchWindow(t, env, bin, dir, event, 1)
	waitIdle(t, w.cmd.Process.Pid)
	keys := keySender(t, w)
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
