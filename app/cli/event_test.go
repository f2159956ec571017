package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// TestEventWorkflow: create an event, add a game, enter both copies (one
// German, one English; one per line and as movetext), show it as JSON.
func TestEventWorkflow(t *testing.T) {
	file := filepath.Join(t.TempDir(), "open.scoresheet")
	if code, _, e := run(t, "", "event", "new", file, "--name", "Open", "--tc", "40/5400+30:1800+30", "--rounds", "2"); code != 0 {
		t.Fatalf("new: %d %s", code, e)
	}
	if code, _, _ := run(t, "", "event", "new", file, "--name", "Again"); code != ExitError {
		t.Fatalf("new on an existing file: exit %d, want %d", code, ExitError)
	}
	if code, out, e := run(t, "", "event", "add-game", file, "--round", "1", "--board", "3", "--white", "Đurđević", "--black", "Крамник", "--white-elo", "2401"); code != 0 || strings.TrimSpace(out) != "1" {
		t.Fatalf("add-game: %d %q %s", code, out, e)
	}
	white := "e4\ne5\nSf3\nSc6\nLb5 (=)\na6\nLc6:\ndc6\n0-0\n"
	code, out, e := run(t, white, "event", "enter", file, "--round", "1", "--board", "3", "--copy", "white", "--lang", "de")
	if code != 0 || strings.Count(out, "\n") != 9 {
		t.Fatalf("enter white: %d\n%s%s", code, out, e)
	}
	code, _, e = run(t, "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O f6 1-0\n", "event", "enter", file, "--round", "1", "--board", "3", "--copy", "black")
	if code != 0 {
		t.Fatalf("enter black: %d %s", code, e)
	}
	doc := showJSONOf(t, file)
	if doc.Event.Name != "Open" || len(doc.Event.Rounds) != 2 || len(doc.Games) != 1 {
		t.Fatalf("event %+v", doc.Event)
	}
	g := doc.Games[0]
	if g.Round != 1 || g.Board != 3 || g.White.Name != "Đurđević" || g.White.Rating != 2401 || g.Result != "1-0" {
		t.Fatalf("game header %+v", g)
	}
	if g.Copies["white"].Lang != "de" || len(g.Copies["white"].Cells) != 9 || len(g.Copies["black"].Cells) != 10 {
		t.Fatalf("copies %+v", g.Copies)
	}
	if !g.Copies["white"].Cells[4].DrawOffer && g.Copies["white"].Cells[4].Written != "Lb5 (=)" {
		t.Fatalf("draw offer cell %+v", g.Copies["white"].Cells[4])
	}
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "f6"}
	if len(g.Moves) != len(want) {
		t.Fatalf("%d moves, want %d", len(g.Moves), len(want))
	}
	for i, m := range g.Moves {
		if m.SAN != want[i] || m.Ply != i+1 {
			t.Errorf("ply %d: %s, want %s", i+1, m.SAN, want[i])
		}
		wantStatus := "agreed"
		if i == 9 {
			wantStatus = "single"
		}
		if m.Status != wantStatus {
			t.Errorf("ply %d: status %s, want %s", i+1, m.Status, wantStatus)
		}
	}
	codes := map[string]bool{}
	for _, f := range g.Findings {
		codes[f.Code] = true
	}
	for _, c := range []string{"copy-shorter", "draw-offer", "draw-offer-one-copy"} {
		if !codes[c] {
			t.Errorf("finding %s missing: %+v", c, g.Findings)
		}
	}
}

// TestEventErrors: bad usage exits 2, a missing or foreign file 1, with a
// message on stderr and nothing created.
func TestEventErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.scoresheet")
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("not an event\n"), 0o644)
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"event"}, ExitUsage},
		{[]string{"event", "frobnicate", missing}, ExitUsage},
		{[]string{"event", "new", missing}, ExitUsage},                               // no --name
		{[]string{"event", "new", missing, "--name", "x", "--tc", "40/"}, ExitUsage}, // bad time control
		{[]string{"event", "show", missing}, ExitError},
		{[]string{"event", "show", text}, ExitError},
		{[]string{"event", "add-game", text, "--round", "1", "--board", "1"}, ExitError},
		{[]string{"event", "add-game", missing, "--round", "0", "--board", "1"}, ExitUsage},
		{[]string{"event", "enter", missing, "--round", "1", "--board", "1", "--copy", "grey"}, ExitUsage},
		{[]string{"event", "enter", missing, "--round", "1", "--board", "1", "--copy", "white", "--lang", "xx"}, ExitUsage},
	}
	for _, c := range cases {
		code, _, e := run(t, "", c.args...)
		if code != c.code || e == "" {
			t.Errorf("%v: exit %d (stderr %q), want %d with a message", c.args, code, e, c.code)
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a failed command created %s", missing)
	}
	if b, _ := os.ReadFile(text); string(b) != "not an event\n" {
		t.Errorf("a failed command changed %s", text)
	}
}

