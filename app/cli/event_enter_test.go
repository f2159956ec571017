package cli

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// cliProcess starts the CLI with args in a child process (TestCLIChild),
// with stdin, stdout and stderr as given.
func cliProcess(t *testing.T, stdin io.Reader, stdout, stderr io.Writer, args ...string) *exec.Cmd {
	t.Helper()
	cmd := xtest.Child("TestCLIChild", "SCORESHEET_CLI_ARGS="+strings.Join(args, "\x1f"))
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestCLIChild runs the CLI as a process of its own for the tests here.
func TestCLIChild(t *testing.T) {
	if lock := os.Getenv("SCORESHEET_CLI_LOCK"); lock != "" {
		holdLock(lock)
		return
	}
	args := os.Getenv("SCORESHEET_CLI_ARGS")
	if args == "" {
		t.Skip("child process of the event enter tests")
	}
	os.Exit(Main(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
}

// holdLock takes the write lock of an event file as a writer in the middle
// of a transaction does, says "locked", and holds it until stdin closes.
func holdLock(path string) {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		panic(err)
	}
	for _, s := range []string{`BEGIN IMMEDIATE`, `UPDATE event SET name = name`} {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			panic(err)
		}
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	conn.ExecContext(ctx, `ROLLBACK`)
	conn.Close()
	db.Close()
}

// newEventGames makes an event file with boards 1..n of round 1.
func newEventGames(t *testing.T, n int) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "e.scoresheet")
	if code, _, e := run(t, "", "event", "new", file, "--name", "E"); code != 0 {
		t.Fatalf("new: %s", e)
	}
	for b := 1; b <= n; b++ {
		if code, _, e := run(t, "", "event", "add-game", file, "--round", "1", "--board", fmt.Sprint(b), "--white", "A", "--black", "B"); code != 0 {
			t.Fatalf("add-game: %s", e)
		}
	}
	return file
}

// copyTexts returns the texts of a copy's cells of round 1 in the event
// at loc (a file or a server's location).
func copyTexts(t *testing.T, loc string, board int, side sheet.Side) []string {
	t.Helper()
	return sessiontest.Stored(t, loc, 1, board, side)
}

// TestEnterTwoRunsOneCopy: a run of `event enter` reads White's copy and
// stores 1.e4; a second run on the same copy then appends twenty cells
// after it. When the first run goes on, its next cell (ply 2) is no longer
// empty as it saw it: it overwrites nothing, says which cell holds what,
// lists the cells it did not save and exits 1. Every acknowledged cell of
// both runs is in the file.
func TestEnterTwoRunsOneCopy(t *testing.T) {
	file := newEventGames(t, 1)
	args := []string{"event", "enter", file, "--round", "1", "--board", "1", "--copy", "white"}

	firstIn, feed := io.Pipe()
	firstOut, outW := io.Pipe()
	var firstErr bytes.Buffer
	first := cliProcess(t, firstIn, outW, &firstErr, args...)
	acks := bufio.NewScanner(firstOut)
	fmt.Fprintln(feed, "e4")
	if !acks.Scan() || !strings.HasPrefix(acks.Text(), "1\te4\t") {
		t.Fatalf("first run: %q, want ply 1 acknowledged", acks.Text())
	}

	second := strings.Fields("e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4")
	var out, errb bytes.Buffer
	cmd := cliProcess(t, strings.NewReader(strings.Join(second, "\n")+"\n"), &out, &errb, args...)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("second run: %v\n%s", err, errb.String())
	}
	if n := strings.Count(out.String(), "\n"); n != 20 || !strings.HasPrefix(out.String(), "2\te5\t") {
		t.Fatalf("second run acknowledged %d cells:\n%s", n, out.String())
	}

	go io.Copy(io.Discard, firstOut)
	fmt.Fprint(feed, "e5\nNf3\n1-0\n")
	feed.Close()
	err := first.Wait()
	if code := first.ProcessState.ExitCode(); code != ExitError {
		t.Fatalf("first run: exit %d (%v), want %d\n%s", code, err, ExitError, firstErr.String())
	}
	for _, want := range []string{
		"store-conflict", `game=1 side=white index=1 held="e5"`,
		`ply 2 of white's copy was changed by another writer and holds "e5"; it was not overwritten`,
		"not saved\t2\te5\n", "not saved\t3\tNf3\n", "not saved\tresult\t1-0\n",
	} {
		if !strings.Contains(firstErr.String(), want) {
			t.Errorf("first run's stderr lacks %q:\n%s", want, firstErr.String())
		}
	}
	want := append([]string{"e4"}, second...)
	if got := copyTexts(t, file, 1, sheet.WhiteCopy); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("White's copy holds\n %v\nwant\n %v", got, want)
	}
}

