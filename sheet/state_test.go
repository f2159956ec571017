package sheet

import (
	"testing"

	"scoresheet/rules"
)

// copyResults writes results on g's copies: White's, Black's.
func copyResults(g *Game, white, black Result) *Game {
	g.Copies[WhiteCopy].Result, g.Copies[BlackCopy].Result = white, black
	return g
}

func TestAnalyseState(t *testing.T) {
	foolsMate := []string{"f3", "e5", "g4", "Qh4#"}
	withResult := func(g *Game, r Result) *Game { g.Result = r; return g }
	for _, tc := range []struct {
		name  string
		g     *Game
		want  GameState
		codes []CheckCode // the checks of severity warning or error
	}{
		{"nothing written", sameCopies(""), GameEmpty, nil},
		{"blank cells only", sameCopies("", " ", ""), GameEmpty, nil},
		{"start position does not read", sameCopies("8/8/8 w - - 0 1", "e4"), GameBadStart, []CheckCode{CheckBadStart}},
		{"bad start and nothing written", sameCopies("nonsense"), GameBadStart, []CheckCode{CheckBadStart}},
		{"copies differ", twoCopies("", texts("e4", "e5"), texts("d4", "e5")), GameNeedsDecision, []CheckCode{CheckCopiesDiffer}},
		{"result contradicts the board", withResult(sameCopies("", foolsMate...), "1-0"), GameFindings, []CheckCode{CheckResultBoard}},
		// Defect 7: the navigator's sign said findings while the checks
		// said nothing; the other copy settles the cell, nothing to do.
		{"ambiguous cell the other copy settles", twoCopies("", texts("e4", "e5", "Nc3", "Nc6", "Ne2"), texts("e4", "e5", "Nc3", "Nc6", "Nge2")), GameInProgress, nil},
		{"illegal cell the other copy settles", twoCopies("", texts("e4", "e5", "Nf3", "Nc6", "Bb7"), texts("e4", "e5", "Nf3", "Nc6", "Bb5")), GameInProgress, nil},
		{"a cell written after the mate", withResult(sameCopies("", append(foolsMate, "Ke2")...), "0-1"), GameFindings, []CheckCode{CheckCellInDoubt, CheckCellInDoubt}},
		{"no result yet", sameCopies("", "e4", "e5", "Nf3"), GameInProgress, nil},
		{"mate with its result", withResult(sameCopies("", foolsMate...), "0-1"), GameComplete, nil},
		{"only the copies' results written", copyResults(sameCopies(""), "1-0", "1-0"), GameInProgress, nil},
		{"only the copies' results, and they differ", copyResults(sameCopies(""), "1-0", "0-1"), GameFindings, []CheckCode{CheckCopyResultsDiffer}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Analyse(tc.g, Conditions{})
			if a.State != tc.want {
				t.Errorf("state %s, want %s", a.State, tc.want)
			}
			if (a.Rec == nil) != (tc.want == GameBadStart) || (a.StartErr != nil) != (tc.want == GameBadStart) {
				t.Errorf("Rec %v, StartErr %v for state %s", a.Rec, a.StartErr, a.State)
			}
			var got []CheckCode
			for _, f := range a.Checks {
				if f.Severity() >= rules.Warning {
					got = append(got, f.Code)
				}
			}
			if len(got) != len(tc.codes) || (len(got) > 0 && got[0] != tc.codes[0]) {
				t.Errorf("serious checks %v, want %v", got, tc.codes)
			}
			if a.Rec != nil && StateOf(tc.g, a.Rec, a.Checks) != a.State {
				t.Errorf("StateOf disagrees with Analyse")
			}
		})
	}
}

// TestCheckSeverity pins each check's severity: errors are printed in red
// and mark the board, warnings mark the board; a finding resting on moves
// not established is never an error.
func TestCheckSeverity(t *testing.T) {
	want := map[CheckCode]rules.Severity{
		CheckIllegalMove: rules.Error, CheckSecondIllegal: rules.Error, CheckResultBoard: rules.Error,
		CheckCopiesDiffer: rules.Error, CheckNeedsDecision: rules.Error, CheckBadStart: rules.Error,
		CheckClockBackwards: rules.Error, CheckDrawOfferOneCopy: rules.Warning, CheckTimeControlShort: rules.Warning,
		CheckResultMissing: rules.Warning, CheckCopyShorter: rules.Warning, CheckMissingCell: rules.Warning,
		CheckIllegalMove.Unconfirmed(): rules.Warning, CheckResultBoard.Unconfirmed(): rules.Warning,
		CheckResultMissing.Unconfirmed(): rules.Warning, CheckThreefold.Unconfirmed(): rules.Note,
		CheckThreefold: rules.Note, CheckDrawOffer: rules.Note, CheckCheckmate: rules.Note, CheckBadTimeControl: rules.Note,
	}
	for code, sev := range want {
		if got := code.Severity(); got != sev {
			t.Errorf("%s: severity %s, want %s", code, got, sev)
		}
	}
}

// TestStateIsTheChecks (defect 7): on real two-copy games, a board has
// findings exactly when the checks list a warning or an error, and needs
// a decision exactly when a ply waits for one: the navigator's sign and
// the checks come from one judgement.
func TestStateIsTheChecks(t *testing.T) {
	n := 0
	for _, hg := range hcsGames(t) {
		a := Analyse(hg.game, Conditions{})
		serious := worstCheck(a.Checks) >= rules.Warning
		undecided := a.Rec.FirstUndecided() > 0
		if (a.State == GameFindings) != (serious && !undecided) || (a.State == GameNeedsDecision) != undecided {
			t.Errorf("%s: state %s, a check of warning or worse %v, a ply undecided %v", hg.name, a.State, serious, undecided)
		}
		if a.State == GameFindings {
			n++
		}
	}
	t.Logf("boards with findings: %d", n)
}