// TestEventSet: "event set" changes only the fields it is given, keeps
// round dates, and refuses a bad time control without writing.
func TestEventSet(t *testing.T) {
	file := filepath.Join(t.TempDir(), "open.scoresheet")
	if code, _, e := run(t, "", "event", "new", file, "--name", "Open", "--site", "Split", "--rounds", "2"); code != 0 {
		t.Fatalf("new: %d %s", code, e)
	}
	if code, _, e := run(t, "", "event", "set", file, "--tc", "40/5400+30:1800+30", "--rounds", "5"); code != 0 {
		t.Fatalf("set: %d %s", code, e)
	}
	show := func() eventDoc {
		t.Helper()
		return showJSONOf(t, file).Event
	}
	ev := show()
	if ev.Name != "Open" || ev.Site != "Split" || ev.TimeControl != "40/5400+30:1800+30" || len(ev.Rounds) != 5 {
		t.Errorf("after set: %+v", ev)
	}
	if code, out, e := run(t, "", "event", "show", file); code != 0 || !strings.HasPrefix(out, "Open\nSplit, time control 40/5400+30:1800+30, 5 rounds\n") {
		t.Errorf("show text: %d %q %s", code, out, e)
	}
	if code, _, e := run(t, "", "event", "set", file, "--round-dates", "2026.11.20, - 2026.11.22"); code != 0 {
		t.Fatalf("set --round-dates: %d %s", code, e)
	}
	if code, out, _ := run(t, "", "event", "show", file, "--json"); code != 0 || !strings.Contains(out, `"round_dates": {
      "1": "2026.11.20",
      "3": "2026.11.22"
    }`) {
		t.Errorf("round dates not shown:\n%s", out)
	}
	// --rounds alone keeps the dates of the rounds that stay.
	if code, _, e := run(t, "", "event", "set", file, "--rounds", "3"); code != 0 {
		t.Fatalf("set --rounds 3: %d %s", code, e)
	}
	if code, out, _ := run(t, "", "event", "show", file); code != 0 || !strings.Contains(out, "3 rounds (2026.11.20 - 2026.11.22)") {
		t.Errorf("dates after --rounds 3:\n%s", out)
	}
	if code, _, e := run(t, "", "event", "set", file, "--rounds", "5"); code != 0 {
		t.Fatalf("set --rounds 5: %d %s", code, e)
	}
	before, _ := os.ReadFile(file)
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"--tc", "40/90++30"}, "[time-control-syntax]"},
		{nil, "nothing to change"},
		{[]string{"--name", " "}, "--name"},
		{[]string{"--rounds", "-1"}, "--rounds"},
		{[]string{"--start", "20.11.2026"}, "--start"},
		{[]string{"--round-dates", "2026.11.20 tomorrow"}, "--round-dates"},
		{[]string{"--round-dates", "- - - - - 2026.11.30"}, "6 dates for 5 rounds"},
		{[]string{"--rounds", "1", "--round-dates", "2026.11.20 2026.11.21"}, "2 dates for 1 rounds"},
	} {
		code, _, e := run(t, "", append([]string{"event", "set", file}, tt.args...)...)
		if code != ExitUsage || !strings.Contains(e, tt.err) {
			t.Errorf("set %q: exit %d, stderr %q; want %d and %q", tt.args, code, e, ExitUsage, tt.err)
		}
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Error("a refused set changed the file")
	}
	if ev := show(); ev.TimeControl != "40/5400+30:1800+30" {
		t.Errorf("time control after refusals: %q", ev.TimeControl)
	}
}
