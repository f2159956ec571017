//go:build unix

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// TestExportOutOtherUsersFile is issue 23.5: in a shared folder, user
// nobody's "export --out official.pgn" over root's 0644 file exited 0,
// and the file then held nobody's games and belonged to nobody (the
// check read the mode bits, and a rename needs no right on the file).
// Now it exits 1 with out-denied and the file is untouched, also through
// a link; a file nobody may write by its group is replaced and keeps its
// owner, group and mode.
func TestExportOutOtherUsersFile(t *testing.T) {
	xtest.NeedRoot(t, "to run the command as another user")
	for _, dirMode := range []os.FileMode{0o777, 0o777 | os.ModeSticky} {
		dir := sharedDir(t, dirMode)
		ev := nobodysEvent(t, dir)
		official := filepath.Join(dir, "official.pgn")
		old := []byte("[Event \"Official\"]\n\n1. d4 *\n")
		if err := os.WriteFile(official, old, 0o644); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(dir, "link.pgn")
		os.Symlink("official.pgn", link)
		for _, out := range []string{official, link} {
			code, stdout, stderr := asNobody(t, dir, "", "export", "--format", "pgn", "--out", out, ev)
			want := "scoresheet export: " + out + ": " + said("ui.export.error.out-denied", "out-denied") + "\n"
			if code != ExitError || stdout != "" || stderr != want {
				t.Errorf("folder %v, --out %s: exit %d\nstdout %q\nstderr %q\nwant   %q", dirMode, filepath.Base(out), code, stdout, stderr, want)
			}
			b, _ := os.ReadFile(official)
			uid, gid, mode := ownerOf(t, official)
			if !bytes.Equal(b, old) || uid != 0 || gid != 0 || mode != 0o644 {
				t.Errorf("folder %v, --out %s: official.pgn now %d:%d %v holding %q", dirMode, filepath.Base(out), uid, gid, mode, b)
			}
		}
		// A file nobody may write through its group: replaced in place,
		// still root's, of group nogroup, 0664.
		shared := filepath.Join(dir, "shared.pgn")
		os.WriteFile(shared, old, 0o664)
		os.Chown(shared, 0, nobodyID)
		os.Chmod(shared, 0o664)
		code, stdout, stderr := asNobody(t, dir, "", "export", "--format", "pgn", "--out", shared, ev)
		b, _ := os.ReadFile(shared)
		if code != ExitOK || !bytes.Contains(b, []byte("[White \"A\"]")) {
			t.Errorf("folder %v, group-writable file: exit %d %q %q, holds %q", dirMode, code, stdout, stderr, b)
		}
		if uid, gid, mode := ownerOf(t, shared); uid != 0 || gid != nobodyID || mode != 0o664 {
			t.Errorf("folder %v, group-writable file is now %d:%d %v", dirMode, uid, gid, mode)
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("folder %v: temporary file left: %s", dirMode, e.Name())
			}
		}
	}
}

// TestExportNewFileHonoursUmask: issue 23.10, a new export file was 0644
// even under umask 077; it now gets the mode the umask gives. A killed
// export's temporary files beside it are cleaned when the next export
// starts.
func TestExportNewFileHonoursUmask(t *testing.T) {
	dir := t.TempDir()
	ev := filepath.Join(dir, "e.scoresheet")
	newOneGameEvent(t, ev)
	killed := filepath.Join(dir, ".r1.pgn.scoresheet-4242.tmp")
	os.WriteFile(killed, []byte("[Event \"half"), 0o600)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(killed, old, old)

	mask := syscall.Umask(0o077)
	defer syscall.Umask(mask)
	out := filepath.Join(dir, "r1.pgn")
	if code, _, stderr := run(t, "", "export", "--format", "pgn", "--out", out, ev); code != ExitOK {
		t.Fatal(stderr)
	}
	if _, _, mode := ownerOf(t, out); mode != 0o600 {
		t.Errorf("under umask 077 a new export file is %v", mode)
	}
	if _, err := os.Lstat(killed); err == nil {
		t.Errorf("the killed export's temporary file is still there")
	}
}
