package session_test

import (
	"os"
	"syscall"
	"testing"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// A write kept that fails part way (the disk full: here the process's
// file size limit, which Go's runtime lets write(2) report as EFBIG) is
// said and cut off again: the next write kept is a line of its own, and
// the journal reads at the next start with every write that was kept.
// Before, the half line and the next joined into one that did not read,
// and the whole journal was refused (journal-bad). The limit is the
// whole process's: no test of this package runs beside it (none calls
// t.Parallel).
func TestJournalKeepFailsWhole(t *testing.T) {
	dir, loc := t.TempDir(), "/events/open.scoresheet"
	j, err := session.OpenJournal(dir, loc)
	if err != nil {
		t.Fatal(err)
	}
	keepCell(t, j, 0, "e4")
	fi, err := os.Stat(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	var was syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
		t.Fatal(err)
	}
	limit := was
	limit.Cur = uint64(fi.Size()) + 10 // room for 10 bytes of the next line
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	err = j.Keep(session.JournalOp{Op: "set-cell", Game: 1, Index: 1, Cell: sheet.Cell{Text: "e5"}})
	if rerr := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &was); rerr != nil {
		t.Fatal(rerr)
	}
	if err == nil {
		t.Fatal("a write past the limit was kept")
	}
	if after, _ := os.Stat(j.Path()); after.Size() != fi.Size() {
		t.Errorf("the file is %d bytes after the failed write, was %d", after.Size(), fi.Size())
	}
	keepCell(t, j, 1, "e5")
	again, err := session.ReadJournalFile(j.Path())
	if err != nil {
		t.Fatalf("the journal at the next start: %v", err)
	}
	if again.Len() != 2 {
		t.Errorf("the journal at the next start: %d writes, want 2", again.Len())
	}
}
