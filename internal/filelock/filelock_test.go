package filelock_test

import (
	"os"
	"path/filepath"
	"testing"

	"scoresheet/internal/filelock"
)

// A file locked through one open is refused to another open, of this
// process too, and free again once the first is closed (as when its
// process is killed).
func TestTryLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.lock")
	a, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := filelock.TryLock(a); !ok || err != nil {
		t.Fatalf("first lock: %v %v", ok, err)
	}
	b, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if ok, err := filelock.TryLock(b); ok || err != nil {
		t.Fatalf("a held lock taken again: %v %v", ok, err)
	}
	a.Close()
	if ok, err := filelock.TryLock(b); !ok || err != nil {
		t.Fatalf("after the holder closed: %v %v", ok, err)
	}
}
