package sqlitestore

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// crashCells is what the crash child types: the whole game on both
// copies, as the arbiter does it (white copy ply by ply, then the black
// copy), each cell with a clock and sometimes a note, so that rows differ
// in size. Cell i of a copy is deterministic: the parent checks exact text.
func crashCell(side sheet.Side, i int) sheet.Cell {
	moves := strings.Fields(xtest.GameSAN)
	c := sheet.Cell{Text: moves[i%len(moves)], Clock: fmt.Sprintf("%d:%02d", 1+i/60, i%60)}
	if side == sheet.BlackCopy {
		// The black copy in German letters, as its player wrote it.
		c.Text = strings.NewReplacer("N", "S", "B", "L", "R", "T", "Q", "D").Replace(c.Text)
	}
	if i%9 == 4 {
		c.Note = fmt.Sprintf("Notiz %d „unklar“", i)
	}
	if i%13 == 7 {
		c.DrawOffer = true
	}
	return c
}

// TestCrashKill is the durability test: a child process types a game cell
// by cell and says "saved <side> <index>" after each SetCell returns; the
// parent kills it with SIGKILL at a random moment, reopens the store, and
// checks every cell the child said was saved. 50 kills, one store file
// that each child continues.
func TestCrashKill(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test in -short mode")
	}
	seed := time.Now().UnixNano()
	if s := os.Getenv("SCORESHEET_CRASH_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Logf("seed %d (SCORESHEET_CRASH_SEED to repeat)", seed)
	rng := rand.New(rand.NewSource(seed))

	path, id := oneGameEvent(t, "crash", sheet.Player{Name: "Kasparov, Garry"}, sheet.Player{Name: "Topalov, Veselin"})

	const kills = 50
	total := 2 * len(strings.Fields(xtest.GameSAN))
	start := time.Now()
	verified, rounds, ahead := 0, 0, 0
	for k := 0; k < kills; k++ {
		cmd := xtest.Child("TestCrashChild", "SCORESHEET_CRASH_CHILD="+path, "SCORESHEET_CRASH_GAME="+strconv.FormatInt(id, 10))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child's reports, read until the pipe closes after the kill.
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(stdout)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		// The child says "ready <n>" with the number of cells it will
		// type, then types them fast (a commit takes well under a
		// millisecond here). The parent lets it report a random number of
		// them, then waits a random 0-500 µs and kills it: by then the
		// child is inside a later SetCell, or between a commit and its
		// report.
		var saved []string
		var ready string
		for l := range lines {
			if strings.HasPrefix(l, "ready ") {
				ready = l
				break
			}
		}
		todo, err := strconv.Atoi(strings.TrimPrefix(ready, "ready "))
		if err != nil || todo < 1 {
			cmd.Wait()
			t.Fatalf("kill %d: child said %q", k, ready)
		}
		target := 1 + rng.Intn(todo)
		delay := time.Duration(rng.Intn(500)) * time.Microsecond
		for l := range lines {
			if strings.HasPrefix(l, "saved ") {
				saved = append(saved, l)
			}
			if len(saved) == target {
				break
			}
		}
		time.Sleep(delay)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		for l := range lines {
			if strings.HasPrefix(l, "saved ") {
				saved = append(saved, l)
			}
		}
		werr := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			// The child finished the whole game before the kill: it starts
			// over (rewriting the same cells) next time.
			if werr != nil {
				t.Fatalf("kill %d: child failed: %v", k, werr)
			}
			rounds++
		}

		// Every cell the child reported saved is there, exactly.
		s, err := Open(path)
		if err != nil {
			t.Fatalf("kill %d: Open after SIGKILL: %v", k, err)
		}
		g, err := s.Game(id)
		if err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		n := 0
		for _, l := range saved {
			var sideName string
			var idx int
			if _, err := fmt.Sscanf(l, "saved %s %d", &sideName, &idx); err != nil {
				t.Fatalf("kill %d: child said %q", k, l)
			}
			side := sheet.WhiteCopy
			if sideName == "black" {
				side = sheet.BlackCopy
			}
			cells := g.Copies[side].Cells
			if idx >= len(cells) {
				t.Fatalf("kill %d: %s cell %d reported saved, copy has %d cells", k, side, idx, len(cells))
			}
			if want := crashCell(side, idx); cells[idx] != want {
				t.Fatalf("kill %d: %s cell %d is %+v, want %+v", k, side, idx, cells[idx], want)
			}
			n++
		}
		// And nothing that was not written in this order: the copies hold
		// exactly the cells typed so far, correct, without gaps.
		for side, cp := range g.Copies {
			for i, c := range cp.Cells {
				if c != crashCell(sheet.Side(side), i) {
					t.Fatalf("kill %d: %s cell %d is %+v", k, sheet.Side(side), i, c)
				}
			}
		}
		// A kill between a commit and its report leaves the store one
		// cell ahead of what the child said: the kill landed mid-call.
		stored := len(g.Copies[0].Cells) + len(g.Copies[1].Cells)
		if reported := lastPosition(saved); stored < total && stored > reported {
			ahead++
		}
		if err := quickCheck(s.db, path); err != nil {
			t.Fatalf("kill %d: %v", k, err)
		}
		s.Close()
		verified += n
	}
	t.Logf("%d kills, %d saved cells verified (%d cells a game, typed whole %d times; %d kills after a commit before its report), %v",
		kills, verified, total, rounds, ahead, time.Since(start).Round(time.Millisecond))
	if verified == 0 {
		t.Errorf("no cell was ever reported saved")
	}
}

// lastPosition is the number of cells typed up to the last "saved" line,
// counting the white copy first.
func lastPosition(saved []string) int {
	if len(saved) == 0 {
		return 0
	}
	var sideName string
	var idx int
	fmt.Sscanf(saved[len(saved)-1], "saved %s %d", &sideName, &idx)
	if sideName == "black" {
		return len(strings.Fields(xtest.GameSAN)) + idx + 1
	}
	return idx + 1
}

// TestCrashChild is the child of TestCrashKill. It continues the game
// where the store has it: the next cell of the copy being typed; when both
// copies are full it starts again from cell 0 (rewriting cells with the
// same content, which still commits each time).
func TestCrashChild(t *testing.T) {
	path := xtest.ChildEnv(t, "SCORESHEET_CRASH_CHILD", "TestCrashKill")
	id, _ := strconv.ParseInt(os.Getenv("SCORESHEET_CRASH_GAME"), 10, 64)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	plies := len(strings.Fields(xtest.GameSAN))
	type pos struct {
		side sheet.Side
		i    int
	}
	var order []pos
	for side := sheet.WhiteCopy; side <= sheet.BlackCopy; side++ {
		for i := len(g.Copies[side].Cells); i < plies; i++ {
			order = append(order, pos{side, i})
		}
	}
	if len(order) == 0 { // a full game: type it again
		for side := sheet.WhiteCopy; side <= sheet.BlackCopy; side++ {
			for i := 0; i < plies; i++ {
				order = append(order, pos{side, i})
			}
		}
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(out, "ready %d\n", len(order))
	out.Flush()
	for _, p := range order {
		if err := sheettest.SetCell(s, id, p.side, p.i, crashCell(p.side, p.i)); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(out, "saved %s %d\n", p.side, p.i)
		if err := out.Flush(); err != nil {
			t.Fatal(err)
		}
	}
}
