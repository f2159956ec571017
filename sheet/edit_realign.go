package sheet

// AcceptRealign records the arbiter's acceptance of a realignment (one
// decision in the store, one undo step). Nothing written changes: the
// copy is read realigned from then on.
func (e *Editor) AcceptRealign(r Realignment, by string) error {
	return e.do(e.decisionEdit(r.Ply, r.DecisionText(), e.prevRealign(r.Copy, r.Ply), by))
}

// RefuseRealign records that the arbiter refused the realignment of copy
// side proposed at ply: it is not proposed there again, and the plies are
// left to the arbiter one by one.
func (e *Editor) RefuseRealign(side Side, ply int, by string) error {
	return e.do(e.decisionEdit(ply, RejectText(side), e.prevRealign(side, ply), by))
}

// prevRealign returns the text that restores the ruling on copy side at
// ply as it was: the last one, or a withdrawal.
func (e *Editor) prevRealign(side Side, ply int) string {
	prev := WithdrawText(side)
	for _, d := range e.game.Decisions {
		if key, _, ok := parseRealign(d); ok && key == (realignKey{side, ply}) {
			prev = d.Move
		}
	}
	return prev
}
