// Package xtest holds what the window tests share, on Linux and under
// wine alike (app/e2e, internal/winetest): a virtual X display (Xvfb)
// that ends with the test, commands run with the display in their
// environment, and waits for a window and for a process to go idle.
package xtest

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Run runs name with args and the extra environment env, and returns
// its combined output; it fails the test if the command fails.
func Run(t testing.TB, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// StartXvfb starts a virtual display of screen ("1400x900x24") on a
// number Xvfb chooses (-displayfd: other tests and programs run their
// own displays at the same time) and returns it, with the server's
// process, once a client can connect. Xvfb ends with the test, failed or
// not, and with the test process if that is killed first; its socket
// goes with it.
func StartXvfb(t testing.TB, screen string) (string, *os.Process) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// -noreset: an X server resets itself when its last client leaves,
	// and a client connecting during that reset is refused. The probe
	// below is the first client and leaves at once, so without it the
	// program started next sometimes found no display ("X11: Failed to
	// open display :1", twice in make test on a busy machine).
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	cmd.Stderr = io.Discard
	cmd.SysProcAttr = OrphanSignal(syscall.SIGTERM)
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
	if n != "" && !Listening(Socket(n)) {
		os.Remove(Socket(n))
	}
}

// Socket returns the socket file of X display number n.
func Socket(n string) string { return "/tmp/.X11-unix/X" + n }

// Listening reports whether a server accepts connections on a Unix
// socket.
func Listening(path string) bool {
	c, err := net.Dial("unix", path)
	if err == nil {
		c.Close()
	}
	return err == nil
}

// WaitWindow waits for a visible window named name of the program
// running as process pid and returns the window's id. It waits as long as
// the program runs, however long it takes to show its window on a busy
// machine, and fails the test at once when the program has ended without
// one.
func WaitWindow(t testing.TB, env []string, name string, pid int) string {
	t.Helper()
	wid, ok := WindowOf(env, name, pid)
	if !ok {
		t.Fatalf("the program ended without a window %q", name)
	}
	return wid
}

// WindowOf is WaitWindow without the test: ok is false when the program
// ended without showing the window.
func WindowOf(env []string, name string, pid int) (wid string, ok bool) {
	for {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", name)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.Output(); err == nil && len(strings.Fields(string(out))) > 0 {
			return strings.Fields(string(out))[0], true
		}
		if !Running(pid) {
			return "", false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Running reports whether process pid runs: it exists and is not a
// zombie (a child that ended and was not waited for yet).
func Running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// WaitIdle waits until process pid has used no CPU time for 400 ms: the
// app has handled every key typed.
func WaitIdle(t testing.TB, pid int) {
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

// WaitUntil waits until state says done: for what another process does
// at its own pace, such as the app storing every key typed. state also
// returns what it saw; the wait fails the test with it when that has not
// changed for a minute (the other process has stopped making progress),
// so a slow machine makes the wait longer, never the test fail.
func WaitUntil(t testing.TB, what string, state func() (seen string, done bool)) {
	t.Helper()
	last, since := "", time.Now()
	for {
		seen, done := state()
		if done {
			return
		}
		if seen != last {
			last, since = seen, time.Now()
		}
		if time.Since(since) > time.Minute {
			t.Fatalf("%s: no change for a minute; last seen:\n%s", what, seen)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Cells returns the cells the app stores for words typed into it: "e.p."
// joins the move before, "(=)" is a draw offer on it, not a cell.
func Cells(typed string) []string { return cells(typed, false) }

// Shown returns the cells the window stores for words typed into it, as
// Cells does, with a draw offer shown as CellShown shows it: the state
// to wait for, since "(=)" is a cell of its own until its last key.
func Shown(typed string) []string { return cells(typed, true) }

func cells(typed string, offers bool) []string {
	var out []string
	for _, w := range strings.Fields(typed) {
		switch w {
		case "e.p.":
			out[len(out)-1] += " e.p."
		case "(=)":
			out[len(out)-1] = CellShown(out[len(out)-1], offers)
		default:
			out = append(out, w)
		}
	}
	return out
}

// CellShown is a stored cell as Shown gives it: what is written, and
// " (=)" after it when it holds a draw offer.
func CellShown(written string, drawOffer bool) string {
	if drawOffer {
		return written + " (=)"
	}
	return written
}
