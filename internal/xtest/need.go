package xtest

import (
	"io"
	"os"
	"os/exec"
	"testing"
)

// Missing is what a test does without something it needs from the
// machine (a program, root, a database server): on a developer's machine
// it is skipped, saying why; on CI (CI set) it fails, since make test
// installs everything there and a skip would hide a broken install.
func Missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s (make test installs it; CI runs every test)", why)
	}
	t.Skip(why)
}

// NeedTool returns the path of the program name, found on PATH or at
// one of the paths alt (Debian puts some outside PATH:
// /usr/games/pgn-extract); without it, Missing.
func NeedTool(t testing.TB, name string, alt ...string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, p := range alt {
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	Missing(t, name+" is not installed")
	return ""
}

// NeedRoot is for a test that must run a child as another user or give
// a file away: without root, Missing (CI runs the tests as root).
func NeedRoot(t testing.TB, why string) {
	t.Helper()
	if os.Geteuid() != 0 {
		Missing(t, "needs root, "+why)
	}
}

// CopyFile copies the file from to a new file to with mode (exact, not
// masked by the umask): a test binary copied where another user may run
// it, an event file set up for a test.
func CopyFile(t testing.TB, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(to, mode); err != nil {
		t.Fatal(err)
	}
}
