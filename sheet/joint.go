package sheet

import (
	"slices"

	"scoresheet/rules"
)

// The whole-sheet joint reading. A ply in doubt (the copies name
// different moves, or neither names one) is read together with the plies
// that follow it on both copies: for a move it could be, the cheapest
// reading of the next jointWindow plies of both copies, each cell read as
// a legal move at its handwriting cost (rules.WrittenCosts: look-alikes,
// swapped neighbours, a sign left out, a disambiguation, each copy's
// language's piece letters), the doubtful cells among them chosen jointly
// with it. A branch and bound finds that least cost exactly, over every
// move that one copy's writing at each ply can stand for (a slip at most);
// a ply read as none of them costs the rest of the window unread, every
// written cell at its cap. So the cells that follow choose between the
// readings of a cell in doubt, all of them at once, not the first
// candidate of each as a replay does.
//
// Where neither copy names a move, the joint reading ranks the candidates
// (jointRank: the move taken provisionally is the one the whole sheet
// reads best with); elsewhere they stay ranked by the replay (rank). It
// settles a ply (PlySettled: taken without a decision) only when the
// evidence leaves one sensible reading, all of these:
//   - no copy names a legal move other than it there (two copies naming
//     two different legal moves is the arbiter's, however the rest reads);
//   - what each copy wrote at the ply is a slip of one character at most
//     from it (WrittenCost 2 at most, or a doubtful reading listing it:
//     admits, as when one copy settles the other);
//   - it reads the window with a cost below the last of jointLimits (a
//     window further from every reading is too badly written to judge by);
//   - every other legal move reads the window at least jointMargin worse
//     (two wrong characters, or four look-alikes, over both copies);
//   - each copy has at least jointEvidence cells written in the window, so
//     both players' writing confirms it: one copy alone settles nothing;
//   - the search finished within its bound (jointNodes).
// Anything else stays flagged for the arbiter.

const (
	jointWindow   = 12   // plies after the ply in doubt read with it
	jointCap      = 4    // a cell's cost to a move is at most this: a cell further off says nothing about it
	jointMargin   = 4    // how much cheaper the settled move must read than any other
	jointSlip     = 2    // how far the writing at the ply itself may be from the move settled
	jointEvidence = 3    // cells each copy must have written in the window to settle
	jointNodes    = 1000 // positions the search to settle a ply looks at, at most
	// jointRankNodes bounds the search that ranks the candidates: it runs
	// at every ply where neither copy names a move, and on a badly written
	// sheet that is most of the time a keystroke's reading takes.
	jointRankNodes = 300
)

// jointSearch reads the window after a ply in doubt.
type jointSearch struct {
	views   [2][]slot
	letters [2]*rules.Letters
	reads   *cellReads
	end     int   // the view index where the window ends
	from    int   // the view index of the first ply after the one in doubt
	unread  []int // per view index from from: what reading none of the rest costs (setUnread)
	root    *rules.Position
	nodes   int // positions looked at; the search gives up past maxNodes
	// maxNodes bounds the positions looked at: jointNodes to settle,
	// jointRankNodes to rank.
	maxNodes int
}

// plyCost is one move's cost at a ply, summed over the copies.
type plyCost struct {
	m    rules.Move
	cost int
}

// costs returns the moves of p at view index t that a copy's writing
// there can stand for (one slip at most: WrittenCost jointSlip), cheaper
// than limit, cheapest first, each costing its handwriting cost summed
// over the copies (at most jointCap a cell); evidence is false where no
// copy has anything written at t. A move further from every copy's
// writing is read only as the rest of the window unread (setUnread), but
// at the ply in doubt itself (all) every legal move is listed: each is
// a reading the settled one must beat.
func (js *jointSearch) costs(p *rules.Position, t, limit int, all bool, out []plyCost) (_ []plyCost, evidence bool) {
	var per [2][]rules.MoveCost
	for s, view := range js.views {
		if js.evidence(Side(s), t) {
			per[s] = js.reads.costs(p, view[t].cell.Text, js.letters[s])
			evidence = true
		}
	}
	out = out[:0]
	if !evidence {
		return out, false
	}
	n := max(len(per[0]), len(per[1]))
	for k := 0; k < n; k++ {
		var m rules.Move
		c, near := 0, false
		for s := range per {
			if per[s] == nil {
				continue
			}
			m = per[s][k].Move
			c += min(jointCap, per[s][k].Cost)
			near = near || per[s][k].Cost <= jointSlip
		}
		if (near || all) && c < limit {
			out = append(out, plyCost{m, c})
		}
	}
	slices.SortStableFunc(out, func(a, b plyCost) int { return a.cost - b.cost })
	return out, true
}

