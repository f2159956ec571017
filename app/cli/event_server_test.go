package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"scoresheet/internal/pgtest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The command line on an event kept on a PostgreSQL server: the cluster
// the tests start, an event of its own for each test.

// runOK runs the CLI and fails the test unless it exits 0.
func runOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, e := run(t, stdin, args...)
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), code, e)
	}
	return out
}

// TestCommandsOnServerAsOnFile: the same commands on an event file and on
// an event on the server, event new to export, print the same and export
// the same bytes; event copy takes the server's event home to a file
// that shows the same again.
func TestCommandsOnServerAsOnFile(t *testing.T) {
	srv := pgtest.Need(t)
	dir := t.TempDir()
	trf := xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C5.trf")
	outputs := map[string][]string{}
	for _, ev := range []string{filepath.Join(dir, "open.scoresheet"), srv.Event(t)} {
		var said []string
		say := func(s string) { said = append(said, s) }
		runOK(t, "", "event", "new", ev, "--name", "Open ‘26", "--tc", "40/5400+30:1800+30", "--rounds", "9", "--kind", "rapid")
		runOK(t, "", "event", "set", ev, "--site", "Zagreb", "--round-dates", "2026.11.22 2026.11.23")
		say(runOK(t, "", "import", "--event", ev, trf))
		runOK(t, "e4\ne5\nSf3\nSc6\nLb5 (=)\na6\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white", "--lang", "de")
		runOK(t, "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "black")
		runOK(t, "", "event", "result", ev, "--round", "1", "--board", "1", "--game", "1-0", "--white-copy", "1-0")
		runOK(t, "", "event", "mark", ev, "--round", "1", "--board", "1", "--copy", "white", "--ply", "6", "--mark", "sealed")
		// What main's event holds besides: the event's notation language, a
		// copy consulted at one half-move, a forfeit, a decision.
		runOK(t, "", "event", "set", ev, "--lang", "de")
		runOK(t, "Sf3\n", "event", "enter", ev, "--round", "1", "--board", "2", "--copy", "black", "--from", "3")
		runOK(t, "", "event", "result", ev, "--round", "1", "--board", "3", "--game", "+/-")
		runOK(t, "", "event", "add-game", ev, "--round", "9", "--board", "1", "--white", "Ana", "--black", "Bo", "--lang", "en")
		runOK(t, "1.e4 e5 2.Nf3 Nf6\n", "event", "enter", ev, "--round", "9", "--board", "1", "--copy", "white")
		runOK(t, "1.e4 e5 2.Nf3 Nc6\n", "event", "enter", ev, "--round", "9", "--board", "1", "--copy", "black")
		runOK(t, "", "event", "decide", ev, "--round", "9", "--board", "1", "--ply", "4", "--take", "Nc6", "--by", "IA")
		say(runOK(t, "", "event", "show", ev))
		say(runOK(t, "", "event", "show", ev, "--json"))
		for _, f := range []string{"pgn", "trf", "csv"} {
			out := filepath.Join(dir, fmt.Sprintf("%d.%s", len(outputs), f))
			args := []string{"export", "--format", f, "--out", out, ev}
			if f == "trf" {
				args = []string{"export", "--format", f, "--round", "1", "--out", out, ev}
			}
			runOK(t, "", args...)
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			say(string(b))
		}
		outputs[ev] = said
	}
	var file, server []string
	for ev, said := range outputs {
		if location.IsServer(ev) {
			server = said
		} else {
			file = said
		}
	}
	for i := range file {
		if file[i] != server[i] {
			t.Errorf("output %d differs:\nfile:\n%s\nserver:\n%s", i, file[i], server[i])
		}
	}
	var loc string
	for ev := range outputs {
		if location.IsServer(ev) {
			loc = ev
		}
	}
	home := filepath.Join(dir, "home.scoresheet")
	if out := runOK(t, "", "event", "copy", loc, home); !strings.Contains(out, "reads back identical") {
		t.Errorf("copy says %q", out)
	}
	if got := runOK(t, "", "event", "show", home, "--json"); got != file[2] {
		t.Errorf("the copy brought home shows\n%s\nwant\n%s", got, file[2])
	}
	if code, _, e := run(t, "", "event", "copy", loc, home); code != ExitError || !strings.Contains(e, "store-exists") {
		t.Errorf("copy over a file: exit %d %s", code, e)
	}
}

// TestServerUnreachableCLI: with the server stopped, a command says the
// server cannot be reached and exits 3; event enter lists what it did not
// save.
func TestServerUnreachableCLI(t *testing.T) {
	srv := pgtest.Need(t)
	ev := srv.Event(t)
	runOK(t, "", "event", "new", ev, "--name", "Open")
	runOK(t, "", "event", "add-game", ev, "--round", "1", "--board", "1", "--white", "A", "--black", "B")
	if err := srv.Stop("fast"); err != nil {
		t.Fatal(err)
	}
	defer srv.Start()
	code, _, e := run(t, "", "event", "show", ev)
	if code != ExitUnreachable || !strings.Contains(e, "The server cannot be reached") || !strings.Contains(e, "[store-unreachable]") {
		t.Errorf("show: exit %d\n%s", code, e)
	}
	code, _, e = run(t, "e4\ne5\n", "event", "enter", ev, "--round", "1", "--board", "1", "--copy", "white")
	if code != ExitUnreachable || !strings.Contains(e, "store-unreachable") {
		t.Errorf("enter: exit %d\n%s", code, e)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	if got := copyTexts(t, ev, 1, sheet.WhiteCopy); len(got) != 0 {
		t.Errorf("stored %q", got)
	}
}

// TestEnterManyWritersServer: sixteen `event enter` processes write the
// sixteen copies of eight boards on the server at once; one is killed
// (SIGKILL) halfway through its copy. The others exit 0 having stored
// every cell; the killed one's copy holds every cell it acknowledged,
// in order, and at most the one it was writing. Nothing is shifted. The
// event then copies to a file that reads back identical.
func TestEnterManyWritersServer(t *testing.T) {
	const boards, cells, killAfter = 8, 20, 10
	srv := pgtest.Need(t)
	ev := srv.Event(t)
	runOK(t, "", "event", "new", ev, "--name", "Sixteen")
	for b := 1; b <= boards; b++ {
		runOK(t, "", "event", "add-game", ev, "--round", "1", "--board", fmt.Sprint(b), "--white", "A", "--black", "B")
	}
	type writer struct {
		board int
		side  sheet.Side
		texts []string
		errb  bytes.Buffer
		acks  int
		read  chan struct{} // its stdout is read to the end
	}
	var ws []*writer
	half := make(chan struct{}) // the first writer has acknowledged killAfter cells
	var kill func()
	for b := 1; b <= boards; b++ {
		for _, side := range []sheet.Side{sheet.WhiteCopy, sheet.BlackCopy} {
			w := &writer{board: b, side: side, read: make(chan struct{})}
			for i := range cells {
				w.texts = append(w.texts, fmt.Sprintf("b%d%s%d", b, side.String()[:1], i))
			}
			in, feed := io.Pipe()
			outR, outW := io.Pipe()
			cmd := cliProcess(t, in, outW, &w.errb, "event", "enter", ev, "--round", "1", "--board", fmt.Sprint(b), "--copy", side.String())
			go func() { cmd.Wait(); outW.Close() }()
			ws = append(ws, w)
			lines, first := w.texts, len(ws) == 1
			if first { // the one killed: fed one more than half, killed while it writes it
				lines = w.texts[:killAfter+1]
				kill = func() { cmd.Process.Signal(syscall.SIGKILL); feed.Close() }
			}
			go func() {
				fmt.Fprint(feed, strings.Join(lines, "\n")+"\n")
				if len(lines) == cells {
					feed.Close()
				}
			}()
			go func() {
				defer close(w.read)
				out := bufio.NewScanner(outR)
				for out.Scan() {
					if w.acks++; w.acks == killAfter && first {
						close(half)
					}
				}
			}()
		}
	}
	<-half
	kill()
	for _, w := range ws {
		<-w.read
	}
	killed := ws[0]
	for i, w := range ws {
		name := fmt.Sprintf("board %d, %s's copy", w.board, w.side)
		got := copyTexts(t, ev, w.board, w.side)
		if i == 0 {
			if killed.acks < killAfter || len(got) < killed.acks || len(got) > killed.acks+1 {
				t.Errorf("%s (killed): %d acknowledged, holds %q", name, killed.acks, got)
			}
		} else if w.acks != cells || len(got) != cells {
			t.Errorf("%s: %d acknowledged, holds %d cells\n%s", name, w.acks, len(got), w.errb.String())
		}
		for j, text := range got {
			if text != w.texts[j] {
				t.Errorf("%s: cell %d holds %q, want %q (shifted)", name, j, text, w.texts[j])
				break
			}
		}
	}
	home := filepath.Join(t.TempDir(), "home.scoresheet")
	if out := runOK(t, "", "event", "copy", ev, home); !strings.Contains(out, "8 games copied") {
		t.Errorf("copy: %q", out)
	}
	for _, w := range ws {
		if a, b := copyTexts(t, ev, w.board, w.side), copyTexts(t, home, w.board, w.side); strings.Join(a, " ") != strings.Join(b, " ") {
			t.Errorf("board %d %s: the file holds %q, the server %q", w.board, w.side, b, a)
		}
	}
}
