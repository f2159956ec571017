package winetest

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// The German sample game of the FIDE Laws (Anhang E), as the arbiter
// types it, and the cells it stores ("e.p." joins the move before, "(=)"
// is a draw offer on it).
const typed = "e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=) "

func typedCells() []string { return xtest.Shown(typed) }

// TestWindowDefaultEvent starts scoresheet.exe as a double-click does,
// without arguments: it opens the default event in the profile of a
// user whose name is not ASCII (C:\users\Đurđa Müller\AppData\Roaming\
// scoresheet), made beforehand by scoresheet-cli.exe (a new event would
// open its settings first); the game typed with xdotool is in the event
// after a SIGKILL.
func TestWindowDefaultEvent(t *testing.T) {
	w := setup(t)
	dir := filepath.Join(w.prefix, "drive_c", "users", userName, "AppData", "Roaming", "scoresheet")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	event := filepath.Join(dir, "default.scoresheet")
	winEvent := `C:\users\` + userName + `\AppData\Roaming\scoresheet\default.scoresheet`
	w.cliOK(t, "event", "new", winEvent, "--name", "Default", "--rounds", "1")
	w.cliOK(t, "event", "add-game", winEvent, "--round", "1", "--board", "1", "--white", "Anna", "--black", "Bert")
	win := w.startWindow(t)
	win.typeAndKill(t, typed, w.holds(t, event, 1, "white", typedCells()))
	doc := w.show(t, event)
	if len(doc.Games) != 1 || doc.Games[0].Round != 1 || doc.Games[0].Board != 1 {
		t.Fatalf("default event holds %+v, want board 1 of round 1", doc.Games)
	}
	wantCells(t, doc.Games[0].Copies["white"].Cells, typedCells())
}

// TestWindowOnEvent starts scoresheet.exe on an event named with a
// Windows path (backslashes, spaces, letters outside ASCII) made by
// scoresheet-cli.exe, on board 2; what is typed goes to that board, and
// what scoresheet-cli.exe enters on board 1 while the window is open is
// kept too (two Windows processes sharing the event: SQLite's locks, no
// flock, sheet/sqlitestore/lock_other.go).
func TestWindowOnEvent(t *testing.T) {
	w := setup(t)
	dir := filepath.Join(w.root, "window", "Turniere Đurđa")
	os.MkdirAll(dir, 0o755)
	event := filepath.Join(dir, "Zagreb Open 2026.scoresheet")
	w.cliOK(t, "event", "new", winPath(event), "--name", "Zagreb Open", "--rounds", "1")
	w.cliOK(t, "event", "add-game", winPath(event), "--round", "1", "--board", "1", "--white", "Anna", "--black", "Bert")
	w.cliOK(t, "event", "add-game", winPath(event), "--round", "1", "--board", "2", "--white", "Đurđević", "--black", "Müller", "--lang", "de")
	for b := 3; b <= 30; b++ { // a round of long names (the Linux build: quicker than wine)
		long := strings.Repeat("Maximilian-Alexander ", 3)
		xtest.Run(t, nil, w.linux, "event", "add-game", event, "--round", "1", "--board", strconv.Itoa(b),
			"--white", long+"von Weiß "+strconv.Itoa(b), "--black", long+"von Schwarz "+strconv.Itoa(b))
	}
	win := w.startWindow(t, "--event", winPath(event), "--round", "1", "--board", "2")
	win.wantOnScreen(t, 1366, 768)
	black := "e4\r\ne5\r\nNf3\r\n"
	w.cliIn(t, black, "event", "enter", winPath(event), "--round", "1", "--board", "1", "--copy", "black")
	win.typeAndKill(t, typed, w.holds(t, event, 2, "white", typedCells()))
	doc := w.show(t, event)
	if len(doc.Games) != 30 {
		t.Fatalf("%d games, want 30", len(doc.Games))
	}
	for _, g := range doc.Games {
		want := map[string][]string{"white": nil, "black": nil}
		switch g.Board {
		case 1:
			want["black"] = []string{"e4", "e5", "Nf3"}
		case 2:
			want["white"] = typedCells()
		}
		for side, cells := range want {
			wantCells(t, g.Copies[side].Cells, cells)
		}
	}
}

// wantOnScreen fails the test unless the whole window lies on a screen
// of w x h pixels (issue 15: an arbiter's 1366x768 laptop), as xdotool
// sees it.
func (win *window) wantOnScreen(t *testing.T, w, h int) {
	t.Helper()
	out := xtest.Run(t, win.env, "xdotool", "getwindowgeometry", win.wid)
	var x, y, ww, wh int
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if p, ok := strings.CutPrefix(line, "Position: "); ok {
			fmt.Sscanf(p, "%d,%d", &x, &y)
		}
		if g, ok := strings.CutPrefix(line, "Geometry: "); ok {
			fmt.Sscanf(g, "%dx%d", &ww, &wh)
		}
	}
	t.Logf("window %dx%d at %d,%d", ww, wh, x, y)
	if ww == 0 || wh == 0 || x < 0 || y < 0 || x+ww > w || y+wh > h {
		t.Errorf("window %dx%d at %d,%d is not wholly on a %dx%d screen:\n%s", ww, wh, x, y, w, h, out)
	}
}

// window is scoresheet.exe running under wine on its own Xvfb.
type window struct {
	cmd *exec.Cmd
	env []string
	wid string
}

// startWindow starts scoresheet.exe with args on a display of its own
// and waits for its window.
//
// The first window program wine starts on a new display sometimes ends
// at once ("Win32: Failed to create helper window"): wine starts its
// desktop process for that display at the same moment, and a window
// created before the desktop is up fails. That is wine's start, not the
// program's; the program is then started once more, and a second failure
// fails the test.
func (w *wineEnv) startWindow(t *testing.T, args ...string) *window {
	t.Helper()
	disp, _ := xtest.StartXvfb(t, "1366x768x24")
	win := &window{env: append(slices.Clone(w.env), "DISPLAY="+disp)}
	start := time.Now()
	for try := 1; ; try++ {
		win.cmd = w.startGUI(t, win.env, args)
		wid, ok := xtest.WindowOf(win.env, "Scoresheet", win.cmd.Process.Pid)
		if ok {
			win.wid = wid
			break
		}
		if try == 2 {
			t.Fatalf("scoresheet.exe ended twice without a window")
		}
		t.Logf("scoresheet.exe ended without a window (wine's desktop was starting): starting it again")
	}
	xtest.WaitIdle(t, win.cmd.Process.Pid) // the first frame drawn
	t.Logf("window up in %v", time.Since(start))
	xtest.Run(t, win.env, "xdotool", "windowfocus", "--sync", win.wid)
	return win
}

// startGUI starts scoresheet.exe with args and environment env; it is
// killed when the test ends.
func (w *wineEnv) startGUI(t *testing.T, env, args []string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(w.wine, append([]string{w.gui}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd
}

// typeAndKill types text into the window's focused cell, waits until
// the event holds what was typed (stored: the program handles keys at
// its own pace, slower on a busy machine) and kills the program
// (SIGKILL): only what it has written to the event survives.
func (win *window) typeAndKill(t *testing.T, text string, stored func() (string, bool)) {
	t.Helper()
	xtest.Run(t, win.env, "xdotool", "type", "--delay", "40", "--window", win.wid, text)
	xtest.WaitUntil(t, "what was typed is not stored", stored)
	if shot := os.Getenv("SCORESHEET_WINE_SCREENSHOT"); shot != "" && t.Name() == "TestWindowOnEvent" {
		// docs/windows.md's screenshot (ImageMagick's import).
		xtest.Run(t, win.env, "import", "-window", "root", shot)
	}
	win.cmd.Process.Signal(syscall.SIGKILL)
	win.cmd.Wait()
}

// holds is a state for xtest.WaitUntil: whether the side's copy of the
// board (round 1) holds cells, with what it holds.
func (w *wineEnv) holds(t *testing.T, event string, board int, side string, cells []string) func() (string, bool) {
	return func() (string, bool) {
		var got []string
		for _, g := range w.show(t, event).Games {
			if g.Round == 1 && g.Board == board {
				for _, c := range g.Copies[side].Cells {
					got = append(got, xtest.CellShown(c.Written, c.DrawOffer))
				}
			}
		}
		return fmt.Sprintf("%q", got), strings.Join(got, "|") == strings.Join(cells, "|")
	}
}

// cliOK runs scoresheet-cli.exe and wants it to succeed.
func (w *wineEnv) cliOK(t *testing.T, args ...string) {
	t.Helper()
	w.cliIn(t, "", args...)
}

// cliIn runs scoresheet-cli.exe with stdin and wants it to succeed.
func (w *wineEnv) cliIn(t *testing.T, stdin string, args ...string) {
	t.Helper()
	if code, out, errOut := runCmd(t, w.command("", w.cli, args...), []byte(stdin)); code != 0 {
		t.Fatalf("scoresheet-cli %s: exit status %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
}

type showDoc struct {
	Games []struct {
		Round  int `json:"round"`
		Board  int `json:"board"`
		Copies map[string]struct {
			Cells []storedCell `json:"cells"`
		} `json:"copies"`
	} `json:"games"`
}

// show reads the event with the Linux build, which also shows that the
// Windows build's event file is the same format.
func (w *wineEnv) show(t *testing.T, event string) showDoc {
	t.Helper()
	cmd := exec.Command(w.linux, "event", "show", event, "--json")
	code, out, errOut := runCmd(t, cmd, nil)
	if code != 0 {
		t.Fatalf("event show %s: exit status %d\n%s", event, code, errOut)
	}
	var doc showDoc
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// storedCell is a cell as event show --json gives it.
type storedCell struct {
	Written   string `json:"written"`
	DrawOffer bool   `json:"draw_offer"`
}

// wantCells wants the cells to be want, as xtest.Shown gives them.
func wantCells(t *testing.T, cells []storedCell, want []string) {
	t.Helper()
	var got []string
	for _, c := range cells {
		got = append(got, xtest.CellShown(c.Written, c.DrawOffer))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("stored\n%q\nwant\n%q", got, want)
	}
}
