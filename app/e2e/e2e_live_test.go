package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

// Issue 22: several writers on one event, a file or on a server. Each window writes what it
// shows of other writers' changes to a trace file (SCORESHEET_LIVE_TRACE):
// the waits here read it, and the event file.

// liveShown is a line of a window's trace (app's liveShown).
type liveShown struct {
	UnixNano int64               `json:"unix_ns"`
	Round    int                 `json:"round"`
	Board    int                 `json:"board"`
	Cells    map[string][]string `json:"cells"`
	Entry    string              `json:"entry"`
	Nav      []string            `json:"nav"`
	Checks   []string            `json:"checks"`
	Status   string              `json:"status"`
}

// liveWindow is the real app on an event with a trace of what it shows.
type liveWindow struct {
	*window
	trace string
}

// startLive starts the app on round 3 board 12 of event, tracing what
// it shows of others' changes into its own file.
func startLive(t testing.TB, bin, event, name string) *liveWindow {
	t.Helper()
	dir := filepath.Dir(event)
	if onServer(event) {
		dir = t.TempDir() // the app's home folder
	}
	trace := filepath.Join(dir, name+".trace")
	w := startWindowAt(t, "1400x900x24", []string{"SCORESHEET_LIVE_TRACE=" + trace}, bin, dir, event, "--round", "3", "--board", "12")
	return &liveWindow{w, trace}
}

// lastShown returns the window's last trace line (zero before any).
func (w *liveWindow) lastShown(t testing.TB) liveShown {
	t.Helper()
	f, err := os.Open(w.trace)
	if errors.Is(err, fs.ErrNotExist) {
		return liveShown{}
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var last liveShown
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l liveShown
		if json.Unmarshal(sc.Bytes(), &l) == nil { // a line being written is read next time
			last = l
		}
	}
	return last
}

// waitShown waits until the window's trace says it shows what ok wants
// (xtest.WaitUntil: as long as it keeps changing).
func (w *liveWindow) waitShown(t testing.TB, what string, ok func(l liveShown) bool) liveShown {
	t.Helper()
	var got liveShown
	xtest.WaitUntil(t, what, func() (string, bool) {
		got = w.lastShown(t)
		b, _ := json.MarshalIndent(got, "", " ")
		return string(b), ok(got)
	})
	return got
}

// teamEvent makes the event of issue 22's scenarios: round 3, board 12
// (White's copy holds d4) and board 13.
func teamEvent(t testing.TB, bin string) string {
	t.Helper()
	return teamEventAt(t, bin, filepath.Join(t.TempDir(), "team.scoresheet"))
}

// teamEventAt is teamEvent at a location: a file's path, or an event on
// the tests' PostgreSQL server.
func teamEventAt(t testing.TB, bin, event string) string {
	t.Helper()
	run(t, nil, bin, "event", "new", event, "--name", "Team Open", "--rounds", "3")
	for _, b := range []string{"12", "13"} {
		run(t, nil, bin, "event", "add-game", event, "--round", "3", "--board", b, "--white", "White "+b, "--black", "Black "+b, "--lang", "en")
	}
	enter(t, bin, event, "12", "white", "d4")
	return event
}

// enter is the CLI's event enter of moves on a copy of a board of round 3.
func enter(t testing.TB, bin, event, board, side, moves string) {
	t.Helper()
	cmd := exec.Command(bin, "event", "enter", event, "--round", "3", "--board", board, "--copy", side)
	cmd.Stdin = strings.NewReader(strings.ReplaceAll(moves, " ", "\n") + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("event enter %s: %v\n%s", moves, err, out)
	}
}

// onServer reports whether event is a location on a server.
func onServer(event string) bool { return strings.HasPrefix(event, "postgres://") }

// onBoth runs scenario on the event file and on an event on the tests'
// PostgreSQL server, each made by teamEventAt.
func onBoth(t *testing.T, bin string, scenario func(t *testing.T, event string)) {
	t.Run("file", func(t *testing.T) { scenario(t, teamEvent(t, bin)) })
	t.Run("server", func(t *testing.T) { scenario(t, teamEventAt(t, bin, pgtest.Need(t).Event(t))) })
}

// copyOf is a copy of round 3 board 12 as the CLI reads it.
func copyOf(t testing.TB, bin, event, side string) string {
	return strings.Join(stored(show(t, bin, event), 3, 12, side), " ")
}

// TestTwoWindowsOneBoard is issue 22's first scenario with the real app:
// windows A and B on round 3 board 12, whose White's copy holds d4. A
// types d5 c4; B types Sf6 into its cell 2, the one after d4 where it
// had the cursor. Before, B's Sf6 went in before A's moves (d4 Sf6 d5
// c4). Now B shows A's moves within a second, and its key typed into the
// cell that changed under it is not saved: White's copy stays d4 d5 c4.
func TestTwoWindowsOneBoard(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	onBoth(t, bin, func(t *testing.T, event string) { twoWindowsOneBoard(t, bin, event) })
}

