package sheet

import (
	"fmt"
	"slices"
	"testing"
)

// claims lists, as "code@ply/side", the findings that claim a consequence
// or say what one would be if confirmed: repetitions, the move rules,
// illegal moves, the time control reached and the final position.
func claims(fs []CheckFinding) []string {
	var out []string
	for _, f := range fs {
		if !boardCheck[f.Code.Confirmed()] {
			continue
		}
		if f.Provisional != f.Code.IsUnconfirmed() {
			out = append(out, fmt.Sprintf("%s provisional=%v", f.Code, f.Provisional))
		}
		s := fmt.Sprintf("%s@%d", f.Code, f.Ply)
		if f.Side != "" {
			s += fmt.Sprintf("/%s#%d", f.Side, f.Count)
		}
		out = append(out, s)
	}
	return out
}

// without returns ts with the i-th text left out: a copy whose player did
// not write one half-move, and is out of step from there on.
func without(ts []string, i int) []string {
	return append(append([]string(nil), ts[:i]...), ts[i+1:]...)
}

// shuffle is a knight shuffle: the start position stands again at plies
// 4 and 8, the third time at ply 8.
var shuffle = []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}

// illegalKing: White's 2.Ke3 and 3.Kf4 are not legal; both copies record them.
var illegalKing = []string{"e4", "e5", "Ke3", "Nc6", "Kf4", "Nf6"}

// TestCheckEstablished: the checks that claim a consequence rest only on
// established plies (established.go); elsewhere they give their
// unconfirmed code, and no illegal move counts against a player.
func TestCheckEstablished(t *testing.T) {
	illegible := texts(shuffle...)
	illegible[4].Illegible = true
	blankIllegal := texts(illegalKing[:3]...)
	blankIllegal[2] = Cell{}
	for _, tc := range []struct {
		name         string
		white, black []Cell
		decisions    []Decision
		established  int
		want         []string
	}{
		{"agreed", texts(shuffle...), texts(shuffle...), nil, 8, []string{"threefold-repetition@8"}},
		// 3.Nf3 not written: the realignment of Black's copy at ply 5 is
		// a proposal until the arbiter accepts it, so nothing from
		// there on is established.
		{"Black's copy out of step: 3.Nf3 not written", texts(shuffle...), texts(without(shuffle, 4)...), nil, 4,
			[]string{"threefold-repetition-unconfirmed@8"}},
		{"White's copy out of step: 2.Ng1 not written", texts(without(shuffle, 2)...), texts(shuffle...), nil, 2,
			[]string{"threefold-repetition-unconfirmed@8"}},
		{"Black's copy out of step, the arbiter accepted the realignment", texts(shuffle...), texts(without(shuffle, 4)...),
			[]Decision{{Ply: 5, Move: "realign:black:insert:g1f3"}}, 8,
			[]string{"threefold-repetition@8"}},
		{"one illegible cell: the other copy fills it", texts(shuffle...), illegible, nil, 8,
			[]string{"threefold-repetition@8"}},
		{"copies differ at one ply", texts(shuffle...), texts(slices.Replace(slices.Clone(shuffle), 4, 5, "Nh3")...), nil, 4,
			[]string{"threefold-repetition-unconfirmed@8"}},
		{"copies differ, the arbiter decided", texts(shuffle...), texts(slices.Replace(slices.Clone(shuffle), 4, 5, "Nh3")...),
			[]Decision{{Ply: 5, Move: "g1f3"}}, 8, []string{"threefold-repetition@8"}},
		{"both copies: two illegal moves, none decided", texts(illegalKing...), texts(illegalKing...), nil, 2,
			[]string{"illegal-move@3/white#1", "illegal-move-unconfirmed@5/white#2", "second-illegal-move-unconfirmed@5/white#2"}},
		{"both copies: the arbiter decided the first, 7.5.5 established", texts(illegalKing...), texts(illegalKing...),
			[]Decision{{Ply: 3, Move: "e1e2"}}, 4,
			[]string{"illegal-move@3/white#1", "illegal-move@5/white#2", "second-illegal-move@5/white#2"}},
		{"both decided", texts(illegalKing...), texts(illegalKing...),
			[]Decision{{Ply: 3, Move: "e1e2"}, {Ply: 5, Move: "e2f3"}}, 6,
			[]string{"illegal-move@3/white#1", "illegal-move@5/white#2", "second-illegal-move@5/white#2"}},
		{"one copy illegal, the other blank", texts(illegalKing[:3]...), blankIllegal, nil, 2,
			[]string{"illegal-move-unconfirmed@3/white#1"}},
		{"one copy illegal, the other blank, the arbiter decided", texts(illegalKing[:3]...), blankIllegal,
			[]Decision{{Ply: 3, Move: "e1e2"}}, 3, []string{"illegal-move@3/white#1"}},
		{"one copy illegal, the other legal", texts(illegalKing[:3]...), texts("e4", "e5", "Ke2"), nil, 3, nil},
		{"one copy illegal, the other legal far from it", texts(illegalKing[:3]...), texts("e4", "e5", "Qh5"), nil, 2, nil},
		{"mate on established moves", texts("f3", "e5", "g4", "Qh4#"), texts("f3", "e5", "g4", "Qh4#"), nil, 4,
			[]string{"checkmate@4", "result-missing@4"}},
		{"mate after a ply the copies dispute", texts("f3", "e5", "g4", "Qh4#"), texts("f3", "e6", "g4", "Qh4#"), nil, 1,
			[]string{"checkmate-unconfirmed@4", "result-missing-unconfirmed@4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := twoCopies("", tc.white, tc.black)
			g.Decisions = tc.decisions
			rec := reconcile(t, g)
			if got := rec.Established(); got != tc.established {
				t.Errorf("established plies %d, want %d", got, tc.established)
			}
			if got := claims(check(t, g, "")); !slices.Equal(got, tc.want) {
				t.Errorf("findings\n %q\nwant\n %q", got, tc.want)
			}
		})
	}
}

