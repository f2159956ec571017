package sqlitestore

import (
	"os"
	"path/filepath"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestJournalLost: the -wal file deleted or replaced under an open store,
// or the event file replaced at its path. The commit that finds it fails
// with the code, so do later ones, and what the store still saw is in a
// rescue file that opens as an event.
func TestJournalLost(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(t *testing.T, path string)
		want sheet.StoreErrorCode
	}{
		{"wal deleted", func(t *testing.T, path string) { mustRemove(t, path+"-wal") }, sheet.StoreJournalLost},
		{"shm and wal deleted", func(t *testing.T, path string) {
			mustRemove(t, path+"-shm")
			mustRemove(t, path+"-wal")
		}, sheet.StoreJournalLost},
		{"wal replaced", func(t *testing.T, path string) {
			mustRemove(t, path+"-wal")
			if err := os.WriteFile(path+"-wal", nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}, sheet.StoreJournalLost},
		{"event file replaced", func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path+".new", data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}, sheet.StoreFileReplaced},
		{"event file moved away", func(t *testing.T, path string) {
			if err := os.Rename(path, path+".moved"); err != nil {
				t.Fatal(err)
			}
		}, sheet.StoreFileReplaced},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, id := lockEvent(t)
			s, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, crashCell(sheet.WhiteCopy, 0)); err != nil {
				t.Fatal(err)
			}
			tc.do(t, path)
			err = sheettest.SetCell(s, id, sheet.WhiteCopy, 1, crashCell(sheet.WhiteCopy, 1))
			sheettest.WantCode(t, err, tc.want)
			se := err.(*sheet.StoreError)
			if se.Path != path || se.Rescue == "" {
				t.Fatalf("%+v: want the path and a rescue file", se)
			}
			// Stopped: nothing more is taken.
			sheettest.WantCode(t, sheettest.SetCell(s, id, sheet.WhiteCopy, 2, crashCell(sheet.WhiteCopy, 2)), tc.want)

			r, err := Open(se.Rescue)
			if err != nil {
				t.Fatalf("rescue file: %v", err)
			}
			defer r.Close()
			g, err := r.Game(id)
			if err != nil {
				t.Fatal(err)
			}
			cells := g.Copies[sheet.WhiteCopy].Cells
			if len(cells) != 2 || cells[0] != crashCell(sheet.WhiteCopy, 0) || cells[1] != crashCell(sheet.WhiteCopy, 1) {
				t.Errorf("rescued %+v", cells)
			}
		})
	}
}

func mustRemove(t *testing.T, path string) {
	t.Helper()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
}

// TestJournalLostThroughLink: an event opened through a symbolic link
// has its -wal file beside the linked file, where SQLite puts it; its
// deletion is seen there too.
func TestJournalLostThroughLink(t *testing.T) {
	path, id := lockEvent(t)
	link := filepath.Join(t.TempDir(), "link.scoresheet")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	s, err := Open(link)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, crashCell(sheet.WhiteCopy, 0)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(link + "-wal"); err == nil {
		t.Fatalf("a -wal file beside the link")
	}
	mustRemove(t, path+"-wal")
	sheettest.WantCode(t, sheettest.SetCell(s, id, sheet.WhiteCopy, 1, crashCell(sheet.WhiteCopy, 1)), sheet.StoreJournalLost)
}
