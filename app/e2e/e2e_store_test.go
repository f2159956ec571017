package e2e

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"scoresheet/app/cli"
	"scoresheet/internal/xtest"
)

// Issue 11: "Saved edits vanish". The window's saved edits must survive
// its file dialogs and other processes reading and writing the event.

// window is the real app running on an event under its own Xvfb.
type window struct {
	cmd  *exec.Cmd
	xvfb *os.Process // its X server
	env  []string
	wid  string
	up   time.Duration // from the start of the app to its window shown
}

// startWindow starts the app on event with args, and waits for its
// window and its first frame. The app is killed when the test ends,
// failed or not, or when the test process does.
func startWindow(t testing.TB, bin, event string, args ...string) *window {
	t.Helper()
	return startWindowEnv(t, bin, event, nil, args...)
}

// startWindowEnv is startWindow with more environment for the app.
func startWindowEnv(t testing.TB, bin, event string, env []string, args ...string) *window {
	t.Helper()
	return startWindowOn(t, "1400x900x24", env, bin, event, args...)
}

// startWindowOn is startWindow on a screen of size WxHxDEPTH, with env
// added to the app's environment.
func startWindowOn(t testing.TB, screen string, env []string, bin, event string, args ...string) *window {
	t.Helper()
	return startWindowAt(t, screen, env, bin, filepath.Dir(event), event, args...)
}

// startWindowIn is startWindow with dir as the app's home folder (an
// event on a server has no folder).
func startWindowIn(t testing.TB, bin, dir, event string, args ...string) *window {
	t.Helper()
	return startWindowAt(t, "1400x900x24", nil, bin, dir, event, args...)
}

// startWindowAt is startWindowOn with dir as the app's home folder.
func startWindowAt(t testing.TB, screen string, env []string, bin, dir, event string, args ...string) *window {
	t.Helper()
	disp, xvfb := xtest.StartXvfb(t, screen)
	w := &window{xvfb: xvfb, env: []string{"DISPLAY=" + disp, "HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"LANGUAGE=en", "LANG=C.UTF-8", "LC_ALL="}}
	w.cmd = exec.Command(bin, append([]string{"--event", event}, args...)...)
	w.cmd.Env = append(append(os.Environ(), w.env...), env...)
	w.cmd.Stdout, w.cmd.Stderr = os.Stderr, os.Stderr
	w.cmd.SysProcAttr = xtest.OrphanSignal(syscall.SIGKILL)
	start := time.Now()
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		w.cmd.Process.Kill()
		w.cmd.Wait()
	})
	w.wid = xtest.WaitWindow(t, w.env, "Scoresheet", w.cmd.Process.Pid)
	w.up = time.Since(start)
	xtest.WaitIdle(t, w.cmd.Process.Pid) // the first frame drawn
	xtest.Run(t, w.env, "xdotool", "windowfocus", "--sync", w.wid)
	return w
}

// key presses keys (xdotool names: "ctrl+i", "Escape") and waits until
// the app has handled them.
func (w *window) key(t testing.TB, keys ...string) {
	t.Helper()
	run(t, w.env, "xdotool", append([]string{"key", "--window", w.wid}, keys...)...)
	waitIdle(t, w.cmd.Process.Pid)
}

// typeText types text into the window.
func (w *window) typeText(t testing.TB, text string) {
	t.Helper()
	run(t, w.env, "xdotool", "type", "--delay", "20", "--window", w.wid, text)
}

// kill ends the app with SIGKILL: nothing it has not written survives.
func (w *window) kill(t testing.TB) {
	t.Helper()
	w.cmd.Process.Signal(syscall.SIGKILL)
	w.cmd.Wait()
}