// TestCheckOutOfStepNoForfeit: whichever half-move of a 90-ply game one
// copy leaves out (every sixth and the last, to keep the test quick), the other copy replaying legally, no illegal move is
// counted against a player, no loss (7.5.5) is claimed, and nothing is
// claimed past the established plies, which end at the first ply the
// copies dispute. The game has no illegal move, repetition or final
// position to claim: the one true claim is the time control reached at
// move 40 (ply 80).
func TestCheckOutOfStepNoForfeit(t *testing.T) {
	for _, side := range []Side{WhiteCopy, BlackCopy} {
		for drop := 0; drop < len(game45); drop += min(6, max(1, len(game45)-1-drop)) {
			copies := [2][]Cell{texts(game45...), texts(game45...)}
			copies[side] = texts(without(game45, drop)...)
			g := twoCopies("", copies[0], copies[1])
			rec := reconcile(t, g)
			established := rec.Established()
			if first := rec.FirstUndecided(); first > 0 && established >= first {
				t.Errorf("%s copy without ply %d: %d plies established, ply %d disputed", side, drop+1, established, first)
			}
			for _, f := range Check(g, rec, Conditions{TimeControl: "40/5400+30:1800+30"}) {
				if !boardCheck[f.Code] {
					continue
				}
				if f.Ply > established || f.Code != CheckTimeControl || f.Ply != 80 {
					t.Errorf("%s copy without ply %d: %s at ply %d claimed (%d plies established)", side, drop+1, f.Code, f.Ply, established)
				}
			}
		}
	}
}

// TestUnconfirmedCodes: every check that claims a consequence has an
// unconfirmed code with its article, and back.
func TestUnconfirmedCodes(t *testing.T) {
	for c := range boardCheck {
		u := c.Unconfirmed()
		if u == c || !u.IsUnconfirmed() || u.Confirmed() != c || u.Article(KindStandard) != c.Article(KindStandard) || c.IsUnconfirmed() {
			t.Errorf("%s: unconfirmed %s (article %q), confirmed again %s", c, u, u.Article(KindStandard), u.Confirmed())
		}
		if !slices.Contains(CheckCodes(), u) {
			t.Errorf("%s not listed by CheckCodes", u)
		}
	}
	if c := CheckCopiesDiffer; c.Unconfirmed() != c || c.IsUnconfirmed() || c.Confirmed() != c {
		t.Errorf("%s claims nothing about the moves: no unconfirmed code", c)
	}
}
