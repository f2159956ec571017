package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// pairsOf lists a round's boards as "board:white-black" by starting rank
// (the TRF tags), with the game's result when it has one.
func pairsOf(t *testing.T, ev string, round int) string {
	t.Helper()
	var s []string
	withStore(t, ev, func(st sheet.EventStore) {
		games, _ := st.Games()
		for _, g := range games {
			if g.Round == round {
				b := itoa(g.Board) + ":" + g.Tags["TRFWhite"] + "-" + g.Tags["TRFBlack"]
				if g.Result != "" {
					b += " " + string(g.Result)
				}
				s = append(s, b)
			}
		}
	})
	return strings.Join(s, " ")
}

// TestImportPairingList: bbpPairings' list for C9's round 2 comes in as
// round 2 (White first, in the list's order, the bye said), into the TRF
// the event keeps; the same list again, with or without --round, changes
// nothing; round 1's boards stay.
func TestImportPairingList(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	c9, _ := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	mustRun(t, "import", "--event", ev, xtest.WriteFile(t, dir, "c9.trf", c9))
	list := xtest.WriteFile(t, dir, "pairs.txt", []byte(c9List))
	code, out, e := run(t, "", "import", "--event", ev, "--round", "2", list)
	if code != 0 || out != "round 2: bye U: 4 Test0004 Player0004\nround 2: 2 boards added, 0 updated, 0 kept, 0 removed\n" || e != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	if got := pairsOf(t, ev, 2); got != "1:2-1 2:3-5" {
		t.Errorf("round 2: %s", got)
	}
	if got := pairsOf(t, ev, 1); got != "1:1-3 1-0 2:4-2 0-1" {
		t.Errorf("round 1: %s", got)
	}
	before := readFile(t, ev)
	for _, args := range [][]string{{"--round", "2"}, {}} {
		code, out, e := run(t, "", append(append([]string{"import", "--event", ev}, args...), list)...)
		if code != 0 || !strings.HasSuffix(out, "round 2: 0 boards added, 0 updated, 2 kept, 0 removed\n") {
			t.Errorf("the same list again %v: exit %d %q %q", args, code, out, e)
		}
	}
	if readFile(t, ev) == before {
		t.Log("(the event file is rewritten with the same content)")
	}
	if got := pairsOf(t, ev, 2); got != "1:2-1 2:3-5" {
		t.Errorf("round 2 after the list again: %s", got)
	}
	// The TRF exported holds round 2's pairings, for the engine; the
	// bye's point is in its player's points.
	out3 := filepath.Join(dir, "back.trf")
	mustRun(t, "export", "--format", "trf", "--out", out3, ev)
	back, _ := os.ReadFile(out3)
	if !strings.Contains(string(back), "1.0    4     2 w 0  0000 - U") || !strings.Contains(string(back), "1.0    1     3 w 1     2 b") {
		t.Errorf("the TRF exported:\n%s", back)
	}
}

// TestImportPairingListRefused: a list with no TRF in the event, one for
// a round past the event's last, one naming a player the TRF lacks, one
// that re-pairs a round holding results, and one pairing two players who
// met in an earlier round (what no engine does: an earlier round's list,
// or a new pairing of the last round imported as the next) are refused
// with their reason, and the event does not change.
func TestImportPairingListRefused(t *testing.T) {
	dir := t.TempDir()
	list := xtest.WriteFile(t, dir, "pairs.txt", []byte(c9List))
	bare := newEvent(t)
	if code, _, e := run(t, "", "import", "--event", bare, list); code != ExitError || !strings.Contains(e, "nor to read a pairing list against. Import the pairing program's TRF first [trf-no-source]") {
		t.Errorf("no TRF: exit %d %s", code, e)
	}
	ev := newEvent(t)
	c9, _ := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	mustRun(t, "import", "--event", ev, xtest.WriteFile(t, dir, "c9.trf", c9))
	before := readFile(t, ev)
	for _, tc := range []struct {
		args []string
		list string
		want string
	}{
		{[]string{"--round", "4"}, c9List, "pairs.txt: This round is after the event's last"},
		{[]string{"--round", "3"}, c9List, "[trf-list-round]"},
		{nil, "1\n1 9\n", "pairs.txt:2:3: The event's TRF has no player with this starting rank"},
		{[]string{"--round", "1"}, "2\n1 3\n4 2\n", "[trf-list-round-done]"},
		{nil, "3\n1 2\n", "pairs.txt:1:1: The pairing list's first line"},
		{nil, "2\n1 2\n3 x\n", "pairs.txt:3:1: This line of the pairing list is not two starting ranks"},
		{nil, "2\n2 5\n3 1\n", "pairs.txt:3:1: These two players have played each other already"},
		{[]string{"--round", "2"}, "2\n4 2\n3 5\n", "pairs.txt:2:1: These two players have played each other already"},
	} {
		path := xtest.WriteFile(t, dir, "pairs.txt", []byte(tc.list))
		code, _, e := run(t, "", append(append([]string{"import", "--event", ev}, tc.args...), path)...)
		if code != ExitError || !strings.Contains(e, tc.want) {
			t.Errorf("%v %q: exit %d %s", tc.args, tc.list, code, e)
		}
	}
	if readFile(t, ev) != before {
		t.Error("a refused list changed the event")
	}
}