// show is "scoresheet event show --json" of another process.
func show(t testing.TB, bin, event string) cli.ShowDoc {
	t.Helper()
	var doc cli.ShowDoc
	if err := json.Unmarshal([]byte(run(t, nil, bin, "event", "show", event, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// stored returns the cells of a copy as another process reads them, a
// draw offer as xtest.CellShown shows it.
func stored(doc cli.ShowDoc, round, board int, side string) []string {
	for _, g := range doc.Games {
		if g.Round == round && g.Board == board {
			var out []string
			for _, c := range g.Copies[side].Cells {
				out = append(out, xtest.CellShown(c.Written, c.DrawOffer))
			}
			return out
		}
	}
	return nil
}

// copyWant is a copy the test expects in the store.
type copyWant struct {
	round, board int
	side         string
	cells        []string
}

func (c copyWant) String() string {
	return fmt.Sprintf("round %d board %d %s", c.round, c.board, c.side)
}

// waitStored polls the store through the CLI until every copy holds its
// cells (xtest.WaitUntil); it fails with what is stored if that stops
// changing before it does.
func waitStored(t *testing.T, bin, event string, want ...copyWant) {
	t.Helper()
	xtest.WaitUntil(t, "not stored", func() (string, bool) {
		doc := show(t, bin, event)
		var missing []string
		for _, c := range want {
			if got := stored(doc, c.round, c.board, c.side); strings.Join(got, "|") != strings.Join(c.cells, "|") {
				missing = append(missing, fmt.Sprintf("%s holds\n%q\nwant\n%q", c, got, c.cells))
			}
		}
		return strings.Join(missing, "\n"), len(missing) == 0
	})
}

// checkStored checks, once, that every copy holds its cells and that
// SQLite finds the file whole.
func checkStored(t *testing.T, bin, event string, want ...copyWant) {
	t.Helper()
	doc := show(t, bin, event)
	for _, c := range want {
		if got := stored(doc, c.round, c.board, c.side); strings.Join(got, "|") != strings.Join(c.cells, "|") {
			t.Errorf("after SIGKILL %s holds\n%q\nwant\n%q", c, got, c.cells)
		}
	}
	if strings.HasPrefix(event, "postgres://") {
		return
	}
	db, err := sql.Open("sqlite", "file:"+event+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var result string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&result); err != nil || result != "ok" {
		t.Errorf("integrity_check: %q %v", result, err)
	}
}

// newEvent makes a one-round event in a new folder with a board for each
// notation language in langs (boards 1, 2, ...), and returns its path.
func newEvent(t *testing.T, bin string, langs ...string) string {
	t.Helper()
	event := filepath.Join(t.TempDir(), "open.scoresheet")
	run(t, nil, bin, "event", "new", event, "--name", "E2E Open", "--rounds", "1")
	for i, lang := range langs {
		run(t, nil, bin, "event", "add-game", event, "--round", "1", "--board", fmt.Sprint(i+1),
			"--white", fmt.Sprintf("White %d", i+1), "--black", fmt.Sprintf("Black %d", i+1), "--lang", lang)
	}
	return event
}

// TestImportDialogThenReaderKeepsEdits is issue 11's reproduction: the
// app open on an event, Ctrl+I lists the event's folder, Escape closes
// the dialog, another process reads the event, moves are typed, the app
// is killed: every move is in the file.
func TestImportDialogThenReaderKeepsEdits(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	event := newEvent(t, bin, "en")
	dir := filepath.Dir(event)
	if err := os.WriteFile(filepath.Join(dir, "round1.pgn"), []byte("[White \"Anna\"]\n[Black \"Bert\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	w := startWindow(t, bin, event, "--round", "1", "--board", "1")
	w.key(t, "ctrl+i") // the import dialog lists the event's folder
	w.key(t, "Escape")
	run(t, nil, bin, "event", "show", event) // another process reads the event and closes it
	moves := "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"
	w.typeText(t, moves+" ")
	want := copyWant{1, 1, "white", strings.Fields(moves)}
	waitStored(t, bin, event, want)
	w.kill(t)
	checkStored(t, bin, event, want)
}

// TestCLIEntersOtherBoardWhileAppTypes: the CLI types one board while the
// app types another on the same event, then the app is killed: nothing
// is lost and the file is whole.
func TestCLIEntersOtherBoardWhileAppTypes(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	event := newEvent(t, bin, "de", "en")

	w := startWindow(t, bin, event, "--round", "1", "--board", "1")
	enter := exec.Command(bin, "event", "enter", event, "--round", "1", "--board", "2", "--copy", "white")
	stdin, err := enter.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	enter.Stdout, enter.Stderr = &out, &out
	if err := enter.Start(); err != nil {
		t.Fatal(err)
	}
	// The CLI's cells, one line every 100 ms, while the app is typed into
	// (about 2 s for each): the two writers take turns on the file.
	fed := make(chan error, 1)
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for _, c := range cells(english) {
			<-tick.C
			if _, err := fmt.Fprintln(stdin, c); err != nil {
				fed <- err
				return
			}
		}
		fed <- stdin.Close()
	}()
	w.typeText(t, german+" ")
	if err := <-fed; err != nil {
		t.Fatal(err)
	}
	if err := enter.Wait(); err != nil {
		t.Fatalf("event enter: %v\n%s", err, out.String())
	}
	want := []copyWant{{1, 1, "white", xtest.Shown(german)}, {1, 2, "white", cells(english)}}
	waitStored(t, bin, event, want...)
	w.kill(t)
	checkStored(t, bin, event, want...)
}
