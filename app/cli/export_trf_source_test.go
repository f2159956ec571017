package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// fourPlayers is an event of four players imported from a TRF with no
// round paired, then round 1 from bbpPairings' kind of list: 1-3, 4-2.
func fourPlayers(t *testing.T) (ev, dir string) {
	t.Helper()
	dir = t.TempDir()
	ev = newEvent(t)
	data := trfFile(trfPlayer(1, "Alpha, Ann"), trfPlayer(2, "Beta, Bea"), trfPlayer(3, "Gamma, Gus"), trfPlayer(4, "Delta, Dan"))
	mustRun(t, "import", "--event", ev, xtest.WriteFile(t, dir, "start.trf", data))
	mustRun(t, "import", "--event", ev, "--round", "1", xtest.WriteFile(t, dir, "r1.txt", []byte("2\n1 3\n4 2\n")))
	return ev, dir
}

// TestForfeitsRepaired: the results entered in the event, not the TRF
// as imported, are what the pairing-list check reads: round 1's two
// games forfeited with `event result`, the engine may pair the same
// players again (a forfeit is no game played, C.04.1), and the list
// `3 1`, `2 4` is round 2, with --round or without.
func TestForfeitsRepaired(t *testing.T) {
	for _, args := range [][]string{{"--round", "2"}, nil} {
		ev, dir := fourPlayers(t)
		mustRun(t, "event", "result", ev, "--round", "1", "--board", "1", "--game", "+/-")
		mustRun(t, "event", "result", ev, "--round", "1", "--board", "2", "--game", "-/+")
		list := xtest.WriteFile(t, dir, "r2.txt", []byte("2\n3 1\n2 4\n"))
		code, out, e := run(t, "", append(append([]string{"import", "--event", ev}, args...), list)...)
		if code != 0 || !strings.Contains(out, "round 2: 2 boards added") {
			t.Fatalf("%v: exit %d %q %s", args, code, out, e)
		}
		if got := pairsOf(t, ev, 2); got != "1:3-1 2:2-4" {
			t.Errorf("%v: round 2 %s", args, got)
		}
		// The TRF exported holds round 1's forfeits and round 2's pairs.
		back := filepath.Join(dir, "back.trf")
		mustRun(t, "export", "--format", "trf", "--out", back, ev)
		got, _ := os.ReadFile(back)
		for _, want := range []string{"    3 w +     3 b", "    4 b +     4 w", "    1 b -     1 w", "    2 w -     2 b"} {
			if !strings.Contains(string(got), want) {
				t.Errorf("%v: the TRF exported lacks %q:\n%s", args, want, got)
			}
		}
	}
}

// TestRematchPlayed: the same list after round 1 was played over the
// board (results entered here, the imported TRF still blank) is refused:
// the check reads the event's results. With --round given, its words do
// not ask for --round.
func TestRematchPlayed(t *testing.T) {
	ev, dir := fourPlayers(t)
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "1", "--game", "1-0")
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "2", "--game", "1/2-1/2")
	list := xtest.WriteFile(t, dir, "r2.txt", []byte("2\n3 1\n2 4\n"))
	before := readFile(t, ev)
	code, _, e := run(t, "", "import", "--event", ev, "--round", "2", list)
	if code != ExitError || !strings.Contains(e, "r2.txt:2:1: These two players have played each other already") ||
		!strings.Contains(e, "[trf-list-rematch-given]") || strings.Contains(e, "--round") {
		t.Errorf("--round 2: exit %d %s", code, e)
	}
	code, _, e = run(t, "", "import", "--event", ev, list)
	if code != ExitError || !strings.Contains(e, "Give its round with --round") {
		t.Errorf("no --round: exit %d %s", code, e)
	}
	if readFile(t, ev) != before {
		t.Error("a refused list changed the event")
	}
}

// TestExportTRFMissing: a round with one result of two is finished: the
// export names the board without one and writes nothing (exit 1) unless
// --allow-missing; a round just paired, no result at all, is in play and
// exports; the counts are said per round.
func TestExportTRFMissing(t *testing.T) {
	ev, dir := fourPlayers(t)
	back := filepath.Join(dir, "back.trf")
	code, out, e := run(t, "", "export", "--format", "trf", "--out", back, ev)
	if code != 0 || !strings.Contains(out, "round 1: 0 results (0 changed in the file)\nranks: as read (no round has a result)\n") || e != "" {
		t.Fatalf("round in play: exit %d %q %s", code, out, e)
	}
	os.Remove(back)
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "1", "--game", "1-0")
	code, out, e = run(t, "", "export", "--format", "trf", "--out", back, ev)
	if code != ExitError || out != "" || !strings.Contains(e, "round 1 board 2 (Delta, Dan - Beta, Bea): This board of a finished round has no result") ||
		!strings.Contains(e, "nothing written: 1 board of a finished round without a result") {
		t.Errorf("missing: exit %d %q %s", code, out, e)
	}
	if _, err := os.Stat(back); err == nil {
		t.Error("a refused export wrote the file")
	}
	code, out, e = run(t, "", "export", "--format", "trf", "--allow-missing", "--out", back, ev)
	if code != 0 || !strings.Contains(out, "round 1: 1 result (1 changed in the file)\n") || !strings.Contains(e, "round 1 board 2 (Delta, Dan - Beta, Bea)") {
		t.Errorf("--allow-missing: exit %d %q %s", code, out, e)
	}
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "2", "--game", "0-1")
	code, out, e = run(t, "", "export", "--format", "trf", "--out", back, ev)
	if code != 0 || !strings.Contains(out, "round 1: 2 results (2 changed in the file)\n") || e != "" {
		t.Errorf("complete: exit %d %q %s", code, out, e)
	}
}