func twoWindowsOneBoard(t *testing.T, bin, event string) {
	a, b := startLive(t, bin, event, "a"), startLive(t, bin, event, "b")
	a.typeText(t, "d5 c4 ")
	waitStored(t, bin, event, copyWant{3, 12, "white", []string{"d4", "d5", "c4"}})
	b.waitShown(t, "B does not show A's moves", func(l liveShown) bool {
		return slices.Equal(l.Cells["white"], []string{"d4", "d5", "c4"}) && l.Entry == "d5"
	})
	b.typeText(t, "Sf6 ")
	// Issue 31: the keys after the refusal are refused with it and kept
	// as one text (before, a dialog took them and they were lost).
	b.waitShown(t, "B does not say its Sf6 was not saved", func(l liveShown) bool {
		return strings.Contains(l.Status, "Not saved in Half-move 2, White's scoresheet: “Sf6”")
	})
	waitIdle(t, b.cmd.Process.Pid)
	if got := copyOf(t, bin, event, "white"); got != "d4 d5 c4" {
		t.Errorf("White's copy is %q, want d4 d5 c4 (B's Sf6 refused)", got)
	}
	b.key(t, "F8") // the arbiter at B has seen d5 and writes Sf6 there after all
	waitStored(t, bin, event, copyWant{3, 12, "white", []string{"d4", "Sf6", "c4"}})
}

// TestWindowThenCLIOnOneCopy is issue 22's second scenario with the real
// app: the window shows Black's copy empty, the cursor in its first cell;
// the CLI's event enter stores e4 e5 Nf3 Nc6 Bb5 there; the window types
// d4. Before, d4 went in before the CLI's moves. Now the window shows
// them, and d4 typed into the cell that changed under the cursor is not
// saved: the CLI's moves stay in place.
func TestWindowThenCLIOnOneCopy(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	onBoth(t, bin, func(t *testing.T, event string) { windowThenCLIOnOneCopy(t, bin, event) })
}

func windowThenCLIOnOneCopy(t *testing.T, bin, event string) {
	w := startLive(t, bin, event, "w")
	w.key(t, "F6") // Black's copy, its first cell
	enter(t, bin, event, "12", "black", "e4 e5 Nf3 Nc6 Bb5")
	w.waitShown(t, "the window does not show the CLI's moves", func(l liveShown) bool {
		return slices.Equal(l.Cells["black"], strings.Fields("e4 e5 Nf3 Nc6 Bb5")) && l.Entry == "e4"
	})
	w.typeText(t, "d4 ")
	w.waitShown(t, "the window does not say its d4 was not saved", func(l liveShown) bool {
		return strings.Contains(l.Status, "Not saved in Half-move 1, Black's scoresheet: “d4”")
	})
	waitIdle(t, w.cmd.Process.Pid)
	w.key(t, "shift+F8") // dropped: the arbiter decided so
	if got := copyOf(t, bin, event, "black"); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("Black's copy is %q, want the CLI's e4 e5 Nf3 Nc6 Bb5 in place", got)
	}
}

// TestWindowShowsOtherWriters: what other processes save shows in the
// window: another window's keys on the open board, the CLI's cells that
// repeat the position (the checks list 9.2), another board's result in
// the navigator. Then the other window is killed mid-typing: this one
// shows exactly what it stored.
func TestWindowShowsOtherWriters(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	onBoth(t, bin, func(t *testing.T, event string) { windowShowsOtherWriters(t, bin, event) })
}

func windowShowsOtherWriters(t *testing.T, bin, event string) {
	a, b := startLive(t, bin, event, "a"), startLive(t, bin, event, "b")

	enter(t, bin, event, "12", "black", "d4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6")
	run(t, nil, bin, "event", "result", event, "--round", "3", "--board", "13", "--game", "1-0")
	a.waitShown(t, "A does not show the CLI's moves, the repetition and board 13's result", func(l liveShown) bool {
		return len(l.Cells["black"]) == 10 && slices.ContainsFunc(l.Checks, func(c string) bool { return strings.Contains(c, "9.2") }) &&
			slices.ContainsFunc(l.Nav, func(n string) bool { return strings.HasPrefix(n, "Board 13") && strings.Contains(n, "1-0") })
	})

	// B types White's copy; A shows it as it is stored. B is killed with
	// SIGKILL while its keys are still being typed; A shows what B stored.
	moves := "Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6"
	keys := exec.Command("xdotool", "type", "--delay", "80", "--window", b.wid, moves+" ")
	keys.Env = append(os.Environ(), b.env...)
	if err := keys.Start(); err != nil {
		t.Fatal(err)
	}
	xtest.WaitUntil(t, "B stores nothing", func() (string, bool) {
		got := copyOf(t, bin, event, "white")
		return got, len(strings.Fields(got)) >= 4
	})
	b.kill(t)
	keys.Wait() // its window gone, xdotool may fail: the keys no longer matter
	want := copyOf(t, bin, event, "white")
	a.waitShown(t, "A does not show what B stored", func(l liveShown) bool { return strings.Join(l.Cells["white"], " ") == want })
	if !strings.HasPrefix(moves, strings.TrimPrefix(want, "d4 ")) && !strings.HasPrefix(want, "d4 Nf6 Nf3 Ng8") {
		t.Errorf("White's copy is %q after B was killed", want)
	}
	checkStored(t, bin, event)
	t.Logf("B killed with %d cells of White's copy stored: %q", len(strings.Fields(want)), want)
}
