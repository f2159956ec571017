package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

const (
	realignWhite = "e4\ne5\nNf3\nNc6\nBb5\na6\nBa4\nNf6\nO-O\nBe7\nRe1\nb5\nBb3\nd6\nc3\nO-O\nh3\nNb8\nd4\nNbd7\n"
	// Black's copy: 6.Re1 not written, every later cell one half-move off.
	realignBlack = "e4\ne5\nNf3\nNc6\nBb5\na6\nBa4\nNf6\nO-O\nBe7\nb5\nBb3\nd6\nc3\nO-O\nh3\nNb8\nd4\nNbd7\n"
)

// TestShowRealign: event show --json lists the realignment proposed (copy,
// ply, kind, move, the decision that accepts it), every later ply depends
// on it and names the cell of each copy read there; the text says so too.
func TestShowRealign(t *testing.T) {
	file := filepath.Join(t.TempDir(), "r.scoresheet")
	for _, args := range [][]string{
		{"event", "new", file, "--name", "R"},
		{"event", "add-game", file, "--round", "1", "--board", "1", "--white", "A", "--black", "B"},
	} {
		if code, _, e := run(t, "", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, e)
		}
	}
	for side, text := range map[string]string{"white": realignWhite, "black": realignBlack} {
		if code, _, e := run(t, text, "event", "enter", file, "--round", "1", "--board", "1", "--copy", side); code != 0 {
			t.Fatalf("enter %s: %d %s", side, code, e)
		}
	}
	doc := showJSONOf(t, file)
	g := doc.Games[0]
	want := realignDoc{Copy: "black", Ply: 11, Kind: "insert", Move: "Re1", Decision: "realign:black:insert:f1e1"}
	if len(g.Realignments) != 1 || g.Realignments[0].Copy != want.Copy || g.Realignments[0].Ply != want.Ply ||
		g.Realignments[0].Kind != want.Kind || g.Realignments[0].Move != want.Move || g.Realignments[0].Decision != want.Decision {
		t.Fatalf("realignments %+v, want %+v", g.Realignments, want)
	}
	for _, m := range g.Moves[11:] {
		if m.Status != "agreed" || m.DependsOn != 11 || m.Copies["black"].Cell != m.Ply-1 || m.Copies["white"].Cell != m.Ply {
			t.Errorf("ply %d: %s depends on %d, cells %+v", m.Ply, m.Status, m.DependsOn, m.Copies)
		}
	}
	_, text, _ := run(t, "", "event", "show", file)
	for _, s := range []string{"realign black copy at ply 11: insert Re1 (proposed)", "depends on the realignment at ply 11"} {
		if !strings.Contains(text, s) {
			t.Errorf("event show does not say %q:\n%s", s, text)
		}
	}
}

// TestCheckRealign: check --json gives a single copy's proposal at its ply.
func TestCheckRealign(t *testing.T) {
	code, out, e := run(t, realignBlack, "check", "--json")
	if code != 0 {
		t.Fatalf("check: %d %s", code, e)
	}
	found := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var p checkPly
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		if p.Realign == nil {
			continue
		}
		found++
		ms := append([]string{p.Realign.Move}, p.Realign.Alternatives...)
		if p.Ply != 11 || p.Realign.Kind != "insert" || !strings.Contains(" "+strings.Join(ms, " ")+" ", " Re1 ") {
			t.Errorf("ply %d: realign %+v, want insert at 11 with Re1 among the moves", p.Ply, *p.Realign)
		}
	}
	if found != 1 {
		t.Errorf("%d plies with a realignment, want 1:\n%s", found, out)
	}
}
