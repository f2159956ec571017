//go:build arbiterbench

package e2e

// The benchmark of the arbiter's work (issue 24, item 6), run by
// bench/arbiter.sh (make bench), not by make test: the real window under
// Xvfb at 1366x768, an event of 30 boards, and on board 2 both players'
// copies of a real game from the Handwritten Chess Scoresheet dataset
// (../shared/corpora/handwritten; 021, its first 80 half-moves: 40
// moves), typed by keyboard only with xdotool as an arbiter would: open
// the board, White's copy and its result, F6, Black's copy and its
// result, then every decision the checks ask for. It counts the keys and
// the actions other than typing cells per board, and measures how far
// the screen is behind the typing at 25 keys/s.
//
// How it tells that the screen shows a key: the window's own report
// (SCORESHEET_KEYLOG, app/debug.go): after each key the cell handled, a
// one-pixel raster in the window is refreshed, and Fyne's painter calls
// its generator while it draws the next frame; the log has the time of
// each key handled and of each frame drawn after one, with the keys
// handled so far. Each key of a cell is sent at its time (25 a second)
// through XTEST, and the time the X server has it is the key's time: the
// screen is behind by the keys sent before a frame that the frame does
// not show.

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"scoresheet/app/cli"
	"scoresheet/internal/xtest"
)

// benchGame chooses the HCS game and how many of its half-moves
// (SCORESHEET_BENCH_GAME, SCORESHEET_BENCH_PLIES); SCORESHEET_BENCH_SHOT=
// FILE.png photographs the screen at the end; SCORESHEET_BENCH_CONSULT=1
// consults Black's copy instead of typing it (benchConsult).
func benchGame() (string, int) {
	game, plies := "021", 80
	if g := os.Getenv("SCORESHEET_BENCH_GAME"); g != "" {
		game = g
	}
	if n, err := strconv.Atoi(os.Getenv("SCORESHEET_BENCH_PLIES")); err == nil && n > 0 {
		plies = n
	}
	return game, plies
}

// benchConsult: Black's copy is not typed in full but looked up at each
// half-move the checks flag once White's copy is typed (Ctrl+K to its
// check, Space, F6 to Black's cell, the cell, F6 back), issue 24's
// "consult, don't retype"; Black's result is not typed (one result a
// board).
func benchConsult() bool { return os.Getenv("SCORESHEET_BENCH_CONSULT") == "1" }

// keyInterval is 25 keys a second.
const keyInterval = 40 * time.Millisecond

// sent is a key sent and when xdotool returned.
type sent struct {
	key string
	at  time.Time
}

// sender types into the window: the keys of the cells through XTEST at
// their times (xtest.KeySender: an xdotool a key could not keep 25 keys a
// second on a loaded machine), the other keys with xdotool.
type sender struct {
	t    *testing.T
	w    *window
	keys *xtest.KeySender
}

// typeChars types text one character a key at 25 keys a second and
// returns when each was with the X server.
func (s sender) typeChars(text string) []sent {
	var out []sent
	start := time.Now()
	for i, r := range []rune(text) {
		time.Sleep(time.Until(start.Add(time.Duration(i) * keyInterval)))
		if err := s.keys.Type(r); err != nil {
			s.t.Fatal(err)
		}
		out = append(out, sent{string(r), time.Now()})
	}
	return out
}

// press presses keys (xdotool names) one after the other and waits until
// the window has handled them.
func (s sender) press(keys ...string) { s.w.key(s.t, keys...) }

// logLine is a line of the key log.
type logLine struct {
	frame bool
	at    time.Time
	keys  int
}

func readKeyLog(t *testing.T, path string) []logLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []logLine
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(l)
		if len(f) != 3 {
			continue
		}
		ns, _ := strconv.ParseInt(f[1], 10, 64)
		n, _ := strconv.Atoi(f[2])
		out = append(out, logLine{frame: f[0] == "frame", at: time.Unix(0, ns), keys: n})
	}
	return out
}

// keysHandled is the keys the cell had handled when the log was read.
func keysHandled(t *testing.T, path string) int {
	n := 0
	for _, l := range readKeyLog(t, path) {
		n = max(n, l.keys)
	}
	return n
}

