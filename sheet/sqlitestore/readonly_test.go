package sqlitestore

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestReadOnlyReasonDiskFull is TestFullDiskEventReads where no small
// disk can be mounted: the disk is told full. The event is read without
// side files, and writes say store-read-only, disk full.
func TestReadOnlyReasonDiskFull(t *testing.T) {
	path, id := lockEvent(t)
	saved := spaceFree
	spaceFree = func(string) (int64, bool) { return 4096, true }
	defer func() { spaceFree = saved }()
	before := dirNames(t, filepath.Dir(path))
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(id); err != nil || g.White.Name != "A" {
		t.Errorf("read %+v, %v", g, err)
	}
	err = sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"})
	sheettest.WantCode(t, err, sheet.StoreReadOnly)
	if !strings.Contains(err.Error(), "disk=full free=4096") {
		t.Errorf("%v", err)
	}
	s.Close()
	if after := dirNames(t, filepath.Dir(path)); strings.Join(after, "/") != strings.Join(before, "/") {
		t.Errorf("the folder was %v, is %v", before, after)
	}
	// A read-only store of an older file cannot bring it up to date: it
	// is refused, saying why.
	old := fileAtVersion(t, 2)
	_, err = Open(old)
	sheettest.WantCode(t, err, sheet.StoreReadOnly)
	if !strings.Contains(err.Error(), "version=2 known=") {
		t.Errorf("%v", err)
	}
	// With space, the same files open for writing.
	spaceFree = saved
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "e4"}); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(old); err != nil {
		t.Error(err)
	}
}
