// Package e2e runs the real scoresheet binary under a virtual X display
// (Xvfb), types two scoresheets with xdotool, kills the app with SIGKILL
// and checks with "scoresheet event show --json" that every cell was
// stored and the copies reconcile.
package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
)

// The sample game of the German FIDE Laws, Anhang E (../shared/seeds/000_*.txt):
// 1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6
// 8.De3+ Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)
const (
	german  = "e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=)"
	english = "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 e.p. Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1 (=)"
)

// cells returns the cells the app stores for typed words (xtest.Cells).
func cells(typed string) []string { return xtest.Cells(typed) }

// binDir holds the scoresheet binary the tests build (once).
var (
	binDir   string
	binOnce  sync.Once
	binError error
)

func TestMain(m *testing.M) {
	code := pgtest.Main(m) // the PostgreSQL cluster of e2e_server_test.go stops with the run
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binary builds the real scoresheet binary, once for all the tests. Under
// -short (make check, the loop while working) the tests that need it
// skip: minutes of windows typed into under Xvfb; make test runs them.
// SCORESHEET_E2E_BIN runs the tests on another build instead (an older
// one, to see a test fail on the defect it is about).
func binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the real binary under Xvfb: make check (-short) leaves it to make test")
	}
	if bin := os.Getenv("SCORESHEET_E2E_BIN"); bin != "" {
		return bin
	}
	binOnce.Do(func() {
		binDir, binError = os.MkdirTemp("", "scoresheet-e2e-")
		if binError != nil {
			return
		}
		// "go test" puts the go command of the toolchain running the
		// tests first on PATH.
		root, err := exec.Command("go", "env", "GOMOD").Output()
		if err != nil {
			binError = err
			return
		}
		build := exec.Command("go", "build", "-o", filepath.Join(binDir, "scoresheet"), ".")
		build.Dir = filepath.Dir(strings.TrimSpace(string(root)))
		if out, err := build.CombinedOutput(); err != nil {
			binError = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if binError != nil {
		t.Fatal(binError)
	}
	return filepath.Join(binDir, "scoresheet")
}

// need skips the test without one of the tools, or fails it on CI
// (xtest.NeedTool).
func need(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		xtest.NeedTool(t, tool)
	}
}

func run(t testing.TB, env []string, name string, args ...string) string {
	t.Helper()
	return xtest.Run(t, env, name, args...)
}

// startXvfbScreen starts a virtual display (xtest.StartXvfb) with a
// screen of size WxHxDEPTH and returns it.
func startXvfbScreen(t *testing.T, screen string) string {
	t.Helper()
	disp, _ := xtest.StartXvfb(t, screen)
	return disp
}

// xvfb starts a virtual display; it returns the server's process too.
func xvfb(t testing.TB) (string, *os.Process) {
	t.Helper()
	return xtest.StartXvfb(t, "1400x900x24")
}

func TestTypeBothCopiesAndKill(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	dir := t.TempDir()
	bin := binary(t)
	event := filepath.Join(dir, "round.scoresheet")
	run(t, nil, bin, "event", "new", event, "--name", "E2E Open", "--rounds", "1")
	run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", "1", "--white", "Anna", "--black", "Bert", "--lang", "de")
	enter := exec.Command(bin, "event", "enter", event, "--round", "1", "--board", "1", "--copy", "black", "--lang", "en")
	if out, err := enter.CombinedOutput(); err != nil {
		t.Fatalf("enter: %v\n%s", err, out)
	}

	w := startWindow(t, bin, event, "--round", "1", "--board", "1")
	t.Logf("window up in %v", w.up)
	if w.up > 2*time.Second {
		// On a machine busy with other work the time says little.
		if load := loadPerCPU(); load > 1 {
			t.Logf("not checked: load average per CPU %.1f", load)
		} else {
			t.Errorf("window up in %v, want under 2s", w.up)
		}
	}
	w.typeText(t, german+" ")
	w.key(t, "F6")
	w.typeText(t, english+" ")
	waitStored(t, bin, event, copyWant{1, 1, "white", xtest.Shown(german)}, copyWant{1, 1, "black", xtest.Shown(english)})
	w.kill(t)

	doc := show(t, bin, event)
	if len(doc.Games) != 1 {
		t.Fatalf("%d games", len(doc.Games))
	}
	g := doc.Games[0]
	for side, typed := range map[string]string{"white": german, "black": english} {
		want := cells(typed)
		c := g.Copies[side]
		var got []string
		for _, cell := range c.Cells {
			got = append(got, cell.Written)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s copy stored\n%q\nwant\n%q", side, got, want)
			continue
		}
		for i, cell := range c.Cells {
			if cell.DrawOffer != (i == len(want)-1) {
				t.Errorf("%s copy cell %d (%s): draw offer %v", side, i+1, cell.Written, cell.DrawOffer)
			}
		}
	}
	if len(g.Moves) != len(cells(german)) {
		t.Errorf("%d moves, want %d", len(g.Moves), len(cells(german)))
	}
	for _, m := range g.Moves {
		if m.Status != "agreed" {
			t.Errorf("ply %d: %s", m.Ply, m.Status)
		}
	}
}

// waitWindow waits for a visible window named name of process pid
// (xtest.WaitWindow); it returns its id.
func waitWindow(t testing.TB, env []string, name string, pid int) string {
	t.Helper()
	return xtest.WaitWindow(t, env, name, pid)
}

// waitIdle waits until process pid has used no CPU time for 400 ms: the
// app has handled every key typed.
func waitIdle(t testing.TB, pid int) { xtest.WaitIdle(t, pid) }

// loadPerCPU returns the one-minute load average per CPU.
func loadPerCPU() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	l, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return l / float64(runtime.NumCPU())
}
