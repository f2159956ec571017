package cli

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// fullTempDir returns a folder on a full disk: a small tmpfs filled up,
// where this process may mount one; else a folder that does not exist,
// which takes no file either.
func fullTempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "full-")
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		os.Remove(dir)
		t.Logf("no tmpfs here (%v): the temporary folder is one that does not exist", err)
		return filepath.Join(t.TempDir(), "missing")
	}
	t.Cleanup(func() {
		syscall.Unmount(dir, syscall.MNT_DETACH)
		os.Remove(dir)
	})
	f, err := os.Create(filepath.Join(dir, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for {
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return dir
		}
	}
}
