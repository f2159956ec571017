package sqlitestore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// smallDisk mounts a tmpfs of size bytes on a new folder and returns it,
// or skips the test where this process may not mount one.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "small-disk-")
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		os.Remove(dir)
		t.Skipf("cannot mount a small tmpfs here (%v); TestReadOnlyReasonDiskFull simulates it", err)
	}
	t.Cleanup(func() {
		syscall.Unmount(dir, syscall.MNT_DETACH)
		os.Remove(dir)
	})
	return dir
}

// fill writes a file in dir until the disk is full.
func fill(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "fill")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return p
		}
	}
}

// TestFullDiskEventReads is issue 23.10's full disk on a real one (a
// tmpfs of 512 KiB): once the disk is full, an event on it could not
// even be read (SQLite could not make its -shm: "disk I/O error"). It is
// now read, and a write says store-read-only; with space again it is
// written. On a file system mounted read-only it is read too.
func TestFullDiskEventReads(t *testing.T) {
	dir := smallDisk(t, "512k")
	path := filepath.Join(dir, "e.scoresheet")
	s, err := Create(path, sampleEvent())
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.AddGame(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	filler := fill(t, dir)

	s, err = Open(path)
	if err != nil {
		t.Fatalf("an event on a full disk: %v", err)
	}
	if g, err := s.Game(id); err != nil || g.White.Name != sampleGame().White.Name {
		t.Errorf("read %+v, %v", g, err)
	}
	err = sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"})
	sheettest.WantCode(t, err, sheet.StoreReadOnly)
	if !strings.Contains(err.Error(), "disk=full") {
		t.Errorf("the refusal does not say the disk is full: %v", err)
	}
	s.Close()
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Lstat(path + suffix); err == nil {
			t.Errorf("%s made on the full disk", suffix)
		}
	}

	os.Remove(filler)
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}); err != nil {
		t.Errorf("with space again: %v", err)
	}
	s.Close()

	if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		t.Fatalf("remount read-only: %v", err)
	}
	s, err = Open(path)
	if err != nil {
		t.Fatalf("an event on a read-only file system: %v", err)
	}
	defer s.Close()
	if g, err := s.Game(id); err != nil || g.Copies[sheet.WhiteCopy].Cells[0].Text != "d4" {
		t.Errorf("read %+v, %v", g, err)
	}
	sheettest.WantCode(t, sheettest.SetCell(s, id, sheet.WhiteCopy, 1, sheet.Cell{Text: "d5"}), sheet.StoreReadOnly)
}
