// Package e2e runs the real scoresheet binary under a virtual X display
// (Xvfb), types two scoresheets with xdotool, kills the app with SIGKILL
// and checks with "scoresheet event show --json" that every cell was
// stored and the copies reconcile.
package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The sample game of the German FIDE Laws, Anhang E (../shared/seeds/000_*.txt):
// 1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6
// 8.De3+ Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)
const (
	german  = "e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=)"
	english = "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 e.p. Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1 (=)"
)

// cells returns the cells the app stores for typed words: "e.p." joins
// the move before, "(=)" is a draw offer on it.
func cells(typed string) []string {
	var out []string
	for _, w := range strings.Fields(typed) {
		switch w {
		case "e.p.":
			out[len(out)-1] += " e.p."
		case "(=)":
		default:
			out = append(out, w)
		}
	}
	return out
}

// binDir holds the scoresheet binary the tests build (once).
var (
	binDir   string
	binOnce  sync.Once
	binError error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// binary builds the real scoresheet binary, once for all the tests.
// SCORESHEET_E2E_BIN runs the tests on another build instead (an older
// one, to see a test fail on the defect it is about).
func binary(t *testing.T) string {
	t.Helper()
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

func need(t *testing.T, tools ...string) {
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing (install xvfb and xdotool)", tool)
			}
			t.Skipf("%s is missing (install xvfb and xdotool)", tool)
		}
	}
}

func run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// startXvfb starts a virtual display on a number Xvfb chooses
// (-displayfd: other tests and programs run their own displays at the
// same time) and returns it once a client can connect. Xvfb ends with the
// test, failed or not, and with the test process if that is killed
// first; its socket goes with it.
func startXvfb(t *testing.T) string {
	t.Helper()
	disp, _ := xvfb(t)
	return disp
}

// startXvfbScreen is startXvfb with a screen of size WxHxDEPTH.
func startXvfbScreen(t *testing.T, screen string) string {
	t.Helper()
	disp, _ := xvfbScreen(t, screen)
	return disp
}

// xvfb is startXvfb; it returns the server's process too.
func xvfb(t *testing.T) (string, *os.Process) {
	t.Helper()
	return xvfbScreen(t, "1400x900x24")
}

// xvfbScreen is xvfb with a screen of size WxHxDEPTH.
func xvfbScreen(t *testing.T, screen string) (string, *os.Process) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	cmd.Stderr = io.Discard
	cmd.SysProcAttr = orphanSignal(syscall.SIGTERM)
	err = cmd.Start()
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	n := ""
	t.Cleanup(func() { stopXvfb(cmd, n) })
	r.SetReadDeadline(time.Now().Add(20 * time.Second))
	line, err := bufio.NewReader(r).ReadString('\n') // the number, once Xvfb listens; EOF if it died
	if _, aerr := strconv.Atoi(strings.TrimSpace(line)); aerr != nil {
		t.Fatalf("Xvfb -displayfd said %q (%v)", line, err)
	}
	n = strings.TrimSpace(line)
	disp := ":" + n
	deadline := time.Now().Add(20 * time.Second)
	for {
		probe := exec.Command("xdotool", "getdisplaygeometry")
		probe.Env = append(os.Environ(), "DISPLAY="+disp)
		if probe.Run() == nil {
			return disp, cmd.Process
		}
		if time.Now().After(deadline) {
			t.Fatalf("no client can connect to Xvfb %s", disp)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stopXvfb ends an Xvfb started on display number n ("" when it never
// said): SIGTERM, on which it removes its socket, and SIGKILL if it is
// still there after a while. The socket a killed Xvfb leaves behind is
// removed unless a server listens on it (the number may be another
// one's already).
func stopXvfb(cmd *exec.Cmd, n string) {
	cmd.Process.Signal(syscall.SIGTERM)
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
		return
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-exited
	}
	if n != "" && !listening(xSocket(n)) {
		os.Remove(xSocket(n))
	}
}

// xSocket returns the socket file of X display number n.
func xSocket(n string) string { return "/tmp/.X11-unix/X" + n }

// listening reports whether a server accepts connections on a Unix
// socket.
func listening(path string) bool {
	c, err := net.Dial("unix", path)
	if err == nil {
		c.Close()
	}
	return err == nil
}

// orphanSignal has a child process sent sig when the test process ends,
// so that a test killed on timeout leaves no app or X server behind.
// Linux sends it when the thread that started the child ends; the Go
// runtime ends a thread only with a goroutine locked to it, which these
// tests never lock.
func orphanSignal(sig syscall.Signal) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: sig}
}

type showDoc struct {
	Games []struct {
		Round int `json:"round"`
		Board int `json:"board"`
		Moves []struct {
			Ply    int    `json:"ply"`
			Status string `json:"status"`
		} `json:"moves"`
		Copies map[string]struct {
			Lang  string `json:"lang"`
			Cells []struct {
				Written   string `json:"written"`
				DrawOffer bool   `json:"draw_offer"`
			} `json:"cells"`
		} `json:"copies"`
	} `json:"games"`
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
	waitIdle(t, w.cmd.Process.Pid)
	w.kill(t)

	var doc showDoc
	if err := json.Unmarshal([]byte(run(t, nil, bin, "event", "show", event, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
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

// waitWindow polls for a visible window named name; it returns its id.
func waitWindow(t *testing.T, env []string, name string) string {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", name)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.Output(); err == nil && len(strings.Fields(string(out))) > 0 {
			return strings.Fields(string(out))[0]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no window %q", name)
	return ""
}

// waitIdle waits until process pid has used no CPU time for 400 ms: the
// app has handled every key typed.
func waitIdle(t *testing.T, pid int) {
	cpu := func() string {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return ""
		}
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		return f[11] + " " + f[12] // utime stime
	}
	deadline := time.Now().Add(30 * time.Second)
	last, same := cpu(), 0
	for time.Now().Before(deadline) && same < 4 {
		time.Sleep(100 * time.Millisecond)
		if c := cpu(); c == last {
			same++
		} else {
			last, same = c, 0
		}
	}
}

// loadPerCPU returns the one-minute load average per CPU.
func loadPerCPU() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	l, _ := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	return l / float64(runtime.NumCPU())
}