// evidence reports whether a copy has something written at view index t
// that can name a move: not blank, no mark of a missing move, not a
// result (which the reader tells by the text alone, in any position).
func (js *jointSearch) evidence(s Side, t int) bool {
	view := js.views[s]
	if t >= len(view) || view[t].index < 0 {
		return false
	}
	c := view[t].cell
	if c.Illegible || c.NotRecorded {
		return false
	}
	st := js.reads.shared(js.root, c.Text, js.letters[s], false).Status
	return st != rules.StatusMissing && st != rules.StatusResult
}

// unread sets, for each view index t of the window, what reading none of
// its cells from t on costs (every written cell at its cap, up to a ply
// where neither copy wrote anything, which ends the window): the most a
// reading of the rest can cost, so that a line the cells stop naming is
// never cheaper than one that goes on with a few slips.
func (js *jointSearch) setUnread(from int) {
	from = min(from, js.end)
	js.unread = make([]int, js.end-from+1)
	stop := js.end
	for t := from; t < js.end; t++ {
		if !js.evidence(WhiteCopy, t) && !js.evidence(BlackCopy, t) {
			stop = t
			break
		}
	}
	for t := stop - 1; t >= from; t-- {
		c := js.unread[t-from+1]
		for s := range js.views {
			if js.evidence(Side(s), t) {
				c += jointCap
			}
		}
		js.unread[t-from] = c
	}
	js.from = from
}

// least returns the least cost of reading the window's plies from view
// index t on, the game at p, when it is below limit; limit when it is not
// (or when the search has looked at too many positions: the caller then
// settles nothing). A ply where neither copy wrote anything ends the
// window: every reading reaches it alike, and nothing after it is
// compared.
func (js *jointSearch) least(p *rules.Position, t, limit int) int {
	if t >= js.end || limit <= 0 {
		return 0
	}
	js.nodes++
	if js.nodes > js.maxNodes {
		return limit
	}
	moves, evidence := js.costs(p, t, limit, false, nil)
	if !evidence {
		return 0
	}
	best := min(js.unread[t-js.from], limit)
	for _, pc := range moves {
		if pc.cost >= best {
			break
		}
		if sub := js.least(p.Play(pc.m), t+1, best-pc.cost); pc.cost+sub < best {
			best = pc.cost + sub
		}
	}
	return best
}

// jointUnbounded is a limit no window's cost reaches.
const jointUnbounded = 1 << 20

// newJointSearch prepares the reading of the window after the ply in
// doubt at view index i; nil where a copy has written fewer than
// jointEvidence cells in it (too little to read it by).
func newJointSearch(ply *Ply, views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads) *jointSearch {
	js := &jointSearch{views: views, letters: letters, reads: reads, root: ply.Before, maxNodes: jointNodes}
	js.end = min(i+1+jointWindow, max(len(views[WhiteCopy]), len(views[BlackCopy])))
	if js.written(WhiteCopy, i+1) < jointEvidence || js.written(BlackCopy, i+1) < jointEvidence {
		return nil
	}
	js.setUnread(i + 1)
	return js
}

// jointLimits are the costs up to which the settled move's own reading of
// the window is looked for, in turn: a window that costs more than the
// last is too badly written to settle anything by.
var jointLimits = [...]int{2, 5, 8}

