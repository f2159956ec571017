package sheet

import (
	"slices"
	"testing"
)

// marked returns cells ts with the last one marked m.
func marked(m CellMark, ts ...string) []Cell {
	cs := texts(ts...)
	cs[len(cs)-1].Mark = m
	return cs
}

// lawsCodes are the codes of the checks of marked cells and the copies'
// agreement, which TestCheckClaims and TestCheckSealed look at.
var lawsCodes = []CheckCode{
	CheckClaimRepetitionCorrect, CheckClaimRepetitionWrong, CheckClaimFiftyCorrect, CheckClaimFiftyWrong,
	CheckClaimNotJudged, CheckSealed, CheckSealedAmbiguous, CheckSealedUnreadable, CheckSealedIllegal,
	CheckSealedNotJudged, CheckCopyShorter,
}

func onlyCodes(fs []CheckFinding, codes []CheckCode) []CheckFinding {
	var out []CheckFinding
	for _, f := range fs {
		if slices.Contains(codes, f.Code) {
			out = append(out, f)
		}
	}
	return out
}

// The intended move is on the claimant's copy only: the opponent did not
// write a move never played, and his copy is not "shorter" for it.
func TestCheckClaims(t *testing.T) {
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	const quiet = "8/8/8/4k3/8/8/8/R3K3 w - - 97 80"
	rooks := []string{"Rh2", "Rh7", "Rh1", "Rh8", "Rh2", "Rh7", "Rh1", "Rh8", "Rh2", "Rh7", "Rh1", "Rh8"}
	knights := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	for _, tc := range []struct {
		name         string
		fen          string
		played       []string // on both copies
		intended     string   // on the claimant's copy only, marked
		mark         CellMark
		claimantCopy Side
		want         CheckFinding
	}{
		{"9.2 correct: the intended move makes the third occurrence", "", knights[:7], "Ng8", MarkClaimRepetition, BlackCopy,
			CheckFinding{Code: CheckClaimRepetitionCorrect, Ply: 8, Article: "9.2.1.1", Side: WhoBlack, Plies: []int{0, 4, 8}, Count: 3, Texts: [2]string{"4...Ng8"}}},
		{"9.2 wrong: the second occurrence only", "", knights[:3], "Ng8", MarkClaimRepetition, BlackCopy,
			CheckFinding{Code: CheckClaimRepetitionWrong, Ply: 4, Article: "9.5.2", Side: WhoBlack, Plies: []int{0, 4}, Count: 2, Texts: [2]string{"2...Ng8"}}},
		{"9.2 wrong: the start had castling rights the repetitions lack (9.2.3)", castling, rooks[:7], "Rh8", MarkClaimRepetition, BlackCopy,
			CheckFinding{Code: CheckClaimRepetitionWrong, Ply: 8, Article: "9.5.2", Side: WhoBlack, Plies: []int{4, 8}, Count: 2, Texts: [2]string{"4...Rh8"}}},
		{"9.2 correct: the third occurrence without castling rights", castling, rooks[:11], "Rh8", MarkClaimRepetition, BlackCopy,
			CheckFinding{Code: CheckClaimRepetitionCorrect, Ply: 12, Article: "9.2.1.1", Side: WhoBlack, Plies: []int{4, 8, 12}, Count: 3, Texts: [2]string{"6...Rh8"}}},
		{"9.2 claimed by White", "", knights[:4], "Nf3", MarkClaimRepetition, WhiteCopy,
			CheckFinding{Code: CheckClaimRepetitionWrong, Ply: 5, Article: "9.5.2", Side: WhoWhite, Plies: []int{1, 5}, Count: 2, Texts: [2]string{"3.Nf3"}}},
		{"9.3 correct: the intended move completes 50 moves", quiet, []string{"Ra2", "Kd5"}, "Ra3", MarkClaimFiftyMoves, WhiteCopy,
			CheckFinding{Code: CheckClaimFiftyCorrect, Ply: 3, Article: "9.3.1", Side: WhoWhite, Count: 50, Want: 50, Texts: [2]string{"81.Ra3"}}},
		{"9.3 wrong: one move short", quiet, []string{"Ra2"}, "Kd5", MarkClaimFiftyMoves, BlackCopy,
			CheckFinding{Code: CheckClaimFiftyWrong, Ply: 2, Article: "9.5.2", Side: WhoBlack, Count: 49, Want: 50, Texts: [2]string{"80...Kd5"}}},
		{"9.3 wrong: the intended move is a capture", "8/8/8/4k3/8/8/p7/R3K3 w - - 99 80", nil, "Rxa2", MarkClaimFiftyMoves, WhiteCopy,
			CheckFinding{Code: CheckClaimFiftyWrong, Ply: 1, Article: "9.5.2", Side: WhoWhite, Count: 0, Want: 50, Texts: [2]string{"80.Rxa2"}}},
		{"an illegal intended move is not judged", "", knights[:7], "Qh4", MarkClaimRepetition, BlackCopy,
			CheckFinding{Code: CheckClaimNotJudged, Ply: 8, Article: "9.5", Side: WhoBlack, Texts: [2]string{"Qh4"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cells := [2][]Cell{texts(tc.played...), texts(tc.played...)}
			cells[tc.claimantCopy] = marked(tc.mark, append(slices.Clone(tc.played), tc.intended)...)
			g := twoCopies(tc.fen, cells[0], cells[1])
			got := onlyCodes(check(t, g, ""), lawsCodes)
			if !slices.EqualFunc(got, []CheckFinding{tc.want}, equalFinding) {
				t.Errorf("findings\n %+v\nwant\n %+v", got, tc.want)
			}
		})
	}
	// The claim is judged on the move the claimant wrote, whatever the
	// other copy has there.
	g := twoCopies("", texts(append(slices.Clone(knights[:7]), "Nh6")...), marked(MarkClaimRepetition, knights...))
	want := CheckFinding{Code: CheckClaimRepetitionCorrect, Ply: 8, Article: "9.2.1.1", Side: WhoBlack, Plies: []int{0, 4, 8}, Count: 3, Texts: [2]string{"4...Ng8"}}
	if got := onlyCodes(check(t, g, ""), lawsCodes); !slices.EqualFunc(got, []CheckFinding{want}, equalFinding) {
		t.Errorf("the other copy has 4...Nh6: findings\n %+v\nwant\n %+v", got, want)
	}
	// The copies differ at ply 2: the claim's position is not established,
	// and no draw is claimed.
	g = twoCopies("", texts("Nf3", "Nc6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"), marked(MarkClaimRepetition, knights...))
	want = CheckFinding{Code: CheckClaimNotJudged, Ply: 8, Article: "9.5", Texts: [2]string{"Ng8"}}
	if got := onlyCodes(check(t, g, ""), lawsCodes); !slices.EqualFunc(got, []CheckFinding{want}, equalFinding) {
		t.Errorf("claim after a disputed move: findings\n %+v\nwant\n %+v", got, want)
	}
}

// A sealed move is on the sealer's copy only, as in the envelope.
func TestCheckSealed(t *testing.T) {
	const knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 41" // Nb1 and Nf1 both reach d2
	for _, tc := range []struct {
		sealed string
		want   CheckFinding
	}{
		{"Nbd2", CheckFinding{Code: CheckSealed, Ply: 1, Article: "I.1.1", Side: WhoWhite, Texts: [2]string{"Nbd2"}}},
		{"Nd2", CheckFinding{Code: CheckSealedAmbiguous, Ply: 1, Article: "I.8.1", Side: WhoWhite, Texts: [2]string{"Nd2"}}},
		{"Nd4", CheckFinding{Code: CheckSealedIllegal, Ply: 1, Article: "I.8.3", Side: WhoWhite, Texts: [2]string{"Nd4"}}},
		{"%&/", CheckFinding{Code: CheckSealedUnreadable, Ply: 1, Article: "I.8.2", Side: WhoWhite, Texts: [2]string{"%&/"}}},
	} {
		t.Run(tc.sealed, func(t *testing.T) {
			g := twoCopies(knights, marked(MarkSealed, tc.sealed), nil)
			got := onlyCodes(check(t, g, ""), lawsCodes)
			if !slices.EqualFunc(got, []CheckFinding{tc.want}, equalFinding) {
				t.Errorf("findings\n %+v\nwant\n %+v", got, tc.want)
			}
		})
	}
	// The copies differ at ply 1: the position the sealed move is judged
	// in is not established, and no loss is claimed.
	g := twoCopies(knights, texts("Nbd2", "Ke7", "Nd4"), texts("Nfd2", "Ke7", "Nd4"))
	g.Copies[WhiteCopy].Cells[2].Mark = MarkSealed
	want := CheckFinding{Code: CheckSealedNotJudged, Ply: 3, Article: "I.8", Texts: [2]string{"Nd4"}}
	if got := onlyCodes(check(t, g, ""), lawsCodes); !slices.EqualFunc(got, []CheckFinding{want}, equalFinding) {
		t.Errorf("sealed after a disputed move: findings\n %+v\nwant\n %+v", got, want)
	}
	// Black seals after White's 41st move: the cell is Black's ply.
	g = twoCopies(knights, texts("Nbd2"), marked(MarkSealed, "Nbd2", "Kd7"))
	want = CheckFinding{Code: CheckSealed, Ply: 2, Article: "I.1.1", Side: WhoBlack, Texts: [2]string{"Kd7"}}
	if got := onlyCodes(check(t, g, ""), lawsCodes); !slices.EqualFunc(got, []CheckFinding{want}, equalFinding) {
		t.Errorf("Black's sealed move: findings\n %+v\nwant\n %+v", got, want)
	}
}

// Black stops recording at move 38 (ply 75) under 8.4: one finding, no
// blank cell flagged, and the period's moves not recorded are not
// counted against him (8.6); White's copy has every move.
func TestCheckRecordingStopped(t *testing.T) {
	const tc = "40/5400:1800"
	black := texts(game45[:74]...)
	black = append(black, Cell{Mark: MarkRecordingStopped}, Cell{}, Cell{Text: "-"})
	g := twoCopies("", texts(game45...), black)
	fs := check(t, g, tc)
	want := []CheckFinding{{Code: CheckRecordingStopped, Ply: 75, Article: "8.4", Side: WhoBlack, Copy: WhoBlack, Texts: [2]string{"38."}}}
	if got := only(fs, CheckRecordingStopped); !slices.EqualFunc(got, want, equalFinding) {
		t.Errorf("recording-stopped findings\n %+v\nwant\n %+v", got, want)
	}
	for _, c := range []CheckCode{CheckMissingCell, CheckTimeControlShort, CheckCopyShorter} {
		if got := only(fs, c); len(got) != 0 {
			t.Errorf("%s findings: %+v", c, got)
		}
	}
	if got := only(fs, CheckTimeControl); len(got) != 1 || got[0].Ply != 80 {
		t.Errorf("time-control-reached findings %+v, want one at ply 80 (White's copy has the moves)", got)
	}

	// With 30 s a move 8.4 does not apply: the mark is said not to
	// excuse, and the copy is short of the moves not recorded. In a control that
	// adds the increment from move 41 only, it applies at move 38.
	for _, inc := range []struct {
		tc   string
		want CheckCode
	}{{"40/5400+30:1800+30", CheckRecordingStoppedIncrement}, {"40/5400:1800+30", CheckRecordingStopped}} {
		fs := check(t, g, inc.tc)
		stopped := onlyCodes(fs, []CheckCode{CheckRecordingStopped, CheckRecordingStoppedIncrement})
		if len(stopped) != 1 || stopped[0].Code != inc.want || stopped[0].Ply != 75 {
			t.Errorf("%s: %+v, want %s at ply 75", inc.tc, stopped, inc.want)
		}
		short := len(only(fs, CheckCopyShorter)) == 1 && len(only(fs, CheckTimeControlShort)) == 1
		if short != (inc.want == CheckRecordingStoppedIncrement) {
			t.Errorf("%s: copy-shorter and time-control-short %v", inc.tc, short)
		}
		if inc.want == CheckRecordingStoppedIncrement && stopped[0].Count != 30 {
			t.Errorf("%s: increment %d", inc.tc, stopped[0].Count)
		}
	}

	// Without the mark the same copy is short and has a blank cell.
	g.Copies[BlackCopy].Cells[74].Mark = MarkNone
	g.Copies[BlackCopy].Cells[75].Text = "Kh2"
	fs = check(t, g, tc)
	if got := plies(only(fs, CheckMissingCell)); !slices.Equal(got, []int{75}) {
		t.Errorf("unmarked: missing-cell findings at plies %v, want [75]", got)
	}
	if got := only(fs, CheckTimeControlShort); len(got) != 1 || got[0].Count != 75 || got[0].Want != 80 {
		t.Errorf("unmarked: time-control-short findings %+v", got)
	}
}

func TestCheckCopiesAgreeUntil(t *testing.T) {
	g := twoCopies("", texts("e4", "e5", "Nf3", "Nc6", "Bb5", "a6"), texts("e4", "e5", "Nf3", "Nf6", "Bb5", "a6"))
	fs := check(t, g, "")
	want := []CheckFinding{{Code: CheckCopiesAgreeUntil, Ply: 4, Article: "D.2.9", Count: 3, Texts: [2]string{"2.Nf3"}}}
	if got := only(fs, CheckCopiesAgreeUntil); !slices.EqualFunc(got, want, equalFinding) {
		t.Errorf("findings\n %+v\nwant\n %+v", got, want)
	}
	if fs[0].Code != CheckCopiesAgreeUntil {
		t.Errorf("first finding %s, want it before the plies' own", fs[0].Code)
	}
	// Different from the first move: nothing agrees.
	g = twoCopies("", texts("e4", "e5"), texts("d4", "e5"))
	if got := only(check(t, g, ""), CheckCopiesAgreeUntil); len(got) != 0 {
		t.Errorf("differ from ply 1: %+v", got)
	}
}

// Rapid and blitz play cite their appendices for an illegal move, and
// the moves need not be recorded (A.2): no missing cell, no short copy.
func TestCheckKindArticles(t *testing.T) {
	// 3.Ke3 is illegal on both copies; White's copy has a blank cell and
	// Black's stops early.
	white := texts("e4", "e5", "Ke3", "Nc6", "", "Nf6", "Nf3")
	black := texts("e4", "e5", "Ke3", "Nc6", "Nf3")
	for _, tc := range []struct {
		kind    EventKind
		article string
		missing int
	}{
		{KindStandard, "7.5.1", 1}, {"", "7.5.1", 1}, {KindRapid, "A.4.2", 0}, {KindBlitz, "B.3", 0},
	} {
		t.Run(string(tc.kind), func(t *testing.T) {
			g := twoCopies("", white, black)
			fs := Check(g, reconcile(t, g), Conditions{Kind: tc.kind})
			ill := only(fs, CheckIllegalMove)
			if len(ill) != 1 || ill[0].Ply != 3 || ill[0].Article != tc.article || ill[0].Side != WhoWhite {
				t.Errorf("illegal-move findings %+v, want one at ply 3 citing %s", ill, tc.article)
			}
			if n := len(only(fs, CheckMissingCell)) + len(only(fs, CheckCopyShorter)); n != tc.missing*2 {
				t.Errorf("%d missing-cell and copy-shorter findings, want %d", n, tc.missing*2)
			}
			for _, f := range fs {
				if f.Article != f.Code.Article(tc.kind) && !byPosition(f) {
					t.Errorf("%s: article %q, want %q", f.Code, f.Article, f.Code.Article(tc.kind))
				}
			}
		})
	}
}

// A correct claim draws the game and a sealed move that cannot stand
// loses it: a result saying otherwise is an error, one that agrees (or
// none yet) is not.
func TestCheckRulingResult(t *testing.T) {
	knights := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}
	claim := func() *Game {
		return twoCopies("", texts(knights...), marked(MarkClaimRepetition, append(slices.Clone(knights), "Ng8")...))
	}
	sealed := func() *Game { // White seals the ambiguous Nd2
		return twoCopies("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 41", marked(MarkSealed, "Nd2"), nil)
	}
	for _, tc := range []struct {
		name   string
		g      func() *Game
		result Result
		want   []CheckFinding
	}{
		{"claim, drawn", claim, "1/2-1/2", nil},
		{"claim, no result yet", claim, "*", nil},
		{"claim, White wins", claim, "1-0", []CheckFinding{{Code: CheckResultContradictsRuling, Ply: 8, Article: "8.7", Texts: [2]string{"1-0", "1/2-1/2"}}}},
		{"sealed, Black wins", sealed, "0-1", nil},
		{"sealed, drawn", sealed, "1/2-1/2", []CheckFinding{{Code: CheckResultContradictsRuling, Ply: 1, Article: "8.7", Texts: [2]string{"1/2-1/2", "0-1"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.g()
			g.Result = tc.result
			got := only(check(t, g, ""), CheckResultContradictsRuling)
			if !slices.EqualFunc(got, tc.want, equalFinding) {
				t.Errorf("findings\n %+v\nwant\n %+v", got, tc.want)
			}
		})
	}
	if !CheckResultContradictsRuling.IsResult() {
		t.Error("result-contradicts-ruling does not put the result in question on the results list")
	}
	// A wrong claim decides nothing: the game goes on.
	g := twoCopies("", texts(knights[:3]...), marked(MarkClaimRepetition, knights[0], knights[1], knights[2], "Ng8"))
	g.Result = "1-0"
	if got := only(check(t, g, ""), CheckResultContradictsRuling); len(got) != 0 {
		t.Errorf("wrong claim: %+v", got)
	}
}
