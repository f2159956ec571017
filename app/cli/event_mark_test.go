package cli

import (
	"path/filepath"
	"testing"
)

// mustEnter runs a command with stdin, as mustRun does without.
func mustEnter(t *testing.T, stdin string, args ...string) {
	t.Helper()
	if code, _, e := run(t, stdin, args...); code != ExitOK {
		t.Fatalf("%v: exit %d %s", args, code, e)
	}
}

func TestEventKind(t *testing.T) {
	file := filepath.Join(t.TempDir(), "k.scoresheet")
	mustRun(t, "event", "new", file, "--name", "Rapid", "--kind", "rapid")
	if k := showJSONOf(t, file).Event.Kind; k != "rapid" {
		t.Errorf("kind %q after new --kind rapid", k)
	}
	mustRun(t, "event", "set", file, "--kind", "blitz")
	if k := showJSONOf(t, file).Event.Kind; k != "blitz" {
		t.Errorf("kind %q after set --kind blitz", k)
	}
	mustRun(t, "event", "set", file, "--name", "Blitz")
	if k := showJSONOf(t, file).Event.Kind; k != "blitz" {
		t.Errorf("kind %q after set --name: not kept", k)
	}
	if code, _, e := run(t, "", "event", "set", file, "--kind", "bullet"); code != ExitUsage || e == "" {
		t.Errorf("set --kind bullet: exit %d %q", code, e)
	}
	// An illegal move cites the blitz appendix.
	mustRun(t, "event", "add-game", file, "--round", "1", "--board", "1")
	mustEnter(t, "e4\ne5\nKe3\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white")
	mustEnter(t, "e4\ne5\nKe3\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black")
	found := false
	for _, f := range showJSONOf(t, file).Games[0].Findings {
		if f.Code == "illegal-move" {
			found = f.Ply == 3 && f.Article == "B.3"
		}
	}
	if !found {
		t.Errorf("no illegal-move at ply 3 citing B.3: %+v", showJSONOf(t, file).Games[0].Findings)
	}
}

func TestEventMark(t *testing.T) {
	file := filepath.Join(t.TempDir(), "m.scoresheet")
	mustRun(t, "event", "new", file, "--name", "Marks")
	at := func(board int) []string {
		return []string{"--round", "1", "--board", string(rune('0' + board))}
	}
	mark := func(board int, copy string, ply, m string) (int, string) {
		code, _, e := run(t, "", append(append([]string{"event", "mark", file}, at(board)...), "--copy", copy, "--ply", ply, "--mark", m)...)
		return code, e
	}
	// Board 1: Black claims a draw with 4...Ng8, the third occurrence.
	mustRun(t, append([]string{"event", "add-game", file}, at(1)...)...)
	mustEnter(t, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1\n", append(append([]string{"event", "enter", file}, at(1)...), "--copy", "white")...)
	mustEnter(t, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8\n", append(append([]string{"event", "enter", file}, at(1)...), "--copy", "black")...)
	// Board 2: White seals Nd2 where two knights reach d2.
	mustRun(t, append([]string{"event", "add-game", file}, append(at(2), "--fen", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 41")...)...)
	mustEnter(t, "Nd2\n", append(append([]string{"event", "enter", file}, at(2)...), "--copy", "white")...)
	// Board 3: Black stops recording at move 2.
	mustRun(t, append([]string{"event", "add-game", file}, at(3)...)...)
	mustEnter(t, "e4 e5 Nf3 Nc6\n", append(append([]string{"event", "enter", file}, at(3)...), "--copy", "white")...)
	mustEnter(t, "e4 e5\n", append(append([]string{"event", "enter", file}, at(3)...), "--copy", "black")...)

	for _, m := range []struct {
		board     int
		copy, ply string
		mark      string
	}{{1, "black", "8", "claim-repetition"}, {2, "white", "1", "sealed"}, {3, "black", "3", "recording-stopped"}} {
		if code, e := mark(m.board, m.copy, m.ply, m.mark); code != ExitOK {
			t.Fatalf("mark %+v: exit %d %s", m, code, e)
		}
	}
	doc := showJSONOf(t, file)
	want := []struct {
		copy, mark, code, article, side string
		cell, ply                       int
	}{
		{"black", "claim-repetition", "claim-repetition-correct", "9.2.1.1", "black", 8, 8},
		{"white", "sealed", "sealed-move-ambiguous", "I.8.1", "white", 1, 1},
		{"black", "recording-stopped", "recording-stopped", "8.4", "black", 3, 3},
	}
	for i, w := range want {
		g := doc.Games[i]
		cells := g.Copies[w.copy].Cells
		if len(cells) < w.cell || cells[w.cell-1].Mark != w.mark {
			t.Errorf("board %d: %s copy cells %+v, want %s at %d", g.Board, w.copy, cells, w.mark, w.cell)
		}
		found := false
		for _, f := range g.Findings {
			if f.Code == w.code {
				found = f.Ply == w.ply && f.Article == w.article && f.Side == w.side
			}
			if f.Code == "copy-shorter" || f.Code == "missing-cell" {
				t.Errorf("board %d: %+v", g.Board, f)
			}
		}
		if !found {
			t.Errorf("board %d: no %s at ply %d citing %s: %+v", g.Board, w.code, w.ply, w.article, g.Findings)
		}
	}
	// "none" takes the mark off; the writing stays.
	if code, e := mark(2, "white", "1", "none"); code != ExitOK {
		t.Fatalf("mark none: %d %s", code, e)
	}
	if c := showJSONOf(t, file).Games[1].Copies["white"].Cells[0]; c.Mark != "" || c.Written != "Nd2" {
		t.Errorf("after mark none: %+v", c)
	}
	// "none" past the last cell adds no cell.
	if code, e := mark(2, "white", "2", "none"); code != ExitOK {
		t.Fatalf("mark none past the last cell: %d %s", code, e)
	}
	if n := len(showJSONOf(t, file).Games[1].Copies["white"].Cells); n != 1 {
		t.Errorf("White's copy has %d cells after mark none past its last, want 1", n)
	}
	for _, bad := range [][2]string{{"9", "sealed"}, {"0", "sealed"}, {"1", "resigned"}, {"1", ""}} {
		if code, e := mark(2, "white", bad[0], bad[1]); code != ExitUsage || e == "" {
			t.Errorf("mark --ply %s --mark %q: exit %d %q", bad[0], bad[1], code, e)
		}
	}
	if code, _, e := run(t, "", "event", "mark", file, "--round", "1", "--board", "9", "--copy", "white", "--ply", "1", "--mark", "sealed"); code != ExitError || e == "" {
		t.Errorf("mark on a missing board: exit %d %q", code, e)
	}
}
