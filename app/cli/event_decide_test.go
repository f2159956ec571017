package cli

import (
	"strconv"
	"strings"
	"testing"
)

// kasparovTopalovSAN is the first 44 plies of Kasparov - Topalov.
const kasparovTopalovSAN = `e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5
O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4 Nd5 Nbxd5`

// codesOf returns the codes of a game's findings, and the realignments' decisions.
func codesOf(g GameDoc) (codes map[string]int, decisions []string) {
	codes = map[string]int{}
	for _, f := range g.Findings {
		codes[f.Code]++
	}
	for _, r := range g.Realignments {
		decisions = append(decisions, r.Decision)
	}
	return codes, decisions
}

// TestEventDecideRealign: event decide --take realign:black:remove on a
// move written twice leaves no missing-cell and nothing to decide (defects
// 2 and 10); --take none takes it back.
func TestEventDecideRealign(t *testing.T) {
	file := newEventGames(t, 1)
	white := strings.Fields(kasparovTopalovSAN)
	black := append(append(append([]string(nil), white[:23]...), white[22]), white[23:]...) // 12.Kb1 written twice
	for side, cells := range map[string][]string{"white": white, "black": black} {
		if code, _, e := run(t, strings.Join(cells, "\n")+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", side); code != 0 {
			t.Fatalf("enter %s: %s", side, e)
		}
	}
	g := showJSONOf(t, file).Games[0]
	codes, decisions := codesOf(g)
	if g.State != "needs-decision" || codes["missing-cell"] != 0 || len(decisions) != 1 || decisions[0] != "realign:black:remove" {
		t.Fatalf("before: state %s, findings %v, realignments %v", g.State, codes, decisions)
	}
	ply := g.Realignments[0].Ply
	code, out, e := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", strconv.Itoa(ply), "--take", "realign:black:remove")
	if code != 0 || !strings.HasSuffix(out, "state\tin-progress\n") {
		t.Fatalf("decide: %d %q %s", code, out, e)
	}
	g = showJSONOf(t, file).Games[0]
	if codes, _ := codesOf(g); g.State != "in-progress" || codes["missing-cell"] != 0 || codes["needs-decision"] != 0 || !g.Realignments[0].Accepted {
		t.Errorf("after: state %s, findings %v", g.State, codes)
	}
	if code, out, e := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", strconv.Itoa(ply), "--take", "none"); code != 0 || !strings.HasSuffix(out, "state\tneeds-decision\n") {
		t.Errorf("none: %d %q %s", code, out, e)
	}
}

// TestEventDecideMove: event decide --take Nc6 where the copies differ
// makes the half-move decided; a move not legal there, a ply the game
// does not have, and none where nothing is decided are refused.
func TestEventDecideMove(t *testing.T) {
	file := newEventGames(t, 1)
	for side, mt := range map[string]string{"white": "1.e4 e5 2.Nf3 Nf6", "black": "1.e4 e5 2.Nf3 Nc6"} {
		if code, _, e := run(t, mt+"\n", "event", "enter", file, "--round", "1", "--board", "1", "--copy", side); code != 0 {
			t.Fatalf("enter %s: %s", side, e)
		}
	}
	if m := showJSONOf(t, file).Games[0].Moves[3]; m.Status != "differ" {
		t.Fatalf("ply 4: %s", m.Status)
	}
	code, out, e := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", "4", "--take", "Nc6", "--by", "IA")
	if code != 0 || out != "4\tNc6\tdecided\nstate\tin-progress\n" {
		t.Fatalf("decide Nc6: %d %q %s", code, out, e)
	}
	if m := showJSONOf(t, file).Games[0].Moves[3]; m.Status != "decided" || m.SAN != "Nc6" || !m.Decision {
		t.Errorf("ply 4: %+v", m)
	}
	for _, tc := range []struct {
		ply, take, says string
	}{
		{"4", "Nc5", "neither a legal move here"}, {"9", "Nc6", "no such half-move"}, {"3", "none", "Nothing is decided"},
	} {
		if code, _, e := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", tc.ply, "--take", tc.take); code != ExitError || !strings.Contains(e, tc.says) {
			t.Errorf("--ply %s --take %s: %d %q", tc.ply, tc.take, code, e)
		}
	}
	if code, _, _ := run(t, "", "event", "decide", file, "--round", "1", "--board", "1", "--ply", "4"); code != ExitUsage {
		t.Errorf("without --take: %d", code)
	}
}
