package sheet

import (
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"scoresheet/rules"
)

// Finding where a copy went out of step. A copy is in trouble at a ply
// where the copies differ or the move is in doubt and the copy has
// something written there; a run of trouble (this ply and at least two of
// the next three) is where a copy may have gone out of step, a lone one is
// a slip of the pen. Around its start every way of putting the copy back
// in step is tried (a half-move inserted, a cell removed, two merged, one
// split), each judged by how the next plies replay: the copy's cells
// naming the moves, the other copy (when it has cells there) agreeing. A
// realignment is proposed only when it makes clearly more of them fit
// than reading in place; it is then one decision for the arbiter.

// maxRealignments bounds the proposals per game: enough for the worst
// real sheets, bounded for speed. A test sets it to 0 to measure the
// reading without realignment.
var maxRealignments = 8

const (
	fitWindow      = 12 // plies replayed to judge a realignment
	fitMargin      = 8  // how much better a realignment must fit: four cells at least
	fitMarginAlone = 14 // a copy alone, with nothing to agree with: seven cells
	fitAgree       = 3  // on how many more plies it must make the copies agree, where the other copy is written
	troubleBefore  = 3  // how far before a run of trouble the copy may have gone out of step
	maxMisses      = 40 // runs of trouble looked at where nothing fits: bounds the time a badly written game costs
)

func sortByPly(rs []*Realignment) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Ply < rs[j].Ply })
}

// proposeRealignments reads the game with the accepted realignments rs,
// then, from the first ply on, looks at each run of trouble in turn: where
// a realignment of either copy fits, it is proposed and the game read
// again; where none does, the run is left to the arbiter, ply by ply.
func proposeRealignments(g *Game, start *rules.Position, rs [2][]*Realignment, rulings map[realignKey]realignRuling, reads *cellReads) *Reconciled {
	rec := reconcileViews(g, start, rs, true, nil, 0, reads)
	letters := g.copyLetters()
	from, misses, n := 0, 0, 0
	for n < maxRealignments && misses < maxMisses {
		f, r := nextRealignment(rec, letters, rulings, from)
		if f < 0 {
			break
		}
		if r == nil {
			// The copy may go out of step inside a run that started
			// with a slip: look again from the next ply.
			from = f + 1
			misses++
			continue
		}
		n++
		rs[r.Copy] = append(rs[r.Copy], r)
		sortByPly(rs[r.Copy])
		rec = reconcileViews(g, start, rs, true, rec, r.Ply-1, reads)
		from = r.Ply
	}
	return reconcileViews(g, start, rs, false, nil, 0, reads)
}

// nextRealignment finds the first run of trouble of either copy from ply
// index from, and the realignment that fits there best (nil when none
// does); f is -1 when there is no run of trouble.
func nextRealignment(rec *Reconciled, letters [2]*rules.Letters, rulings map[realignKey]realignRuling, from int) (int, *Realignment) {
	fw, fb := troubleRun(rec, WhiteCopy, from), troubleRun(rec, BlackCopy, from)
	f := fw
	if f < 0 || (fb >= 0 && fb < f) {
		f = fb
	}
	if f < 0 {
		return -1, nil
	}
	var best *Realignment
	bestScore := 0
	for s, fs := range [2]int{fw, fb} {
		if fs < 0 || fs > f+troubleBefore {
			continue
		}
		if r, sc := fitAround(rec, Side(s), fs, letters, rulings); r != nil && (best == nil || sc > bestScore) {
			best, bestScore = r, sc
		}
	}
	return f, best
}

// troubled reports whether copy s has something written at ply index i
// that does not name the move the game takes there.
func troubled(rec *Reconciled, s Side, i int) bool {
	ply := &rec.Plies[i]
	cc := ply.Copies[s]
	if cc == nil || cc.Reading.Status == rules.StatusMissing || cc.Reading.Status == rules.StatusResult || ply.Realign != nil {
		return false
	}
	return ply.Status != PlyAgreed && named(cc.Reading) != ply.Move
}

