//go:build arbiterbench

package e2e

// The benchmark of three windows typing on one event (issue 31, item 4),
// run by bench/keepup.sh three: three real windows under Xvfb at
// 1366x768 (each its own X server) on one event on the tests' PostgreSQL
// cluster (SCORESHEET_BENCH_FILE=1: on a file), each typing at 40 keys a
// second at the same time: A White's copy of board 1, B Black's copy of
// board 1, C White's copy of board 16 (real games' copies from HCS),
// then, all done, each the next board, until 30 s of keys. A shows B's cells and
// B shows A's as they are saved: the time from the typist sending a
// cell's last key (to the other window) to the window's live trace line
// showing the cell whole is "another window's save shown". C's typing is
// load on the server and on A's and B's navigators.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

// cellSent is a cell and when its last key was sent.
type cellSent struct {
	board, index int
	text         string
	at           time.Time
}

func TestLiveThreeBench(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	rate := envInt("SCORESHEET_BENCH_RATE", 40)
	seconds := envInt("SCORESHEET_BENCH_SECONDS", 30)
	keyInterval := time.Second / time.Duration(rate)
	sheets := xtest.HCSCopies(t)
	var games []string
	for k := range sheets {
		if g, ok := strings.CutSuffix(k, "_0"); ok && len(sheets[g+"_1"]) > 0 {
			games = append(games, g)
		}
	}
	sort.Strings(games)
	// copyOf is side's cells of HCS game k.
	copyOf := func(k int, side string) []string {
		cells := slices.Clone(sheets[games[k%len(games)]+side])
		for i := range cells {
			if cells[i] == "" {
				cells[i] = "-"
			}
		}
		return cells
	}
	dir := t.TempDir()
	event, where := filepath.Join(dir, "open.scoresheet"), "file"
	if os.Getenv("SCORESHEET_BENCH_FILE") != "1" {
		event, where = pgtest.Need(t).Event(t), "PostgreSQL"
	}
	run(t, nil, bin, "event", "new", event, "--name", "Bench Open", "--rounds", "1")
	for b := 1; b <= 30; b++ {
		run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", fmt.Sprint(b),
			"--white", fmt.Sprintf("Player, White %02d", b), "--black", fmt.Sprintf("Player, Black %02d", b), "--lang", "en")
	}
	// Each typist types its copy of a board, waits for the others, and
	// goes to the next board (Ctrl+PageDown) until rate*seconds keys:
	// A and B type the two copies of boards 1, 2, ...; C types White's
	// copy of boards 16, 17, ...
	type typist struct {
		name       string
		board      int
		switchCopy bool
		side       string
		w          *window
		trace      string
		sent       []cellSent
		keys       int
	}
	ts := []*typist{
		{name: "A", board: 1, side: "_0"},
		{name: "B", board: 1, switchCopy: true, side: "_1"},
		{name: "C", board: 16, side: "_0"},
	}
	for _, ty := range ts {
		home := filepath.Join(dir, ty.name)
		os.MkdirAll(home, 0o755)
		ty.trace = filepath.Join(home, "live.trace")
		env := []string{"SCORESHEET_LIVE_TRACE=" + ty.trace}
		if d := os.Getenv("SCORESHEET_BENCH_PROFILES"); d != "" { // each window's CPU profile, DIR/A.prof ...
			env = append(env, "SCORESHEET_CPUPROFILE="+filepath.Join(d, ty.name+".prof"))
		}
		ty.w = startWindowAt(t, "1366x768x24", env, bin, home, event, "--round", "1", "--board", fmt.Sprint(ty.board))
		xtest.Run(t, ty.w.env, "xdotool", "windowsize", "--sync", ty.w.wid, "1366", "768")
		if ty.switchCopy {
			ty.w.key(t, "F6")
		}
		waitIdle(t, ty.w.cmd.Process.Pid)
	}
	load, _ := os.ReadFile("/proc/loadavg")
	senders := map[string]*xtest.KeySender{}
	for _, ty := range ts {
		keys, err := xtest.OpenKeySender(displayOf(ty.w))
		if err != nil {
			t.Fatal(err)
		}
		defer keys.Close()
		senders[ty.name] = keys
	}
	for round := 0; ts[0].keys < rate*seconds && round < 14; round++ {
		if round > 0 {
			for _, ty := range ts {
				ty.w.key(t, "ctrl+Next")
				if ty.switchCopy {
					ty.w.key(t, "F6")
				}
			}
			for _, ty := range ts {
				waitIdle(t, ty.w.cmd.Process.Pid)
			}
		}
		var wg sync.WaitGroup
		for k, ty := range ts {
			keys := senders[ty.name]
			cells := copyOf(round+k/2*len(games)/2, ty.side)
			board := ty.board + round
			wg.Add(1)
			go func() {
				defer wg.Done()
				start, i := time.Now(), 0
				for n, c := range cells {
					for _, r := range c + " " {
						time.Sleep(time.Until(start.Add(time.Duration(i) * keyInterval)))
						if err := keys.Type(r); err != nil {
							t.Error(err)
							return
						}
						i++
					}
					ty.sent = append(ty.sent, cellSent{board, n, c, time.Now()})
				}
				ty.keys += i
			}()
		}
		wg.Wait()
		for _, ty := range ts {
			waitIdle(t, ty.w.cmd.Process.Pid)
		}
	}
	time.Sleep(3 * time.Second) // the last saves shown (or not: a cell never shown fails below)
	for _, ty := range ts {     // closed, not killed: a CPU profile asked for is written
		if k, err := xtest.OpenKeySender(displayOf(ty.w)); err == nil {
			k.CloseWindow(ty.w.wid)
			k.Close()
			ty.w.cmd.Wait()
		}
	}
	fmt.Printf("\nThree windows typing at %d keys/s on one event on the %s (A White's copy of boards 1, 2, ..., B Black's, C White's of boards 16, 17, ...), live trace on; load average %s\n",
		rate, where, strings.Join(strings.Fields(string(load))[:3], " "))
	for _, p := range [][2]*typist{{ts[0], ts[1]}, {ts[1], ts[0]}} {
		shower, typer := p[0], p[1]
		side := "black"
		if !typer.switchCopy {
			side = "white"
		}
		lat := shownAfter(t, shower.trace, side, typer.sent)
		slices.Sort(lat)
		med, p99 := lat[len(lat)/2], lat[min(len(lat)-1, len(lat)*99/100)]
		fmt.Printf("  %s shows %s's %d cells (%d keys): median %v, 99%% %v, slowest %v\n", shower.name, typer.name, len(typer.sent),
			typer.keys, med.Round(time.Millisecond), p99.Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
		if os.Getenv("SCORESHEET_BENCH_CHECK") == "1" && (med > time.Second || p99 > 2*time.Second) {
			t.Errorf("%s shows %s's saves: median %v, 99%% %v (want 1 s, 2 s)", shower.name, typer.name, med, p99)
		}
	}
	fmt.Printf("  C typed %d cells (%d keys) on boards 16, 17, ... meanwhile\n", len(ts[2].sent), ts[2].keys)
}

// shownAfter reads a window's live trace and returns, for each cell
// sent, the time from its last key sent to the first line showing the
// copy side holding it whole at its place.
func shownAfter(t *testing.T, trace, side string, sent []cellSent) []time.Duration {
	t.Helper()
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []liveShown
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var l liveShown
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			lines = append(lines, l)
		}
	}
	var out []time.Duration
	for _, c := range sent {
		k := slices.IndexFunc(lines, func(l liveShown) bool {
			cells := l.Cells[side]
			return l.Board == c.board && len(cells) > c.index && cells[c.index] == c.text
		})
		if k < 0 {
			t.Fatalf("%s: board %d cell %d (%q) of the %s copy never shown (%d lines)", trace, c.board, c.index+1, c.text, side, len(lines))
		}
		out = append(out, max(0, time.Duration(lines[k].UnixNano-c.at.UnixNano()))) // 0: shown as the key was sent
	}
	return out
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
