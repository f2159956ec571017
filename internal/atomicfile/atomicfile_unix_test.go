//go:build unix

package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/xtest"
)

// TestWriteHonoursUmask: a new file gets the mode the user's umask gives
// a new file (issue 23.10: it was 0644 even under umask 077); a replaced
// file keeps its own.
func TestWriteHonoursUmask(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	for mask, want := range map[int]os.FileMode{0o077: 0o600, 0o027: 0o640, 0o002: 0o664} {
		syscall.Umask(mask)
		path := filepath.Join(dir, want.String())
		if err := WriteBytes(path, []byte("new")); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(path); fi.Mode() != want {
			t.Errorf("umask %03o: a new file is %v, want %v", mask, fi.Mode(), want)
		}
	}
	syscall.Umask(0o077)
	kept := filepath.Join(dir, "kept")
	os.WriteFile(kept, nil, 0o644)
	os.Chmod(kept, 0o644)
	if err := WriteBytes(kept, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(kept); fi.Mode() != 0o644 {
		t.Errorf("a replaced 0644 file became %v", fi.Mode())
	}
}

// TestWriteCleansStaleTemporaries: a killed export leaves its temporary
// file (issue 23.10: 25 files, 177 MB, never cleaned). The next write in
// the folder removes those of its own pattern that no export is writing
// now, and nothing else.
func TestWriteCleansStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	stale := time.Now().Add(-2 * staleAfter)
	mk := func(name string, mtime time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("half an export"), 0o600); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, mtime, mtime)
		return p
	}
	gone := []string{
		mk(".official.pgn.scoresheet-123456.tmp", stale), // this version's, killed
		mk(".other.pdf.scoresheet-99.tmp", stale),        // another export's, killed
		mk(".official.pgn.2871629371.tmp", stale),        // an older version's, same file
	}
	kept := []string{
		mk(".official.pgn.scoresheet-777.tmp", time.Now()), // just made: may be running
		mk(".other.pdf.1234.tmp", stale),                   // an older version's, other file: not ours to tell
		mk(".notes.txt.tmp", stale),                        // not our pattern
		mk("report.scoresheet-1.tmp", stale),               // not hidden: not ours
		mk(".x.scoresheet-12a.tmp", stale),                 // not digits
	}
	// An export running now, in this process or another: its file is
	// locked while it is written, however old it looks.
	running := mk(".big.pdf.scoresheet-555.tmp", stale)
	f, err := os.Open(running)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, running)

	if err := WriteBytes(filepath.Join(dir, "official.pgn"), []byte("[Event \"x\"]\n")); err != nil {
		t.Fatal(err)
	}
	for _, p := range gone {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there (%v)", filepath.Base(p), err)
		}
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// TestWriteLocksItsTemporary: while write runs, its temporary file is
// locked, so that another export's cleaning leaves it alone.
func TestWriteLocksItsTemporary(t *testing.T) {
	dir := t.TempDir()
	err := Write(filepath.Join(dir, "out.pgn"), func(w io.Writer) error {
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 || !strings.Contains(ents[0].Name(), ".scoresheet-") {
			t.Fatalf("temporary files: %v", ents)
		}
		f, err := os.Open(filepath.Join(dir, ents[0].Name()))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == nil {
			t.Errorf("the temporary file being written is not locked")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestKilledWriteCleaned: a write in another process, killed while it
// writes, leaves its temporary file. While that process still runs,
// another write in the folder leaves the file alone, however old it
// looks; once it is killed, the next write removes it.
func TestKilledWriteCleaned(t *testing.T) {
	dir := t.TempDir()
	cmd := xtest.Child("TestWriterChild", "ATOMICFILE_WRITER_CHILD="+filepath.Join(dir, "big.pdf"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "writing\n" {
		t.Fatalf("child said %q", line)
	}
	temps := func() []string {
		var names []string
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".big.pdf") {
				names = append(names, e.Name())
			}
		}
		return names
	}
	tmp := temps()
	if len(tmp) != 1 {
		t.Fatalf("temporary files %v", tmp)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, tmp[0]), old, old)
	if err := WriteBytes(filepath.Join(dir, "other.pgn"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if got := temps(); len(got) != 1 {
		t.Fatalf("a running write's file was removed: %v", got)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if got := temps(); len(got) != 1 {
		t.Fatalf("after the kill: %v", got)
	}
	if err := WriteBytes(filepath.Join(dir, "other.pgn"), []byte("y")); err != nil {
		t.Fatal(err)
	}
	if got := temps(); len(got) != 0 {
		t.Errorf("the killed write's file is still there: %v", got)
	}
}

// TestWriterChild is TestKilledWriteCleaned's writer: it writes part of
// a file, says "writing" and waits to be killed.
func TestWriterChild(t *testing.T) {
	path := xtest.ChildEnv(t, "ATOMICFILE_WRITER_CHILD", "TestKilledWriteCleaned")
	Write(path, func(w io.Writer) error {
		w.Write([]byte("%PDF-1.3 half of it"))
		fmt.Println("writing")
		time.Sleep(time.Hour)
		return nil
	})
}