// troubleRun returns the first ply index from i on where a run of
// trouble starts for copy s, or -1.
func troubleRun(rec *Reconciled, s Side, i int) int {
	for ; i < len(rec.Plies); i++ {
		if !troubled(rec, s, i) {
			continue
		}
		n := 0
		for k := i + 1; k <= i+3 && k < len(rec.Plies); k++ {
			if troubled(rec, s, k) {
				n++
			}
		}
		if n >= 2 {
			return i
		}
	}
	return -1
}

// fitAround tries every realignment of copy s near a run of trouble
// starting at ply index f and returns the one that fits best, with how
// much better it fits, if it fits clearly better than reading in place.
//
// The other copy guides it; but where the other copy is itself out of
// step in the window (both players lost a half-move near the same ply,
// each in their own way), it cannot confirm anything there, and the copy
// is judged as if alone, with the larger margin that asks for: the other
// copy is then put back in step, guided by this one, in turn.
func fitAround(rec *Reconciled, s Side, f int, letters [2]*rules.Letters, rulings map[realignKey]realignRuling) (*Realignment, int) {
	k0 := max(0, f-troubleBefore)
	for k0 > 0 && rec.Plies[k0].Realign != nil {
		k0++ // judge after an earlier realignment, never across it
	}
	if k0 >= len(rec.views[s]) {
		return nil, 0
	}
	r, sc := fitFrom(rec, s, k0, f, letters, rulings, true)
	if r == nil && guideOutOfStep(rec, 1-s, k0) && copiesPartWays(rec, f) {
		r, sc = fitFrom(rec, s, k0, f, letters, rulings, false)
	}
	return r, sc
}

// guideOutOfStep reports whether copy s has a run of trouble in the
// window of plies from index k0.
func guideOutOfStep(rec *Reconciled, s Side, k0 int) bool {
	g := troubleRun(rec, s, k0)
	return g >= 0 && g < k0+fitWindow
}

// copiesPartWays reports whether, from ply index f on, the two copies
// write different things on nearly every ply both have written (at most
// one in four the same text): what two copies out of step at different
// plies do. Where they write the same, they are off in the same way, and
// neither can be put back in step by what follows alone.
func copiesPartWays(rec *Reconciled, f int) bool {
	both, same := 0, 0
	w, b := rec.views[WhiteCopy], rec.views[BlackCopy]
	for i := f; i < f+fitWindow && i < len(w) && i < len(b); i++ {
		if w[i].index < 0 || b[i].index < 0 || w[i].cell.Text == "" || b[i].cell.Text == "" {
			continue
		}
		both++
		if strings.EqualFold(strings.TrimSpace(w[i].cell.Text), strings.TrimSpace(b[i].cell.Text)) {
			same++
		}
	}
	return both > 0 && 4*same <= both
}

// fitFrom tries the realignments of copy s from ply index k0 to f+1,
// judged with the other copy beside it (withGuide) or alone. What it
// finds depends only on what fitKey holds: a Reader that looked there
// before, with the same, finds it again without trying anything (on a
// sheet of unreadable cells, the runs of trouble looked at are the same
// at every key).
func fitFrom(rec *Reconciled, s Side, k0, f int, letters [2]*rules.Letters, rulings map[realignKey]realignRuling, withGuide bool) (*Realignment, int) {
	if !rec.reads.keeps() {
		return tryFrom(rec, s, k0, f, letters, rulings, withGuide)
	}
	key := newFitKey(rec, s, k0, f, letters, rulings, withGuide)
	if found, ok := rec.reads.fits.get(key); ok {
		return found.realignment(), found.score
	}
	r, sc := tryFrom(rec, s, k0, f, letters, rulings, withGuide)
	rec.reads.fits.put(key, fit{r: fit{r: r}.realignment(), score: sc})
	return r, sc
}

