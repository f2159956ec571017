//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// TestReadOnlyEventLeavesNoSideFiles is issue 23.9: a user (not root)
// opened their read-only event (mode 444) once; SQLite left read-only
// -shm and -wal files, and after "chmod 644" every command failed with
// "attempt to write a readonly database" until -shm was deleted by hand.
// Now a read-only event is read without side files, a write to it is
// refused with store-read-only, and once it is writable again it is
// written.
func TestReadOnlyEventLeavesNoSideFiles(t *testing.T) {
	xtest.NeedRoot(t, "to run the command as another user")
	dir := sharedDir(t, 0o777)
	ev := nobodysEvent(t, dir)
	if err := os.Chmod(ev, 0o444); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := asNobody(t, dir, "", "event", "show", ev)
	if code != ExitOK || !strings.Contains(stdout, "Round 1, board 1: A - B") {
		t.Errorf("show of a read-only event: exit %d\n%s%s", code, stdout, stderr)
	}
	out := filepath.Join(dir, "r1.pgn")
	if code, _, stderr := asNobody(t, dir, "", "export", "--format", "pgn", "--out", out, ev); code != ExitOK {
		t.Errorf("export of a read-only event: exit %d %s", code, stderr)
	}
	code, stdout, stderr = asNobody(t, dir, "e4\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitError || !strings.Contains(stderr, "[store-read-only]") || strings.Contains(stdout, "ok") {
		t.Errorf("enter into a read-only event: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	t.Logf("enter: %s", stderr)
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Lstat(ev + suffix); err == nil {
			t.Errorf("%s left beside the read-only event", suffix)
		}
	}
	if err := os.Chmod(ev, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = asNobody(t, dir, "e4\ne5\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitOK || !strings.Contains(stdout, "2\te5\tok") {
		t.Errorf("enter after chmod 644: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if code, stdout, stderr := asNobody(t, dir, "", "event", "show", ev); code != ExitOK || !strings.Contains(stdout, "e5") {
		t.Errorf("show after chmod 644: exit %d\n%s%s", code, stdout, stderr)
	}

	// The side files an older version left, read-only, beside an event
	// that is writable again: they get the event's mode and it is
	// written.
	for suffix, size := range map[string]int{"-shm": 32 << 10, "-wal": 0} {
		p := ev + suffix
		os.WriteFile(p, make([]byte, size), 0o444)
		os.Chown(p, nobodyID, nobodyID)
		os.Chmod(p, 0o444)
	}
	code, stdout, stderr = asNobody(t, dir, "Nf3\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitOK || !strings.Contains(stdout, "3\tNf3\tok") {
		t.Errorf("enter beside an older version's read-only side files: exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}
