package e2e

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// waitGone waits until Xvfb pid has ended and left no socket for
// display disp (unless a server listens on it: the number may be another
// one's by then).
func waitGone(t *testing.T, disp string, pid int) {
	t.Helper()
	sock := xtest.Socket(strings.TrimPrefix(disp, ":"))
	deadline := time.Now().Add(20 * time.Second)
	for {
		alive := xtest.Running(pid)
		_, serr := os.Stat(sock)
		if !alive && (errors.Is(serr, os.ErrNotExist) || xtest.Listening(sock)) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Xvfb %d on %s: running %v, socket %v", pid, disp, alive, serr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestXvfbGoneAfterFailure: a test that stops half-way (here it skips,
// which ends it as a failure does) leaves no X server, socket or lock
// file behind.
func TestXvfbGoneAfterFailure(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	var disp string
	var pid int
	t.Run("stops", func(t *testing.T) {
		var p *os.Process
		disp, p = xvfb(t)
		pid = p.Pid
		t.SkipNow()
	})
	if pid == 0 {
		t.Fatal("no Xvfb started")
	}
	waitGone(t, disp, pid)
}

// TestXvfbGoneAfterKill: a test process killed (as go test does one that
// runs out of time) takes its X server with it.
func TestXvfbGoneAfterKill(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	child := xtest.Child("TestXvfbChild", "SCORESHEET_E2E_XVFB_CHILD=1")
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := child.StdinPipe(); err != nil { // held open: the child waits on it
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		child.Process.Kill()
		child.Wait()
	})
	line, rerr := bufio.NewReader(out).ReadString('\n')
	var disp string
	var pid int
	if _, err := fmt.Sscan(line, &disp, &pid); err != nil || pid == 0 {
		t.Fatalf("child said %q (%v, %v)", line, rerr, err)
	}
	child.Process.Kill()
	child.Wait()
	waitGone(t, disp, pid)
}

// TestXvfbChild starts a display, says it and its server's pid, and waits
// to be killed (its standard input never ends).
func TestXvfbChild(t *testing.T) {
	xtest.ChildEnv(t, "SCORESHEET_E2E_XVFB_CHILD", "TestXvfbGoneAfterKill")
	disp, p := xvfb(t)
	fmt.Printf("%s %d\n", disp, p.Pid)
	io.Copy(io.Discard, os.Stdin)
}