// tryFrom is fitFrom, trying.
func tryFrom(rec *Reconciled, s Side, k0, f int, letters [2]*rules.Letters, rulings map[realignKey]realignRuling, withGuide bool) (*Realignment, int) {
	own, guide := rec.views[s], rec.views[1-s]
	lo, lg := letters[s], letters[1-s]
	p := rec.Plies[k0].Before
	window := func(v []slot) []slot { return v[min(k0, len(v)):min(k0+fitWindow+2, len(v))] }
	ownW, guideW := window(own), window(guide)
	if !withGuide {
		guideW = nil
	}
	gl := newGuideLine(p, guideW, lg, rec.reads)
	base, baseAgree := fitScore(p, ownW, gl, lo, math.MinInt)
	// With the other copy written beside it, a realignment must make the
	// copies agree on more plies: where both are off in the same way, it
	// is the arbiter's to judge, ply by ply.
	guided := writtenSlots(guideW) >= fitWindow/2
	var best *Realignment
	margin := fitMargin
	if !guided {
		margin = fitMarginAlone
	}
	bestScore := base + margin - 1
	if !withGuide {
		// Judged alone because the other copy is out of step too: the
		// realigned copy must then replay its whole window, a slip of
		// the pen at most.
		bestScore = max(bestScore, 2*min(fitWindow, len(ownW))-4)
	}
	if bestScore >= 3*min(fitWindow, len(ownW)+1) {
		return nil, 0 // no realignment can fit that much better: a slip of the pen
	}
	var ties []rules.Move // insertions that fit as well as the best one, at its ply
	for k := k0; k <= f+1 && k < len(own); k++ {
		if ruling, ok := rulings[realignKey{s, k + 1}]; ok && ruling.accepted == nil {
			continue // the arbiter refused the realignment of this copy here
		}
		for _, r := range tries(rec, s, k, own, guide, lo, lg, withGuide) {
			w := realignWindow(ownW, k-k0, r)
			if w == nil {
				continue
			}
			sc, ag := fitScore(p, w, gl, lo, bestScore-1)
			if guided && ag < baseAgree+fitAgree {
				continue
			}
			switch {
			case sc > bestScore:
				best, bestScore, ties = r, sc, nil
			case sc == bestScore && best != nil && r.Kind == RealignInsert && best.Kind == RealignInsert && r.Ply == best.Ply:
				ties = append(ties, r.Move)
			}
		}
	}
	if best != nil {
		best.Alternatives = ties
	}
	return best, bestScore - base
}

// fitKey is all that tryFrom's finding depends on: the position before
// ply index k0, the moves the reading takes from there to f (the
// positions tries starts from), both copies' slots in the window
// replayed, the arbiter's refusals there, the letters and how it judges.
type fitKey struct {
	pos  rules.Position
	l    [2]*rules.Letters
	data string
}

func newFitKey(rec *Reconciled, s Side, k0, f int, l [2]*rules.Letters, rulings map[realignKey]realignRuling, withGuide bool) fitKey {
	b := make([]byte, 0, 256)
	b = binary.AppendUvarint(b, uint64(s))
	b = binary.AppendUvarint(b, uint64(k0))
	b = binary.AppendUvarint(b, uint64(f))
	b = strconv.AppendBool(b, withGuide)
	own := rec.views[s]
	last := min(f+1, len(own)-1)
	for k := k0; k <= last; k++ {
		b = binary.AppendUvarint(b, uint64(rec.Plies[k].Move))
		_, refused := rulings[realignKey{s, k + 1}]
		if refused {
			refused = rulings[realignKey{s, k + 1}].accepted == nil
		}
		b = strconv.AppendBool(b, refused)
	}
	for _, v := range [2][]slot{own, rec.views[1-s]} {
		w := v[min(k0, len(v)):min(k0+fitWindow+2, len(v))]
		b = binary.AppendUvarint(b, uint64(len(w)))
		for _, sl := range w {
			b = appendSlot(b, sl)
		}
	}
	return fitKey{pos: *rec.Plies[k0].Before, l: l, data: string(b)}
}

// appendSlot appends what replaying a slot looks at: its index, its
// cell's text and marks, and the move of a realignment on it.
func appendSlot(b []byte, sl slot) []byte {
	b = binary.AppendVarint(b, int64(sl.index))
	b = binary.AppendUvarint(b, uint64(len(sl.cell.Text)))
	b = append(b, sl.cell.Text...)
	b = strconv.AppendBool(b, sl.cell.Illegible)
	b = strconv.AppendBool(b, sl.cell.NotRecorded)
	b = strconv.AppendBool(b, sl.cell.DrawOffer)
	b = strconv.AppendBool(b, sl.r != nil)
	if sl.r != nil {
		b = binary.AppendUvarint(b, uint64(sl.r.Move))
	}
	return b
}