// TestEnterManyProcesses: sixteen `event enter` runs, one per copy of
// eight boards, start while another process holds the event's write lock
// (longer than SQLite's busy timeout: until each of them says it waits).
// Each waits its turn; all exit 0 and every cell they read is stored.
func TestEnterManyProcesses(t *testing.T) {
	const boards, cells = 8, 15
	file := newEventGames(t, boards)

	lockIn, release := io.Pipe()
	lockOut, lockW := io.Pipe()
	lock := xtest.Child("TestCLIChild", "SCORESHEET_CLI_LOCK="+file)
	lock.Stdin, lock.Stdout = lockIn, lockW
	if err := lock.Start(); err != nil {
		t.Fatal(err)
	}
	defer lock.Wait()
	defer release.Close()
	if sc := bufio.NewScanner(lockOut); !sc.Scan() || sc.Text() != "locked" {
		t.Fatal("the lock holder did not lock the file")
	}
	go io.Copy(io.Discard, lockOut) // what the test framework prints at its end

	type writer struct {
		cmd         *exec.Cmd
		board       int
		side        sheet.Side
		texts       []string
		out, stderr bytes.Buffer
		done        chan struct{} // the process ended and its stderr is read
	}
	var writers []*writer
	var waiting sync.WaitGroup
	for b := 1; b <= boards; b++ {
		for _, side := range []sheet.Side{sheet.WhiteCopy, sheet.BlackCopy} {
			w := &writer{board: b, side: side, done: make(chan struct{})}
			for i := range cells {
				w.texts = append(w.texts, fmt.Sprintf("b%d%s%d", b, side.String()[:1], i))
			}
			errR, errW := io.Pipe()
			w.cmd = cliProcess(t, strings.NewReader(strings.Join(w.texts, "\n")+"\n"), &w.out, errW,
				"event", "enter", file, "--round", "1", "--board", fmt.Sprint(b), "--copy", side.String())
			waiting.Add(1)
			go func() { w.cmd.Wait(); errW.Close() }()
			go func() { // until it says it waits (or ends), then the rest
				defer close(w.done)
				sc := bufio.NewScanner(errR)
				said := false
				for sc.Scan() {
					w.stderr.WriteString(sc.Text() + "\n")
					if !said && strings.Contains(sc.Text(), "waiting up to") {
						said = true
						waiting.Done()
					}
				}
				if !said {
					waiting.Done()
				}
			}()
			writers = append(writers, w)
		}
	}
	waiting.Wait()
	release.Close()
	for _, w := range writers {
		<-w.done
	}
	lock.Wait() // its closing may checkpoint the file: over before it is read
	for _, w := range writers {
		name := fmt.Sprintf("board %d, %s's copy", w.board, w.side)
		if code := w.cmd.ProcessState.ExitCode(); code != 0 {
			t.Errorf("%s: exit %d\n%s", name, code, w.stderr.String())
			continue
		}
		if !strings.Contains(w.stderr.String(), "another program is writing") {
			t.Errorf("%s did not say it waited:\n%s", name, w.stderr.String())
		}
		if n := strings.Count(w.out.String(), "\n"); n != cells {
			t.Errorf("%s: %d cells acknowledged, want %d", name, n, cells)
		}
		if got := copyTexts(t, file, w.board, w.side); strings.Join(got, " ") != strings.Join(w.texts, " ") {
			t.Errorf("%s holds\n %v\nwant\n %v", name, got, w.texts)
		}
	}
}

// TestEnterResultAfterAnotherWriter: a run of `event enter` reads the
// game, stores 1.e4, and meanwhile another writer changes the game's
// header. The result that ends the input is stored only where nobody
// else wrote: the other writer's White name stays (before, the run wrote
// back the whole header it had read), and a game result the other
// writer set is not overwritten (store-conflict, exit 1).
func TestEnterResultAfterAnotherWriter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(g *sheet.Game)
		code   int
		want   string // White's name and the game's result after the run
	}{
		{"another field", func(g *sheet.Game) { g.White.Name = "Anna K." }, ExitOK, "Anna K. 1-0"},
		{"the result", func(g *sheet.Game) { g.Result = "0-1" }, ExitError, "A 0-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := newEventGames(t, 1)
			in, feed := io.Pipe()
			out, outW := io.Pipe()
			var errb bytes.Buffer
			cmd := cliProcess(t, in, outW, &errb, "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
			acks := bufio.NewScanner(out)
			fmt.Fprintln(feed, "e4")
			if !acks.Scan() || !strings.HasPrefix(acks.Text(), "1\te4\t") {
				t.Fatalf("%q, want ply 1 acknowledged", acks.Text())
			}
			other, err := sqlitestore.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := other.GameAt(1, 1)
			h := g
			tc.change(&h)
			if err := other.SetHeaderIf(g, h); err != nil {
				t.Fatal(err)
			}
			go io.Copy(io.Discard, out)
			fmt.Fprint(feed, "1-0\n")
			feed.Close()
			cmd.Wait()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, errb.String())
			}
			g, _ = other.GameAt(1, 1)
			other.Close()
			if got := g.White.Name + " " + string(g.Result); got != tc.want {
				t.Errorf("White and result %q, want %q\n%s", got, tc.want, errb.String())
			}
			if tc.code == ExitError && !strings.Contains(errb.String(), `result was changed by another writer and holds "0-1"; it was not overwritten`) {
				t.Errorf("stderr does not say which field:\n%s", errb.String())
			}
		})
	}
}
