package xtest

import (
	"os"
	"os/exec"
	"testing"
)

// Child is the test binary run again as a child process that runs only
// the test named test, with env (NAME=value) added to its environment and
// its stderr the parent's. The child test reads its environment with
// ChildEnv, which skips it when it runs as an ordinary test.
func Child(test string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	return cmd
}

// ChildEnv returns the value of the environment variable name that Child
// gave a child process; where it is not set, the test is not running as
// a child, and is skipped as the child process of parent.
func ChildEnv(t testing.TB, name, parent string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Skip("child process of " + parent)
	}
	return v
}