// lag is how a typing run went on the screen.
type lag struct {
	keys          int
	rate          float64       // keys a second sent
	maxBehind     int           // the most keys sent that a frame did not show
	lastToScreen  time.Duration // the last key sent to the frame showing it
	median, p95   time.Duration // each key sent to the frame showing it
	framesDrawn   int
	framesChecked int
}

// measure reads the log for the keys keys sent, from base keys handled.
func measure(t *testing.T, path string, base int, keys []sent) lag {
	t.Helper()
	var frames []logLine
	for _, l := range readKeyLog(t, path) {
		if l.frame && l.keys > base {
			frames = append(frames, l)
		}
	}
	r := lag{keys: len(keys), framesDrawn: len(frames)}
	if len(keys) > 1 {
		r.rate = float64(len(keys)-1) / keys[len(keys)-1].at.Sub(keys[0].at).Seconds()
	}
	var each []time.Duration
	for k, s := range keys {
		i := slices.IndexFunc(frames, func(f logLine) bool { return f.keys-base >= k+1 })
		if i < 0 {
			t.Fatalf("no frame shows key %d (%q) of %d", k+1, s.key, len(keys))
		}
		each = append(each, frames[i].at.Sub(s.at))
	}
	r.lastToScreen = each[len(each)-1]
	for _, f := range frames {
		if f.at.After(keys[len(keys)-1].at.Add(time.Second)) {
			break
		}
		sentBy := sort.Search(len(keys), func(k int) bool { return keys[k].at.After(f.at) })
		r.maxBehind = max(r.maxBehind, sentBy-(f.keys-base))
		r.framesChecked++
	}
	slices.Sort(each)
	r.median, r.p95 = each[len(each)/2], each[len(each)*95/100]
	return r
}

// cellsTyped is what the arbiter types for a copy's cells: each cell and
// a space; a blank box as "-" (a move not written).
func cellsTyped(cells []string) string {
	var b strings.Builder
	for _, c := range cells {
		if c == "" {
			c = "-"
		}
		b.WriteString(c + " ")
	}
	return b.String()
}

// showBoard is what event show says of a board.
func showBoard(t *testing.T, bin, event string, board int) cli.GameDoc {
	t.Helper()
	for _, g := range show(t, bin, event).Games {
		if g.Board == board {
			return g
		}
	}
	t.Fatalf("no board %d", board)
	return cli.GameDoc{}
}

// undecided are the half-moves that need the arbiter, in order.
func undecided(t *testing.T, bin, event string) []int {
	var out []int
	for _, m := range showBoard(t, bin, event, 2).Moves {
		switch m.Status {
		case "differ", "doubtful", "realign":
			out = append(out, m.Ply)
		}
	}
	return out
}

// checkIndex is how many Ctrl+K go to the first check of half-move ply:
// the Arbiter checks panel's rows with a half-move, in order.
func checkIndex(t *testing.T, bin, event string, ply int) int {
	k := 0
	for _, f := range showBoard(t, bin, event, 2).Findings {
		if f.Ply <= 0 {
			continue
		}
		k++
		if f.Ply == ply {
			return k
		}
	}
	t.Fatalf("no check at half-move %d", ply)
	return 0
}

