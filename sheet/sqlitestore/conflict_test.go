package sqlitestore

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// TestWritePatience: while another process holds the write lock, a write
// fails with store-locked after the short busy timeout; with patience it
// waits, and goes through once the lock is released.
func TestWritePatience(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.scoresheet")
	s, err := Create(path, sampleEvent())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id, err := s.AddGame(sampleGame())
	if err != nil {
		t.Fatal(err)
	}
	release := holdWriteLock(t, path)
	sheettest.WantCode(t, sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "d4"}), sheet.StoreLocked)

	// The lock is released when the write starts to wait: the write must
	// then go through, however long the wait was.
	s.SetPatience(time.Minute, release)
	if err := sheettest.SetCell(s, id, sheet.WhiteCopy, 0, sheet.Cell{Text: "c4"}); err != nil {
		t.Fatalf("with patience: %v", err)
	}
	if g, _ := s.Game(id); g.Copies[sheet.WhiteCopy].Cells[0].Text != "c4" {
		t.Errorf("cell 0 holds %q", g.Copies[sheet.WhiteCopy].Cells[0].Text)
	}
}

// holdWriteLock has a child process (TestLockChild) take the write lock of
// path and hold it; the function returned releases it and waits for the
// child, once however often it is called.
func holdWriteLock(t *testing.T, path string) func() {
	t.Helper()
	cmd := xtest.Child("TestLockChild", "SCORESHEET_LOCK_CHILD="+path, "SCORESHEET_LOCK_MODE=write-pending")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release := func() { once.Do(func() { stdin.Close(); cmd.Wait() }) }
	t.Cleanup(release)
	sc := bufio.NewScanner(stdout)
	if !sc.Scan() || sc.Text() != "locked" {
		t.Fatalf("child did not lock the file")
	}
	return release
}

// TestManyWriterProcesses: sixteen processes write one event at once,
// each its own copy, each cell in its own transaction. Another process
// holds the write lock until every one of them waits for it (far longer
// than SQLite's busy timeout); with patience none fails, and every cell
// each of them acknowledged is in the file.
func TestManyWriterProcesses(t *testing.T) {
	const writers, cells = 16, 30
	path := filepath.Join(t.TempDir(), "e.scoresheet")
	s, err := Create(path, sampleEvent())
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for b := 1; b <= writers/2; b++ {
		id, err := s.AddGame(sheet.Game{Round: 1, Board: b})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s.Close()

	// Each child opens the file and says "ready" before any writes, so
	// that no open meets a writer; a line on its stdin starts it.
	var children []*exec.Cmd
	var starts []*os.File
	waiting := make(chan int, writers)
	for w := range writers {
		cmd := xtest.Child("TestWriterChild", "SCORESHEET_WRITER_CHILD="+path,
			fmt.Sprintf("SCORESHEET_WRITER_GAME=%d", ids[w/2]), fmt.Sprintf("SCORESHEET_WRITER_SIDE=%d", w%2),
			fmt.Sprintf("SCORESHEET_WRITER_CELLS=%d", cells))
		r, start, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = r
		stdout, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		sc := bufio.NewScanner(stdout)
		if !sc.Scan() || sc.Text() != "ready" {
			t.Fatalf("writer %d: no ready", w)
		}
		go func() { // "waiting" (or the end, if the child failed first), then the acknowledgements
			said := false
			for sc.Scan() {
				if sc.Text() == "waiting" && !said {
					said = true
					waiting <- w
				}
			}
			if !said {
				waiting <- w
			}
		}()
		children = append(children, cmd)
		starts = append(starts, start)
	}
	release := holdWriteLock(t, path)
	for _, start := range starts {
		start.Close()
	}
	for range writers {
		<-waiting
	}
	release()
	for w, cmd := range children {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v", w, err)
		}
	}

	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for w := range writers {
		g, err := s.Game(ids[w/2])
		if err != nil {
			t.Fatal(err)
		}
		got := g.Copies[w%2].Cells
		if len(got) != cells {
			t.Errorf("writer %d: %d cells stored, want %d", w, len(got), cells)
			continue
		}
		for i, c := range got {
			if want := fmt.Sprintf("w%d-%d", w, i); c.Text != want {
				t.Errorf("writer %d cell %d: %q, want %q", w, i, c.Text, want)
			}
		}
	}
}

// TestWriterChild is a child of TestManyWriterProcesses: it opens the
// event with patience, says "ready", waits for its stdin to close, then
// appends its cells one transaction each, acknowledging each; it says
// "waiting" when a write starts to wait for another process.
func TestWriterChild(t *testing.T) {
	path := xtest.ChildEnv(t, "SCORESHEET_WRITER_CHILD", "TestManyWriterProcesses")
	id, _ := strconv.ParseInt(os.Getenv("SCORESHEET_WRITER_GAME"), 10, 64)
	side, _ := strconv.Atoi(os.Getenv("SCORESHEET_WRITER_SIDE"))
	n, _ := strconv.Atoi(os.Getenv("SCORESHEET_WRITER_CELLS"))
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.SetPatience(time.Minute, func() { fmt.Println("waiting") })
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString(0) // until EOF
	w := 2*int(id-1) + side
	for i := range n {
		if err := s.SetCellIf(id, sheet.Side(side), i, nil, sheet.Cell{Text: fmt.Sprintf("w%d-%d", w, i)}); err != nil {
			t.Fatalf("cell %d: %v", i, err)
		}
		fmt.Println(i)
	}
}
