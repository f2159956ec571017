package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
)

// longName is a player's name as long as pairing lists have them.
func longName(i int) string {
	return fmt.Sprintf("Maximilian-Alexander von und zu Hohenzollern-Sigmaringen-Weißenfels %02d", i)
}

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

// TestWindowFitsLaptopScreen opens the real window on a 1366x768 screen
// (Xvfb) on an event of 30 boards whose players have long names, in
// English and in German, and steps through every board with
// Ctrl+PageDown: the window stays wholly on the screen all along (it
// does not widen itself for a long name). Before issue 15 it was
// 1899x820.
func TestWindowFitsLaptopScreen(t *testing.T) {
	need(t, "Xvfb", "xdotool", "xwininfo")
	bin := binary(t)
	dir := t.TempDir()
	event := filepath.Join(dir, "open.scoresheet")
	run(t, nil, bin, "event", "new", event, "--name", "Internationales Schachfestival der Stadt Bad Wörishofen", "--rounds", "1")
	for b := 1; b <= 30; b++ {
		run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", strconv.Itoa(b),
			"--white", longName(2*b), "--black", longName(2*b+1), "--white-elo", "2345", "--black-elo", "2101", "--lang", "de")
	}
	// English steps to board 30, German to board 29; each types a move
	// there, which shows that the keys stepped through the boards.
	last := map[string]int{"en": 30, "de": 29}
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			// A display for each run: the one before was killed with its window.
			disp := startXvfbScreen(t, "1366x768x24")
			home := filepath.Join(dir, lang)
			env := []string{"DISPLAY=" + disp, "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
				"LANGUAGE=" + lang, "LANG=C.UTF-8", "LC_ALL="}
			app := exec.Command(bin, "--event", event, "--round", "1", "--board", "1")
			app.Env = append(os.Environ(), env...)
			app.Stdout, app.Stderr = os.Stderr, os.Stderr
			if err := app.Start(); err != nil {
				t.Fatal(err)
			}
			killed := false
			t.Cleanup(func() {
				if !killed {
					app.Process.Signal(syscall.SIGKILL)
					app.Wait()
				}
			})
			wid := waitWindow(t, env, "Bad Wörishofen") // the title says the event in any language
			waitIdle(t, app.Process.Pid)                // the first frame drawn
			check := func(when string) {
				g := windowGeometry(t, env, wid)
				t.Logf("%s: window %dx%d at %d,%d", when, g.w, g.h, g.x, g.y)
				if g.x < 0 || g.y < 0 || g.x+g.w > 1366 || g.y+g.h > 768 {
					t.Errorf("%s: the window is %dx%d at %d,%d: not within the 1366x768 screen", when, g.w, g.h, g.x, g.y)
				}
			}
			check("board 1")
			run(t, env, "xdotool", "windowfocus", "--sync", wid)
			for b := 2; b <= last[lang]; b++ {
				run(t, env, "xdotool", "key", "--window", wid, "ctrl+Next")
			}
			run(t, env, "xdotool", "type", "--delay", "20", "--window", wid, "e4 ")
			waitIdle(t, app.Process.Pid)
			check(fmt.Sprintf("after stepping to board %d", last[lang]))
			app.Process.Signal(syscall.SIGKILL)
			app.Wait()
			killed = true
		})
	}
	var doc showDoc
	if err := json.Unmarshal([]byte(run(t, nil, bin, "event", "show", event, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	for _, g := range doc.Games {
		typed := g.Board == 29 || g.Board == 30
		cells := g.Copies["white"].Cells
		if got := len(cells) == 1 && cells[0].Written == "e4"; got != typed {
			t.Errorf("board %d: White's copy holds %+v", g.Board, cells)
		}
	}
}