// lookUp consults Black's copy at each half-move the checks flag with
// White's copy typed: Ctrl+K to the half-move's check, Space (the cursor
// on White's cell), F6 (Black's cell there, the copy consulted), the
// cell as Black wrote it, F6 back to White's copy. It returns how the
// screen kept up over the cells typed (their keys together: the most
// behind and the slowest of the keys' times), their keys and how many
// half-moves were looked up.
func lookUp(t *testing.T, bin, event string, black []string, act func(string, ...string), typing func(string) (lag, int)) (lag, int, int) {
	t.Helper()
	looked := map[int]bool{}
	var all lag
	keys := 0
	for range 2 * len(black) {
		ply := 0
		for _, p := range undecided(t, bin, event) {
			if !looked[p] && p <= len(black) {
				ply = p
				break
			}
		}
		if ply == 0 {
			break
		}
		looked[ply] = true
		var k []string
		for range checkIndex(t, bin, event, ply) {
			k = append(k, "ctrl+k")
		}
		act(fmt.Sprintf("look up half-move %d", ply), append(k, "space", "F6")...)
		l, n := typing(cellsTyped(black[ply-1 : ply]))
		act("back to White's copy", "F6")
		keys += n
		all.keys += l.keys
		all.maxBehind = max(all.maxBehind, l.maxBehind)
		all.lastToScreen = max(all.lastToScreen, l.lastToScreen)
		all.median, all.p95 = max(all.median, l.median), max(all.p95, l.p95)
		all.framesDrawn += l.framesDrawn
		all.rate = max(all.rate, l.rate)
		got := showBoard(t, bin, event, 2).Copies["black"].Cells
		if want := cellsTyped(black[ply-1 : ply]); len(got) < ply || got[ply-1].Written+" " != want {
			t.Fatalf("half-move %d looked up: Black's copy holds %d cells, want %q at %d", ply, len(got), want, ply)
		}
	}
	return all, keys, len(looked)
}

// blackLabel names Black's typing in the figures: in full, or the cells
// looked up (their keys together; the most behind and the slowest times
// of any of them).
func blackLabel(consult bool) string {
	if consult {
		return "Black's looked up"
	}
	return "Black's copy"
}

