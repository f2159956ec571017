//go:build unix

package sqlitestore

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestOtherUserLeavesNoSideFiles is issue 13's case as it happens: root's
// event, readable by all, in a folder everyone may write to; user nobody
// opens it. It is refused, naming the owner, and no -wal or -shm file of
// nobody's is left. Root opening another user's event gives the side
// files that user's owner and mode.
func TestOtherUserLeavesNoSideFiles(t *testing.T) {
	xtest.NeedRoot(t, "to run a child as another user and to chown")
	dir, err := os.MkdirTemp("", "owner-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o1777)
	path, id := lockEvent(t)
	event := filepath.Join(dir, "e.scoresheet")
	xtest.CopyFile(t, path, event, 0o644)
	// The test binary, where nobody may run it.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "sheet.test")
	xtest.CopyFile(t, exe, bin, 0o755)

	cmd := exec.Command(bin, "-test.run=^TestHolderChild$")
	cmd.Env = append(os.Environ(), "SCORESHEET_HOLDER_CHILD=reader\n"+event)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "open "+string(sheet.StoreNotOwner)) {
		t.Errorf("nobody opening root's event said:\n%s", out)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Lstat(event + suffix); err == nil {
			t.Errorf("%s left behind", suffix)
		}
	}

	// Root writing nobody's event: the side files are nobody's, 0640.
	if err := os.Chown(event, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	os.Chmod(event, 0o640)
	s, err := Open(event)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		fi, err := os.Lstat(event + suffix)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if st.Uid != 65534 || st.Gid != 65534 || fi.Mode().Perm() != 0o640 {
			t.Errorf("%s: uid %d gid %d mode %v", suffix, st.Uid, st.Gid, fi.Mode().Perm())
		}
	}
}