// fit is what tryFrom found.
type fit struct {
	r     *Realignment // nil when none fits
	score int
}

// realignment returns a copy of the realignment found, for the caller
// to keep.
func (f fit) realignment() *Realignment {
	if f.r == nil {
		return nil
	}
	r := *f.r
	r.Alternatives = slices.Clone(r.Alternatives)
	return &r
}

// tries lists the realignments of copy s worth trying at ply index k.
func tries(rec *Reconciled, s Side, k int, own, guide []slot, lo, lg *rules.Letters, withGuide bool) []*Realignment {
	var out []*Realignment
	mk := func(kind RealignKind) *Realignment { return &Realignment{Copy: s, Ply: k + 1, Kind: kind} }
	p := rec.Plies[k].Before
	for _, m := range insertMoves(rec.reads, p, own[k:], guide, k, lo, lg, withGuide) {
		r := mk(RealignInsert)
		r.Move = m
		out = append(out, r)
	}
	if own[k].index >= 0 && own[k].r == nil {
		out = append(out, mk(RealignRemove))
		if k+1 < len(own) && own[k+1].index >= 0 && own[k+1].r == nil {
			out = append(out, mk(RealignMerge))
		}
		for _, at := range splitPoints(rec.reads, p, own[k].cell.Text, lo) {
			r := mk(RealignSplit)
			r.At = at
			out = append(out, r)
		}
	}
	return out
}