func TestArbiterBench(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	game, plies := benchGame()
	sheets := xtest.HCSCopies(t)
	white, black := sheets[game+"_0"], sheets[game+"_1"]
	if len(white) == 0 || len(black) == 0 {
		t.Fatalf("HCS game %s has not both copies", game)
	}
	white, black = white[:min(plies, len(white))], black[:min(plies, len(black))]
	const result = "1/2" // the HCS pages say no result; the arbiter types what the sheet says

	dir := t.TempDir()
	event := filepath.Join(dir, "open.scoresheet")
	newBenchEvent(t, bin, event)
	keyLog := filepath.Join(dir, "keys.log")
	w := startBenchWindow(t, []string{"SCORESHEET_KEYLOG=" + keyLog}, bin, dir, event, 1)
	xtest.Run(t, w.env, "xdotool", "windowmove", "--sync", w.wid, "0", "0")
	if n := os.Getenv("SCORESHEET_BENCH_NICE"); n != "" {
		// The window, its X server and this typist first: a machine busy
		// with other work measures that work.
		run(t, nil, "renice", "-n", n, "-p", strconv.Itoa(w.cmd.Process.Pid), strconv.Itoa(w.xvfb.Pid), strconv.Itoa(os.Getpid()))
	}
	waitIdle(t, w.cmd.Process.Pid)
	s := sender{t, w, keySender(t, w)}
	load, _ := os.ReadFile("/proc/loadavg")

	var actions []string // what the arbiter did besides typing cells, in keys
	act := func(what string, keys ...string) {
		s.press(keys...)
		actions = append(actions, what+": "+strings.Join(keys, " "))
	}
	typing := func(text string) (lag, int) {
		waitIdle(t, w.cmd.Process.Pid)
		base := keysHandled(t, keyLog)
		keys := s.typeChars(text)
		waitIdle(t, w.cmd.Process.Pid)
		return measure(t, keyLog, base, keys), len([]rune(text))
	}

	act("open the board", "ctrl+Next")
	lagW, keysW := typing(cellsTyped(white))
	lagWR, keysWR := typing(result + " ")
	consult := benchConsult()
	var lagB, lagBR lag
	var keysB, keysBR, lookedUp int
	if consult {
		lagB, keysB, lookedUp = lookUp(t, bin, event, black, act, typing)
	} else {
		act("the other copy", "F6")
		lagB, keysB = typing(cellsTyped(black))
		lagBR, keysBR = typing(result + " ")
	}
	decisions := 0
	for range 10 {
		flagged := undecided(t, bin, event)
		if len(flagged) == 0 {
			break
		}
		ply := flagged[0]
		keys := []string{}
		for range checkIndex(t, bin, event, ply) {
			keys = append(keys, "ctrl+k")
		}
		act(fmt.Sprintf("decide half-move %d", ply), append(keys, "space", "ctrl+1")...)
		decisions++
		if still := undecided(t, bin, event); len(still) > 0 && still[0] == ply {
			t.Fatalf("half-move %d still needs a decision after %v", ply, keys)
		}
	}

	if shot := os.Getenv("SCORESHEET_BENCH_SHOT"); shot != "" { // the screen at the end (ImageMagick's import)
		xtest.Run(t, w.env, "import", "-window", "root", shot)
	}
	// Quit by closing the window (Ctrl+Q quit nothing: Fyne has no such
	// key on Linux, and the run waited here for ever): a CPU profile
	// asked for (SCORESHEET_CPUPROFILE) is written as the window closes.
	if err := s.keys.CloseWindow(w.wid); err != nil {
		t.Fatal(err)
	}
	w.cmd.Wait()
	g := showBoard(t, bin, event, 2)
	for side, want := range map[string][]string{"white": white, "black": black} {
		if side == "black" && consult {
			continue // the cells looked up only: lookUp checked each
		}
		var got []string
		for _, c := range g.Copies[side].Cells {
			got = append(got, c.Written)
		}
		for i := range want {
			if want[i] == "" {
				want[i] = "-"
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s's copy stored\n%q\ntyped\n%q", side, got, want)
		}
		if g.Copies[side].Result != "1/2-1/2" {
			t.Errorf("%s's copy's result %q", side, g.Copies[side].Result)
		}
	}
	moveKeys := keysW + keysB
	resultKeys := keysWR + keysBR
	otherKeys := 0
	for _, a := range actions {
		otherKeys += len(strings.Fields(a[strings.Index(a, ":")+1:]))
	}
	fmt.Printf("\nThe arbiter's work: HCS game %s, %d half-moves (White's copy %d cells, Black's %d), at 1366x768, load average %s, nice %q\n",
		game, max(len(white), len(black)), len(white), len(black), strings.Join(strings.Fields(string(load))[:3], " "), os.Getenv("SCORESHEET_BENCH_NICE"))
	if consult {
		fmt.Printf("  Black's copy consulted: %d half-moves looked up, %d cells of it typed\n", lookedUp, lookedUp)
	}
	fmt.Printf("  board state after: %s, result %s, %d half-moves decided by the arbiter\n", g.State, g.Result, decisions)
	halfMoves := max(len(white), len(black))
	fmt.Printf("  keys for the cells (moves and spaces): %d (%.2f a half-move of the game", moveKeys, float64(moveKeys)/float64(halfMoves))
	if !consult {
		fmt.Printf(", %.2f a half-move a copy", float64(moveKeys)/float64(len(white)+len(black)))
	}
	fmt.Printf(")\n")
	fmt.Printf("  keys for the results (typed after each copy's last move): %d\n", resultKeys)
	fmt.Printf("  actions besides typing cells and results: %d, in %d keys:\n", len(actions), otherKeys)
	for _, a := range actions {
		fmt.Printf("    %s\n", a)
	}
	fmt.Printf("  all keys for the board: %d\n", moveKeys+resultKeys+otherKeys)
	fmt.Printf("  the screen, typing at 25 keys a second (keys sent at a frame it did not show yet; key sent to the frame showing it):\n")
	for _, r := range []struct {
		what string
		l    lag
	}{{"White's copy", lagW}, {"White's result", lagWR}, {blackLabel(consult), lagB}, {"Black's result", lagBR}} {
		if r.l.keys == 0 {
			continue // consulted: no result typed on Black's copy
		}
		fmt.Printf("    %-15s %3d keys at %.1f/s: at most %d behind; median %v, 95%% %v, last key %v; %d frames\n",
			r.what, r.l.keys, r.l.rate, r.l.maxBehind, r.l.median.Round(time.Millisecond), r.l.p95.Round(time.Millisecond),
			r.l.lastToScreen.Round(time.Millisecond), r.l.framesDrawn)
	}
}
