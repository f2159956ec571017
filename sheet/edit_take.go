package sheet

import "strings"

// Every decision the window makes, from a text: what "scoresheet event
// decide --take" gives. The decisions are recorded by the same edits as
// the window's (Decide, AcceptRealign, RefuseRealign, a withdrawal), in
// the game's one history of decisions: each is a row added, never one
// rewritten, and taking one back is a withdrawal added after it.

// TakeNone is the text that takes back the decisions in force at a ply.
const TakeNone = "none"

// Take records the arbiter's decision at ply (1-based) that text names:
//   - a move, in SAN with English letters ("Nc6") or in UCI ("b8c6"),
//     legal in the position before the ply: the move decided;
//   - a realignment as "event show --json" gives it
//     (Realignment.DecisionText: "realign:black:remove",
//     "realign:white:insert:g8f6", "realign:white:split:3"): it accepts
//     the realignment of that copy proposed at the ply (an insertion may
//     name one of the proposal's alternatives instead of its move);
//   - "realign:SIDE:reject": it refuses the realignment of that copy
//     proposed (or accepted) at the ply;
//   - TakeNone: it takes back the decisions in force at the ply (a move
//     decided, a realignment accepted or refused there).
//
// One undo step, recorded as made by by. A text that names none of these
// is an EditError: edit-bad-ply (the game has no such ply), edit-bad-take
// (no legal move, no realignment of that copy at the ply),
// edit-nothing-decided (none: nothing is in force there).
func (e *Editor) Take(ply int, text, by string) error {
	rec, err := Reconcile(e.game)
	if err != nil {
		return err
	}
	if ply < 1 || ply > len(rec.Plies) {
		return &EditError{Code: "edit-bad-ply", Index: ply - 1}
	}
	text = strings.TrimSpace(text)
	switch {
	case text == TakeNone:
		return e.takeBack(ply, by)
	case strings.HasPrefix(text, realignPrefix):
		return e.takeRealign(rec, ply, text, by)
	}
	p := rec.Plies[ply-1].Before
	m, err := p.ParseSAN(text)
	if err != nil {
		var ok bool
		if m, ok = moveFromUCI(p, text); !ok {
			return &EditError{Code: "edit-bad-take", Index: ply - 1}
		}
	}
	if d, ok := latestDecisions(e.game.Decisions)[ply]; ok && d.Move == m.UCI() {
		return nil // decided so already
	}
	return e.Decide(ply, m.UCI(), by)
}

// takeRealign accepts or refuses the realignment text names at ply.
func (e *Editor) takeRealign(rec *Reconciled, ply int, text, by string) error {
	key, f, _ := parseRealign(Decision{Ply: ply, Move: text})
	bad := &EditError{Code: "edit-bad-take", Index: ply - 1}
	if len(f) == 0 || key.ply != ply {
		return bad
	}
	var found *Realignment
	for i := range rec.Realignments {
		if r := &rec.Realignments[i]; r.Copy == key.side && r.Ply == ply {
			found = r
		}
	}
	if found == nil {
		return bad // nothing proposed or accepted there: malformed, or another copy's
	}
	if f[0] == "reject" && len(f) == 1 {
		return e.RefuseRealign(key.side, ply, by)
	}
	r := *found
	if r.Kind == RealignInsert && len(f) == 2 && f[0] == string(RealignInsert) {
		for _, m := range r.Alternatives {
			if m.UCI() == f[1] {
				r.Move = m // the arbiter chose another half-move that fits as well
			}
		}
	}
	if r.DecisionText() != text {
		return bad
	}
	if r.Accepted {
		return nil // accepted already: nothing changes
	}
	return e.AcceptRealign(r, by)
}

// takeBack withdraws the decisions in force at ply: the move decided and
// each copy's realignment ruling, as one undo step.
func (e *Editor) takeBack(ply int, by string) error {
	var eds []edit
	if d, ok := latestDecisions(e.game.Decisions)[ply]; ok {
		eds = append(eds, e.decisionEdit(ply, "", d.Move, by))
	}
	rulings := latestRealigns(e.game.Decisions)
	for _, side := range []Side{WhiteCopy, BlackCopy} {
		if _, ok := rulings[realignKey{side, ply}]; ok {
			eds = append(eds, e.decisionEdit(ply, WithdrawText(side), e.prevRealign(side, ply), by))
		}
	}
	if len(eds) == 0 {
		return &EditError{Code: "edit-nothing-decided", Index: ply - 1}
	}
	return e.do(steps(eds...))
}