// insertMoves returns the moves worth inserting before the copy's cell at
// ply index k: the other copy's move there when it names one (only it,
// when the other copy guides), then every legal move after which the
// copy's cell reads as a move.
func insertMoves(reads *cellReads, p *rules.Position, rest, guide []slot, k int, lo, lg *rules.Letters, withGuide bool) []rules.Move {
	var out []rules.Move
	if k < len(guide) && guide[k].index >= 0 {
		if m, _ := reads.slotMove(p, guide[k], lg); m != rules.NoMove {
			if withGuide {
				return []rules.Move{m}
			}
			out = append(out, m)
		}
	}
	if len(rest) == 0 || rest[0].index < 0 {
		return out
	}
	for _, m := range p.LegalMoves() {
		if mo, _ := reads.slotMove(p.Play(m), rest[0], lo); mo != rules.NoMove && !containsMove(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// splitPoints returns where a cell's text may be cut into two moves that
// both read: at a blank between two words, or between any two characters
// when the first part reads as a move.
func splitPoints(reads *cellReads, p *rules.Position, text string, l *rules.Letters) []int {
	rs := []rune(text)
	if len(rs) < 4 {
		return nil
	}
	var out []int
	for at := 2; at <= len(rs)-2; at++ {
		a, b, ok := cut(text, at)
		if !ok || (rs[at-1] != ' ' && rs[at] == ' ') {
			continue // the cut at the blank is tried once, after it
		}
		if m, st := reads.move(p, a, l); m != rules.NoMove && st == rules.StatusOK {
			if mb, _ := reads.move(p.Play(m), b, l); mb != rules.NoMove {
				out = append(out, at)
			}
		}
	}
	return out
}

// realignWindow returns the window of a copy's slots with r applied at
// index k of the window, or nil when it does not apply.
func realignWindow(w []slot, k int, r *Realignment) []slot {
	if k >= len(w) {
		return nil
	}
	out := make([]slot, 0, len(w)+1)
	out = append(out, w[:k]...)
	switch r.Kind {
	case RealignInsert:
		out = append(out, slot{index: -1, r: r})
		out = append(out, w[k:]...)
	case RealignRemove:
		out = append(out, w[k+1:]...)
	case RealignMerge:
		if k+1 >= len(w) {
			return nil
		}
		cells := []Cell{w[k].cell, w[k+1].cell}
		s, _, _ := apply(r, cells, 0)
		out = append(out, s[0])
		out = append(out, w[k+2:]...)
	case RealignSplit:
		s, _, ok := apply(r, []Cell{w[k].cell}, 0)
		if !ok {
			return nil
		}
		out = append(out, s...)
		out = append(out, w[k+1:]...)
	}
	return out
}

// fitScore replays a copy's slots from p, the other copy's beside them:
// three points where both name the same move, two where only this copy
// names one, a point off where it names another move than the other copy
// or writes something that names none. The game goes on with the other
// copy's move where it names one, else this copy's, else its nearest
// candidate; it stops where neither gives a move.
//
// It stops early, with what it has, once it cannot pass beat.
func fitScore(p *rules.Position, own []slot, gl *guideLine, lo *rules.Letters, beat int) (score, agree int) {
	n := min(fitWindow, len(own))
	onLine := true // p is the guide line's position before ply t
	for t := 0; t < n; t++ {
		if score+3*(n-t) <= beat {
			return score, agree
		}
		mg := gl.move(p, t, onLine)
		mo, blank := gl.reads.slotMove(p, own[t], lo)
		m := mg
		switch {
		case mo != rules.NoMove && mg != rules.NoMove:
			if mo == mg {
				score += 3
				agree++
			} else {
				score--
			}
		case mo != rules.NoMove:
			score += 2
			m = mo
		case mg != rules.NoMove:
			if !blank {
				score--
			}
		case !blank:
			score--
			if m = gl.reads.nearestMove(p, own[t], lo); m == rules.NoMove {
				return score, agree
			}
		default:
			return score, agree
		}
		if onLine && t < len(gl.moves) && m == gl.moves[t] && gl.after[t] != nil {
			p = gl.after[t]
			continue
		}
		onLine = false
		p = p.Play(m)
	}
	return score, agree
}

// guideLine is the other copy's window read once along its own moves:
// every realignment tried replays the same positions while the game goes
// on with the other copy's moves, so each of its cells is read once.
type guideLine struct {
	slots []slot
	l     *rules.Letters
	moves []rules.Move      // the move the other copy names before ply t, NoMove where none
	after []*rules.Position // the position after it; nil where the line stops
	reads *cellReads
}

func newGuideLine(p *rules.Position, slots []slot, l *rules.Letters, reads *cellReads) *guideLine {
	gl := &guideLine{slots: slots, l: l, reads: reads}
	for t := 0; t < len(slots) && t < fitWindow; t++ {
		m, _ := reads.slotMove(p, slots[t], l)
		gl.moves = append(gl.moves, m)
		if m == rules.NoMove {
			gl.after = append(gl.after, nil)
			break
		}
		p = p.Play(m)
		gl.after = append(gl.after, p)
	}
	return gl
}

// move returns the move the other copy names at ply t in p; onLine says
// that p is the line's own position there, read already.
func (gl *guideLine) move(p *rules.Position, t int, onLine bool) rules.Move {
	if onLine && t < len(gl.moves) {
		return gl.moves[t]
	}
	if t >= len(gl.slots) {
		return rules.NoMove
	}
	m, _ := gl.reads.slotMove(p, gl.slots[t], gl.l)
	return m
}

// nearestMove returns the first candidate of a slot's cell, or NoMove.
func (reads *cellReads) nearestMove(p *rules.Position, sl slot, l *rules.Letters) rules.Move {
	if sl.index < 0 {
		return rules.NoMove
	}
	if sl.cell.Illegible || sl.cell.NotRecorded {
		return rules.NoMove
	}
	if rd := reads.shared(p, sl.cell.Text, l, true); len(rd.Candidates) > 0 {
		return rd.Candidates[0]
	}
	return rules.NoMove
}

// slotMove reads one slot in p: the move it names (an inserted
// half-move's own) and whether nothing is written there.
func (reads *cellReads) slotMove(p *rules.Position, sl slot, l *rules.Letters) (rules.Move, bool) {
	if sl.index < 0 {
		if sl.r != nil {
			return sl.r.Move, false
		}
		return rules.NoMove, true
	}
	c := sl.cell
	if c.Illegible || c.NotRecorded {
		return rules.NoMove, true
	}
	m, st := reads.move(p, c.Text, l)
	return m, st == rules.StatusMissing || st == rules.StatusResult
}

// writtenSlots counts the slots with a cell written.
func writtenSlots(w []slot) int {
	n := 0
	for _, sl := range w {
		if sl.index >= 0 && sl.cell.Text != "" {
			n++
		}
	}
	return n
}
