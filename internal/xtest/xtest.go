// Package xtest holds the helpers of internal/winetest, which drives the
// Windows build's window under wine on a virtual X display (Xvfb) with
// xdotool. app/e2e has its own for the Linux build (they were merged
// while both changed; one of them can go).
package xtest

import (
	"bufio"
	"fmt"
	"io"
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
// own displays at the same time) and returns it once a client can
// connect. The display's socket and lock file are gone when the test
// ends.
func StartXvfb(t testing.TB, screen string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	line, _ := bufio.NewReader(r).ReadString('\n') // the number, once Xvfb listens; EOF if it died: Atoi says so below
	r.Close()
	n := strings.TrimSpace(line)
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM) // Xvfb removes its socket and lock file
		cmd.Wait()
		if n != "" {
			os.Remove("/tmp/.X11-unix/X" + n) // in case it could not
			os.Remove("/tmp/.X" + n + "-lock")
		}
	})
	if _, err := strconv.Atoi(n); err != nil {
		t.Fatalf("Xvfb -displayfd said %q: %v", line, err)
	}
	disp := ":" + n
	deadline := time.Now().Add(20 * time.Second)
	for {
		probe := exec.Command("xdotool", "getdisplaygeometry")
		probe.Env = append(os.Environ(), "DISPLAY="+disp)
		if probe.Run() == nil {
			return disp
		}
		if time.Now().After(deadline) {
			t.Fatalf("no client can connect to Xvfb %s", disp)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// WaitWindow polls for up to wait for a visible window named name; it
// returns its id.
func WaitWindow(t testing.TB, env []string, name string, wait time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(wait)
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
