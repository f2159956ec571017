package sheet

import (
	"strings"

	"scoresheet/rules"
)

// This file judges a game once for every face: the window's navigator,
// "scoresheet event show", the printed scoresheet and the workbook all
// show the state and the severities decided here, so that they cannot
// disagree.

// GameState is where a game stands, judged from its copies, the
// reconciled moves and the arbiter checks.
type GameState string

const (
	GameBadStart      GameState = "bad-start"      // the start position (FEN) does not read
	GameEmpty         GameState = "empty"          // nothing written on either copy
	GameNeedsDecision GameState = "needs-decision" // a ply waits for the arbiter's decision
	GameFindings      GameState = "findings"       // a check or a cell the arbiter must look at
	GameInProgress    GameState = "in-progress"    // the moves are settled, the result is not
	GameComplete      GameState = "complete"       // the moves are settled and a result given
)

// GameStates are the states, in the order they take precedence.
var GameStates = []GameState{GameBadStart, GameEmpty, GameNeedsDecision, GameFindings, GameInProgress, GameComplete}

// Analysis is a game analysed: its reconciled moves, every arbiter check
// (a start position that does not read is one: CheckBadStart) and its
// state.
type Analysis struct {
	Rec      *Reconciled // nil when the start position does not read
	Checks   []CheckFinding
	State    GameState
	StartErr error // why the start position does not read (a *rules.FENError), or nil
}

// Analyse reconciles g, runs the arbiter checks under the event's
// conditions (its time control and kind of play) and judges its state.
func Analyse(g *Game, on Conditions) Analysis { return analyse(g, on, Reconcile) }

// Analyse is Analyse, reconciling with r (the window after each key).
func (r *Reader) Analyse(g *Game, on Conditions) Analysis { return analyse(g, on, r.Reconcile) }

func analyse(g *Game, on Conditions, reconcile func(*Game) (*Reconciled, error)) Analysis {
	rec, err := reconcile(g)
	if err != nil {
		return Analysis{Checks: []CheckFinding{finding(CheckBadStart, 0)}, State: GameBadStart, StartErr: err}
	}
	checks := Check(g, rec, on)
	return Analysis{Rec: rec, Checks: checks, State: StateOf(g, rec, checks)}
}

// StateOf judges the state of g from its reconciled moves and checks
// (rec nil: the start position does not read). The first that holds of
// GameStates is the state. A game has findings exactly when a check is
// a warning or an error: what marks the board is what the checks list
// (a cell in doubt that nothing settles is one, CheckCellInDoubt). A
// forfeit with nothing written is complete (no sheet is expected of a
// game not played) unless a check questions it (the pairing program has
// another result).
func StateOf(g *Game, rec *Reconciled, checks []CheckFinding) GameState {
	switch {
	case rec == nil:
		return GameBadStart
	case !anyWritten(g) && g.Result.Forfeit() && worstCheck(checks) >= rules.Warning:
		return GameFindings
	case !anyWritten(g) && g.Result.Forfeit():
		return GameComplete
	case !anyWritten(g):
		return GameEmpty
	case rec.FirstUndecided() > 0:
		return GameNeedsDecision
	case worstCheck(checks) >= rules.Warning:
		return GameFindings
	case !g.Result.Decided():
		return GameInProgress
	}
	return GameComplete
}

// anyWritten reports whether a cell of either copy holds writing, or a
// copy has a result written on it.
func anyWritten(g *Game) bool {
	for _, c := range g.Copies {
		if c.Result != "" {
			return true
		}
		for _, cell := range c.Cells {
			if strings.TrimSpace(cell.Text) != "" {
				return true
			}
		}
	}
	return false
}

// worstCheck returns the highest severity among the checks (Note when
// there are none).
func worstCheck(checks []CheckFinding) rules.Severity {
	worst := rules.Note
	for _, f := range checks {
		worst = max(worst, f.Code.Severity())
	}
	return worst
}
