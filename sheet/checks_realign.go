package sheet

// The checks that say where a copy went out of step: one finding per
// realignment proposed, for the arbiter to accept or refuse (its ply is
// the one finding the arbiter decides instead of every later ply).

const (
	CheckRealignInsert CheckCode = "realign-insert" // a half-move not written on a copy: insert it
	CheckRealignRemove CheckCode = "realign-remove" // a cell written twice on a copy: skip it
	CheckRealignMerge  CheckCode = "realign-merge"  // one move written across two cells: read them as one
	CheckRealignSplit  CheckCode = "realign-split"  // two moves written in one cell: read it as two
)

var realignChecks = map[RealignKind]CheckCode{
	RealignInsert: CheckRealignInsert, RealignRemove: CheckRealignRemove,
	RealignMerge: CheckRealignMerge, RealignSplit: CheckRealignSplit,
}

// checkRealign reports each realignment proposed: the copy, its ply, and
// in Texts what the realignment reads there (the move inserted, in SAN,
// or the cell's text) and the realignment as stored in a decision.
func checkRealign(rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	for _, ply := range rec.Plies {
		r := ply.Realign
		if r == nil || r.Accepted {
			continue
		}
		f := finding(realignChecks[r.Kind], ply.Ply)
		f.Copy = r.Copy.Who()
		if r.Kind == RealignInsert && r.Move != 0 {
			f.Texts[0] = ply.Before.SAN(r.Move)
		} else if cc := ply.Copies[r.Copy]; cc != nil {
			f.Texts[0] = cc.Cell.Text
		}
		f.Texts[1] = r.DecisionText()
		out = append(out, f)
	}
	return out
}

// plyOfCell returns the ply at which the first n cells of a copy end: n,
// unless a realignment lines the copy up otherwise.
func plyOfCell(rec *Reconciled, s Side, n int) int {
	if n == 0 {
		return 0
	}
	if _, p := rec.CellAt(s, n-1); p != nil {
		return p.Ply
	}
	return n
}
