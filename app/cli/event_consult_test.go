package cli

import (
	"strings"
	"testing"
)

// kasparovTopalov is the first 44 plies of Kasparov - Topalov, with a
// slip at ply 13 ("Nqe2" for Nge2: g and q look alike).
const kasparovTopalov = `1.e4 d6 2.d4 Nf6 3.Nc3 g6 4.Be3 Bg7 5.Qd2 c6 6.f3 b5 7.Nqe2 Nbd7 8.Bh6 Bxh6
9.Qxh6 Bb7 10.a3 e5 11.O-O-O Qe7 12.Kb1 a6 13.Nc1 O-O-O 14.Nb3 exd4 15.Rxd4 c5
16.Rd1 Nb6 17.g3 Kb8 18.Na5 Ba8 19.Bh3 d5 20.Qf4+ Ka7 21.Rhe1 d4 22.Nd5 Nbxd5`

// TestEventEnterConsulted: White's copy typed in full with a slip at 13,
// Black's typed only at 13 (--from 13): the half-move is settled by
// Black's cell; two cells of White's with a look-alike as consistent are
// asked, and typed on Black's copy too (--from 10, --from 24): no finding
// is made of Black's copy, the board needs no decision; show says which
// copy is consulted.
func TestEventEnterConsulted(t *testing.T) {
	file := newEventGames(t, 1)
	if code, _, e := run(t, kasparovTopalov+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "white"); code != 0 {
		t.Fatalf("enter white: %s", e)
	}
	if g := showJSONOf(t, file).Games[0]; g.State != "needs-decision" || !strings.Contains(g.Moves[12].Status, "doubtful") {
		t.Fatalf("before Black's copy is looked up: state %s, ply 13 %s", g.State, g.Moves[12].Status)
	}
	code, out, e := run(t, "Nge2\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--from", "13")
	if code != 0 || out != "13\tNge2\tok\n" {
		t.Fatalf("enter black --from 13: %d %q %s", code, out, e)
	}
	// White's "c6" at 10 and "a6" at 24 are one look-alike from e6 and
	// a5, and the rest of White's copy reads on as well with those: Black's
	// copy is asked for there (issue 32), the cell written first.
	g := showJSONOf(t, file).Games[0]
	for _, want := range []struct {
		ply   int
		cands string
	}{{10, "c6 e6"}, {24, "a6 a5"}} {
		m := g.Moves[want.ply-1]
		if m.Status != "look-alike" || !strings.HasPrefix(strings.Join(m.Candidates, " "), want.cands) {
			t.Errorf("ply %d: %s candidates %v, want look-alike %s", want.ply, m.Status, m.Candidates, want.cands)
		}
	}
	if g.State != "needs-decision" {
		t.Errorf("state %s with two look-alikes asked", g.State)
	}
	for _, c := range []struct{ from, text string }{{"10", "c6"}, {"24", "a6"}} {
		if code, _, e := run(t, c.text+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--from", c.from); code != 0 {
			t.Fatalf("enter black --from %s: %s", c.from, e)
		}
	}
	g = showJSONOf(t, file).Games[0]
	if m := g.Moves[12]; m.Status != "resolved" || m.SAN != "Nge2" {
		t.Errorf("ply 13: %s %s", m.Status, m.SAN)
	}
	for _, f := range g.Findings {
		if (f.Copy == "black" && f.Code != "copy-consulted") || f.Severity != "note" {
			t.Errorf("finding %+v", f)
		}
	}
	if g.State != "in-progress" {
		t.Errorf("state %s", g.State)
	}
	if b := g.Copies["black"]; !b.Consulted || len(b.Cells) != 24 || g.Copies["white"].Consulted {
		t.Errorf("black's copy: consulted %v, %d cells; white's consulted %v", b.Consulted, len(b.Cells), g.Copies["white"].Consulted)
	}
	if _, out, _ := run(t, "", "event", "show", file); !strings.Contains(out, "black's copy: consulted") {
		t.Errorf("show does not say black's copy is consulted:\n%s", out)
	}

	// Said typed in full after all, its blank cells are missing moves.
	if code, _, e := run(t, "", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--consulted=false"); code != 0 {
		t.Fatalf("--consulted=false: %s", e)
	}
	missing := 0
	for _, f := range showJSONOf(t, file).Games[0].Findings {
		if f.Copy == "black" && f.Code == "missing-cell" {
			missing++
		}
	}
	if missing != 21 {
		t.Errorf("typed in full: %d missing cells, want 21", missing)
	}
	if code, _, e := run(t, "", "event", "enter", file, "--round", "1", "--board", "1", "--copy", "black", "--from", "99999"); code != ExitUsage {
		t.Errorf("--from 99999: %d %s", code, e)
	}
}
