//go:build unix

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"scoresheet/internal/xtest"
)

// nobody is the user the permission tests run the CLI as.
const nobodyID = 65534

// sharedDir makes a folder of the given mode (0777: anyone may create and
// rename files in it; with os.ModeSticky: the /tmp kind) outside the test's
// own, which another user cannot reach.
func sharedDir(t *testing.T, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "shared-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}

// asNobody runs the CLI with args as user nobody (group nogroup), in a
// child process of a copy of this test binary placed in dir, and returns
// its exit status and output.
func asNobody(t *testing.T, dir, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	bin := filepath.Join(dir, "cli.test")
	if _, err := os.Stat(bin); err != nil {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		xtest.CopyFile(t, exe, bin, 0o755)
	}
	cmd := exec.Command(bin, "-test.run=^TestCLIChild$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SCORESHEET_CLI_ARGS="+strings.Join(args, "\x1f"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyID, Gid: nobodyID}}
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(stdin), &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// ownerOf returns a file's owner, group and permissions.
func ownerOf(t *testing.T, path string) (uid, gid uint32, mode os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid, fi.Mode().Perm()
}

// nobodysEvent makes an event file with one game in dir owned by nobody,
// so that nobody may open it.
func nobodysEvent(t *testing.T, dir string) string {
	t.Helper()
	ev := filepath.Join(dir, "e.scoresheet")
	newOneGameEvent(t, ev)
	if err := os.Chown(ev, nobodyID, nobodyID); err != nil {
		t.Fatal(err)
	}
	os.Chmod(ev, 0o644)
	return ev
}