// TestImportTRFBounds: a round count past any event's (XXR 99999999999,
// 142 20000000) is refused at once, at its line, and changes nothing.
func TestImportTRFBounds(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	before := readFile(t, ev)
	for _, line := range []string{"XXR 99999999999", "142 20000000", "XXR 100"} {
		data := []byte("012 Huge\r" + line + "\r" + trfPlayer(1, "Alpha, Ann") + "\r")
		start := time.Now()
		code, out, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "huge.trf", data))
		if code != ExitError || out != "" || !strings.Contains(e, "huge.trf:2:5: More rounds than an event has (99 at most)") {
			t.Errorf("%s: exit %d %q %s", line, code, out, e)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: refused after %v", line, d)
		}
	}
	if readFile(t, ev) != before {
		t.Error("a refused file changed the event")
	}
}

// TestImportTRFBothClaimAWin: a pairing whose two blocks both say "1"
// imports as a board with no result, said on import (exit 1) and by its
// check until the arbiter enters the result.
func TestImportTRFBothClaimAWin(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	data := trfFile(trfPlayer(1, "Alpha, Ann", "   2 w 1"), trfPlayer(2, "Beta, Bea", "   1 b 1"))
	code, out, e := run(t, "", "import", "--event", ev, xtest.WriteFile(t, dir, "claims.trf", data))
	if code != ExitError || !strings.Contains(out, "1 board added") ||
		!strings.Contains(e, "round 1 board 1 (Alpha, Ann - Beta, Bea): The two players' blocks give no result together") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, e)
	}
	_, show, _ := run(t, "", "event", "show", ev)
	if !strings.Contains(show, `pairing-results-conflict (8.7) texts=["1" "1"]`) {
		t.Errorf("event show:\n%s", show)
	}
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "1", "--game", "1-0")
	if _, show, _ := run(t, "", "event", "show", ev); strings.Contains(show, "block says") {
		t.Errorf("the finding stays after the result is entered:\n%s", show)
	}
}

// TestEventResultForfeits: event result --game +/-, -/+ and -/- are
// taken, shown as such, and written back into the TRF as + and -; the
// ranks follow the points (then the starting rank).
func TestEventResultForfeits(t *testing.T) {
	dir := t.TempDir()
	ev := newEvent(t)
	mustRun(t, "import", "--event", ev, xtest.WriteFile(t, dir, "round1.trf", round1))
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "1", "--game", "+/-")
	mustRun(t, "event", "result", ev, "--round", "1", "--board", "2", "--game", "-/-")
	if got := pairsOf(t, ev, 1); got != "1:1-3 +/- 2:4-2 -/-" {
		t.Errorf("round 1: %s", got)
	}
	out := filepath.Join(dir, "back.trf")
	code, said, e := run(t, "", "export", "--format", "trf", "--out", out, ev)
	if code != 0 || !strings.HasPrefix(said, "round 1: 2 results (2 changed in the file)\n") || !strings.Contains(said, "1 player's points set") {
		t.Fatalf("export: %d %q %s", code, said, e)
	}
	back, _ := os.ReadFile(out)
	for _, want := range []string{" 1.0    1     3 w +", " 0.0    2     4 b -", " 0.0    3     1 b -", " 0.0    4     2 w -"} {
		if !strings.Contains(string(back), want) {
			t.Errorf("no %q in\n%s", want, back)
		}
	}
	_, show, _ := run(t, "", "event", "show", ev)
	if !strings.Contains(show, "Alpha, Ann - Gamma, Gus  +/-") {
		t.Errorf("event show:\n%s", show)
	}
}
