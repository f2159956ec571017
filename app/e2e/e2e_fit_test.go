package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// geometry is a window's place and size on the screen.
type geometry struct{ x, y, w, h int }

var (
	absX   = regexp.MustCompile(`Absolute upper-left X:\s+(-?\d+)`)
	absY   = regexp.MustCompile(`Absolute upper-left Y:\s+(-?\d+)`)
	width  = regexp.MustCompile(`Width:\s+(\d+)`)
	height = regexp.MustCompile(`Height:\s+(\d+)`)
)

// windowGeometry asks the X server (xwininfo) where the window is.
func windowGeometry(t *testing.T, env []string, wid string) geometry {
	t.Helper()
	out := run(t, env, "xwininfo", "-id", wid)
	num := func(re *regexp.Regexp) int {
		m := re.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("xwininfo says no %s:\n%s", re, out)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return geometry{num(absX), num(absY), num(width), num(height)}
}

// storedFirst returns the first cell of White's copy on each board.
func storedFirst(t *testing.T, bin, event string) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, g := range show(t, bin, event).Games {
		if cells := g.Copies["white"].Cells; len(cells) > 0 {
			out[g.Board] = cells[0].Written
		}
	}
	return out
}

// typeAndWait types a move into the open board's first cell and waits
// until the event holds it on board: the app has handled every key sent
// before (a busy machine can be far behind xdotool).
func typeAndWait(t *testing.T, env []string, wid, bin, event string, board int) {
	t.Helper()
	run(t, env, "xdotool", "type", "--delay", "20", "--window", wid, "e4 ")
	deadline := time.Now().Add(60 * time.Second)
	for storedFirst(t, bin, event)[board] != "e4" {
		if time.Now().After(deadline) {
			t.Fatalf("board %d: the move typed is not stored; boards stored: %v", board, storedFirst(t, bin, event))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestWindowFitsLaptopScreen opens the real window on a 1366x768 screen
// (Xvfb) on an event of 30 boards whose players have long names, in
// English and in German, and on a 1280x720 one in French; types a move on
// board 1, steps to board 30 with
// Ctrl+PageDown and types a move there: once each move is stored the
// window is wholly on the screen (it never widens itself for a long name
// or a long word). Before issue 15 it was 1899x820.
func TestWindowFitsLaptopScreen(t *testing.T) {
	need(t, "Xvfb", "xdotool", "xwininfo")
	bin := binary(t)
	dir := t.TempDir()
	for _, c := range []struct {
		lang string
		w, h int
	}{{"en", 1366, 768}, {"de", 1366, 768}, {"fr", 1280, 720}} {
		lang := c.lang
		t.Run(fmt.Sprintf("%s-%dx%d", lang, c.w, c.h), func(t *testing.T) {
			event := filepath.Join(dir, lang+".scoresheet")
			run(t, nil, bin, "event", "new", event, "--name", "Internationales Schachfestival der Stadt Bad Wörishofen", "--rounds", "1")
			for b := 1; b <= 30; b++ {
				run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", strconv.Itoa(b),
					"--white", xtest.LongName(2*b), "--black", xtest.LongName(2*b+1), "--white-elo", "2345", "--black-elo", "2101", "--lang", "de")
			}
			disp := startXvfbScreen(t, fmt.Sprintf("%dx%dx24", c.w, c.h))
			home := filepath.Join(dir, lang)
			env := []string{"DISPLAY=" + disp, "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
				"LANGUAGE=" + lang, "LANG=C.UTF-8", "LC_ALL="}
			app := exec.Command(bin, "--event", event, "--round", "1", "--board", "1")
			app.Env = append(os.Environ(), env...)
			app.Stdout, app.Stderr = os.Stderr, os.Stderr
			if err := app.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				app.Process.Signal(syscall.SIGKILL)
				app.Wait()
			})
			wid := waitWindow(t, env, "Bad Wörishofen", app.Process.Pid) // the title says the event in any language
			check := func(when string) {
				g := windowGeometry(t, env, wid)
				t.Logf("%s: window %dx%d at %d,%d", when, g.w, g.h, g.x, g.y)
				if g.x < 0 || g.y < 0 || g.x+g.w > c.w || g.y+g.h > c.h {
					t.Errorf("%s: the window is %dx%d at %d,%d: not within the %dx%d screen", when, g.w, g.h, g.x, g.y, c.w, c.h)
				}
			}
			run(t, env, "xdotool", "windowfocus", "--sync", wid)
			typeAndWait(t, env, wid, bin, event, 1)
			check("board 1")
			for b := 2; b <= 30; b++ {
				run(t, env, "xdotool", "key", "--window", wid, "ctrl+Next")
			}
			typeAndWait(t, env, wid, bin, event, 30)
			check("board 30")
			if got := storedFirst(t, bin, event); len(got) != 2 {
				t.Errorf("moves stored on boards %v, want on 1 and 30 only", got)
			}
		})
	}
}