// settle takes the ply in doubt at view index i without the arbiter where
// the whole-sheet reading leaves one sensible move (the rules above): the
// first of its candidates, in the order they are ranked, whose own
// cells allow it, if every other legal move reads the window at least
// jointMargin worse. It reports whether it settled the ply.
func (ply *Ply) settle(views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads) bool {
	js := newJointSearch(ply, views, letters, i, reads)
	if js == nil {
		return false
	}
	k := slices.IndexFunc(ply.Candidates, func(m rules.Move) bool { return js.allows(ply, m) })
	if k < 0 {
		return false
	}
	m0 := ply.Candidates[k]
	p := ply.Before
	root, evidence := js.costs(p, i, jointUnbounded, true, nil)
	if !evidence {
		return false
	}
	c0 := rootCost(root, m0)
	best := -1
	for _, limit := range jointLimits {
		if t := c0 + js.least(p.Play(m0), i+1, limit-c0); t < limit {
			best = t
			break
		}
	}
	if best < 0 || js.nodes > js.maxNodes {
		return false
	}
	for _, pc := range root {
		if pc.cost >= best+jointMargin {
			break // and every move after it: the root is cheapest first
		}
		if pc.m != m0 && pc.cost+js.least(p.Play(pc.m), i+1, best+jointMargin-pc.cost) < best+jointMargin {
			return false // another move reads nearly as well
		}
	}
	if js.nodes > js.maxNodes {
		return false
	}
	ply.Status, ply.Move = PlySettled, m0
	ply.Candidates = append(append([]rules.Move{m0}, ply.Candidates[:k]...), ply.Candidates[k+1:]...)
	return true
}

// rootCost is a move's cost among a ply's costs.
func rootCost(root []plyCost, m rules.Move) int {
	for _, pc := range root {
		if pc.m == m {
			return pc.cost
		}
	}
	return jointUnbounded
}

// allows reports whether the cells of the ply in doubt allow settling it
// as m: no copy names another legal move, and what each wrote is a slip
// from m at most (admits: a doubtful reading listing it, or WrittenCost
// jointSlip at most).
func (js *jointSearch) allows(ply *Ply, m rules.Move) bool {
	for s, cc := range ply.Copies {
		if cc == nil || cc.Reading.Status == rules.StatusMissing {
			continue
		}
		says := named(cc.Reading)
		if says != rules.NoMove && says != m {
			return false
		}
		if says == rules.NoMove && !admits(ply.Before, cc.Reading, m, js.letters[s]) && rules.WrittenCost(ply.Before, m, cc.Reading.Written, js.letters[s]) > jointSlip {
			return false
		}
	}
	return true
}

// written counts the cells copy s has written in the window from view
// index from on.
func (js *jointSearch) written(s Side, from int) int {
	n := 0
	view := js.views[s]
	for t := from; t < js.end && t < len(view); t++ {
		if c := view[t].cell; view[t].index >= 0 && !c.Illegible && !c.NotRecorded && c.Text != "" {
			n++
		}
	}
	return n
}

// jointRankLimit bounds the window cost up to which the joint reading
// ranks candidates: beyond it they keep the replay's order.
const jointRankLimit = 16

// jointRank orders the candidates of a ply where neither copy names a
// move by the joint reading of the window after each, cheapest first
// (ties, and candidates costing jointRankLimit or more, keep the replay's
// order), where both copies have written enough of the window to read it
// by (jointEvidence). The move taken provisionally is then the one the
// whole sheet reads best with, and the one settle tries first. Where the
// copies name different moves the replay's ranking stands: the arbiter
// decides between them anyway, and reading the window after each costs
// the most.
func (ply *Ply) jointRank(views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads) {
	if len(ply.Candidates) < 2 || ply.Status != PlyDoubtful {
		return
	}
	js := newJointSearch(ply, views, letters, i, reads)
	if js == nil {
		return
	}
	js.maxNodes = jointRankNodes
	p := ply.Before
	root, evidence := js.costs(p, i, jointUnbounded, true, nil)
	total := make(map[rules.Move]int, len(ply.Candidates))
	best := jointUnbounded
	for _, m := range ply.Candidates {
		c := 0
		if evidence {
			c = rootCost(root, m)
		}
		limit := min(best+jointMargin, jointRankLimit)
		t := limit
		if c < limit {
			t = c + js.least(p.Play(m), i+1, limit-c)
		}
		total[m] = t
		best = min(best, t)
	}
	if js.nodes > js.maxNodes {
		return // not read to the end: the replay's order stands
	}
	slices.SortStableFunc(ply.Candidates, func(a, b rules.Move) int { return total[a] - total[b] })
}
