package sheet

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"

	"scoresheet/rules"
)

// A Reader's past readings. Each reading of a game (the quick ones
// looking for copies out of step, the final one) goes over every ply; a
// Reader remembers the last reading of each kind, with the copies lined
// up the same way, and takes over its plies up to where anything they
// depend on changed: a cell appended at the end of 800, or a key typed
// in it, reads the plies near it, not all 800 again.
//
// A ply depends on the position before it (the plies before it), the
// arbiter's decision there, the cells of both copies at it and at most
// plyAhead plies after it (the glance, the replay's ranking, the joint
// reading's window: the window's end at the copies' length when nearer),
// and on whether anything is written after it at all (a ply where no copy
// names a move and nothing follows takes none): a ply is taken over only
// when all of these are as they were.

// plyAhead is how many plies after a ply the final reading looks at, at
// most (quickAhead: a quick one): ply index i reads the views up to index
// i+plyAhead (the joint reading's window ends before i+1+jointWindow), so
// it holds where nothing changed before index i+plyAhead+1. Where a copy
// is consulted the final reading looks consultAhead plies ahead.
const (
	plyAhead   = max(glanceAhead, rules.LookaheadPlies, jointWindow)
	quickAhead = glanceAhead
)

// pastReading is one reading remembered, with what it was read from.
type pastReading struct {
	gen       uint32
	start     rules.Position
	letters   [2]*rules.Letters
	decisions map[int]Decision
	views     [2][]slot
	plies     []Ply
}

// pastKey names a reading by its kind, whether each copy is consulted
// (a consulted copy's blank is read otherwise), and the realignments it lines the
// copies up with (as realignsEqual compares them).
func pastKey(quick bool, rs [2][]*Realignment, consulted [2]bool) string {
	b := strconv.AppendBool(nil, quick)
	b = strconv.AppendBool(b, consulted[WhiteCopy])
	b = strconv.AppendBool(b, consulted[BlackCopy])
	for _, side := range rs {
		b = binary.AppendUvarint(b, uint64(len(side)))
		for _, r := range side {
			b = appendRealign(b, r)
		}
	}
	return string(b)
}

// appendRealign appends what lining a copy up and reading it take from
// a realignment. An accepted insertion's move is found in the position
// when read: its text says it, not the move found last.
func appendRealign(b []byte, r *Realignment) []byte {
	b = binary.AppendUvarint(b, uint64(r.Copy))
	b = binary.AppendUvarint(b, uint64(r.Ply))
	b = binary.AppendUvarint(b, uint64(len(r.Kind)))
	b = append(b, r.Kind...)
	b = binary.AppendVarint(b, int64(r.At))
	b = strconv.AppendBool(b, r.Accepted)
	if r.Accepted {
		b = binary.AppendUvarint(b, uint64(len(r.uci)))
		return append(b, r.uci...)
	}
	b = binary.AppendUvarint(b, uint64(r.Move))
	b = binary.AppendUvarint(b, uint64(len(r.Alternatives)))
	for _, m := range r.Alternatives {
		b = binary.AppendUvarint(b, uint64(m))
	}
	return b
}

// realignsEqual reports whether two realignments line a copy up and
// read it the same (appendRealign).
func realignsEqual(a, b *Realignment) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Copy != b.Copy || a.Ply != b.Ply || a.Kind != b.Kind || a.At != b.At || a.Accepted != b.Accepted {
		return false
	}
	if a.Accepted {
		return a.uci == b.uci
	}
	return a.Move == b.Move && slices.Equal(a.Alternatives, b.Alternatives)
}

// past returns the reading of this kind remembered, or nil.
func (cr *cellReads) past(key string) *pastReading {
	if !cr.keeps() {
		return nil
	}
	pr := cr.pasts[key]
	if pr != nil {
		pr.gen = cr.m.gen
	}
	return pr
}

// remember keeps rec as the reading of its kind.
func (cr *cellReads) remember(key string, start *rules.Position, letters [2]*rules.Letters, decisions map[int]Decision, rec *Reconciled) {
	if !cr.keeps() {
		return
	}
	if cr.pasts == nil {
		cr.pasts = map[string]*pastReading{}
	}
	cr.pasts[key] = &pastReading{gen: cr.m.gen, start: *start, letters: letters, decisions: decisions, views: rec.views, plies: rec.Plies}
}

// agePasts forgets the readings the last Reconcile did not make or use.
func (cr *cellReads) agePasts() {
	for k, pr := range cr.pasts {
		if pr.gen != cr.m.gen {
			delete(cr.pasts, k)
		}
	}
}

// reusable returns how many plies of the past reading hold for a reading
// from start with these letters, decisions and views.
func (pr *pastReading) reusable(start *rules.Position, letters [2]*rules.Letters, decisions map[int]Decision, views [2][]slot, quick bool, consulted [2]bool) int {
	if pr == nil || pr.start != *start || pr.letters != letters {
		return 0
	}
	d := math.MaxInt // the first ply index where anything differs
	for s := range views {
		d = min(d, firstDifferent(pr.views[s], views[s]))
	}
	for ply, dec := range pr.decisions {
		if now, ok := decisions[ply]; !ok || now != dec {
			d = min(d, ply-1)
		}
	}
	for ply := range decisions {
		if _, ok := pr.decisions[ply]; !ok {
			d = min(d, ply-1)
		}
	}
	if d == math.MaxInt {
		return len(pr.plies)
	}
	d = min(d, len(pr.plies))
	// Up to the last ply written before the change, each ply has
	// something written after it, before and now.
	last := d - 1
	for last >= 0 && !writtenAt(views, last) {
		last--
	}
	ahead := plyAhead
	switch {
	case quick:
		ahead = quickAhead
	case consulted[WhiteCopy] || consulted[BlackCopy]:
		ahead = max(plyAhead, consultAhead) // lookAlikeAlone reads that far on a consulted copy
	}
	return max(0, min(d-ahead, last))
}

// firstDifferent returns the first index where two views of a copy
// differ (their shorter length when one continues the other), or
// math.MaxInt when they are the same.
func firstDifferent(a, b []slot) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i].index != b[i].index || a[i].cell != b[i].cell || !realignsEqual(a[i].r, b[i].r) {
			return i
		}
	}
	if len(a) != len(b) {
		return n
	}
	return math.MaxInt // the same
}

// writtenAt reports whether a copy has writing to read at view index i
// (as anythingLater looks for it).
func writtenAt(views [2][]slot, i int) bool {
	for _, view := range views {
		if i < len(view) {
			if c := view[i].cell; c.Text != "" && !c.Illegible && !c.NotRecorded {
				return true
			}
		}
	}
	return false
}

// takeOver makes plies taken over from a past reading those of a
// reading of the views given: a ply's realignment is the one lining
// these views up, found as reading it finds it (Ply.realigned).
func takeOver(plies []Ply, views [2][]slot) {
	for i := range plies {
		ply := &plies[i]
		if ply.Realign == nil {
			continue
		}
		for _, view := range views {
			if i < len(view) && view[i].r != nil {
				ply.Realign = view[i].r
			}
		}
		if r := ply.Realign; r.Accepted && r.Kind == RealignInsert {
			r.Move = rules.NoMove
			if m, ok := moveFromUCI(ply.Before, r.uci); ok {
				r.Move = m
			}
		}
	}
}
