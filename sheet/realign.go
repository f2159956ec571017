package sheet

import (
	"strconv"
	"strings"

	"scoresheet/rules"
)

// A copy goes out of step when its player forgets to write a half-move,
// writes one twice, writes two moves in one box or one move across two:
// from there on every cell is one half-move off, and read in place each
// of them would be flagged. A realignment reads the copy as if the
// half-move were inserted, the cell removed, two cells merged or one
// split. It changes nothing written: it is how the cells are lined up
// with the plies, proposed to the arbiter as one decision.

// RealignKind says how a copy is put back in step at a ply.
type RealignKind string

const (
	RealignInsert RealignKind = "insert" // a half-move not written here: the copy has no cell for this ply
	RealignRemove RealignKind = "remove" // the cell at this ply was written twice: it is skipped
	RealignMerge  RealignKind = "merge"  // one move written across this cell and the next: read as one
	RealignSplit  RealignKind = "split"  // two moves written in this cell: read as this ply and the next
)

// Realignment puts one copy back in step from one ply on.
type Realignment struct {
	Copy Side
	Ply  int // the ply (1-based) where the copy goes out of step
	Kind RealignKind
	// Move is the half-move inserted (RealignInsert), else NoMove.
	Move rules.Move
	// Alternatives are other half-moves whose insertion fits as well: a
	// copy alone cannot tell them apart, the arbiter chooses.
	Alternatives []rules.Move
	// At is where a split cell is cut, in runes from the start of its text.
	At int
	// Accepted is set when the arbiter accepted it (a decision in the
	// store); otherwise it is a proposal, and the plies after it depend on it.
	Accepted bool
	uci      string // an accepted insertion's move as decided, found in the position when read
}

// realignPrefix starts a Decision's Move that rules on a realignment
// rather than choosing a move: "realign:white:insert:g8f6",
// "realign:black:remove", "realign:white:split:3", "realign:white:reject"
// (the arbiter refused the proposal at that ply), "realign:white:" (an
// earlier ruling withdrawn).
const realignPrefix = "realign:"

// DecisionText is the text a Decision's Move holds to accept r.
func (r Realignment) DecisionText() string {
	s := realignPrefix + r.Copy.String() + ":" + string(r.Kind)
	switch r.Kind {
	case RealignInsert:
		s += ":" + r.Move.UCI()
	case RealignSplit:
		s += ":" + strconv.Itoa(r.At)
	}
	return s
}

// RejectText is the text of a Decision refusing a proposal of copy side.
func RejectText(side Side) string { return realignPrefix + side.String() + ":reject" }

// WithdrawText is the text of a Decision withdrawing the ruling on copy side.
func WithdrawText(side Side) string { return realignPrefix + side.String() + ":" }

type realignKey struct {
	side Side
	ply  int
}

// realignRuling is the arbiter's last word on a copy at a ply.
type realignRuling struct {
	accepted *Realignment // nil for a refusal
}

// parseRealign reads a realignment decision; ok is false for any other.
func parseRealign(d Decision) (key realignKey, text []string, ok bool) {
	rest, ok := strings.CutPrefix(d.Move, realignPrefix)
	if !ok {
		return realignKey{}, nil, false
	}
	f := strings.Split(rest, ":")
	side, known := Who(f[0]).Side()
	if !known {
		return realignKey{}, nil, true // malformed: a realignment decision, ruling nothing
	}
	return realignKey{side: side, ply: d.Ply}, f[1:], true
}

// latestRealigns returns the arbiter's last ruling per copy and ply.
// An insertion's move is found in the position when the game is read.
func latestRealigns(ds []Decision) map[realignKey]realignRuling {
	out := map[realignKey]realignRuling{}
	for _, d := range ds {
		key, f, ok := parseRealign(d)
		if !ok || len(f) == 0 {
			continue
		}
		switch f[0] {
		case "":
			delete(out, key)
			continue
		case "reject":
			out[key] = realignRuling{}
			continue
		}
		r := &Realignment{Copy: key.side, Ply: key.ply, Kind: RealignKind(f[0]), Accepted: true}
		switch {
		case r.Kind == RealignInsert && len(f) == 2:
			r.uci = f[1]
		case r.Kind == RealignSplit && len(f) == 2:
			r.At, _ = strconv.Atoi(f[1])
		case r.Kind == RealignRemove || r.Kind == RealignMerge:
		default:
			continue // malformed
		}
		out[key] = realignRuling{accepted: r}
	}
	return out
}

// slot is one ply of a copy as lined up with the game: a cell, part of
// one, two merged, or nothing where a half-move was not written.
type slot struct {
	cell  Cell
	index int // the cell's index in its copy; -1 for an inserted half-move
	r     *Realignment
}

// lineUp lines the cells of a copy up with the plies, applying its
// realignments (sorted by ply).
func lineUp(cells []Cell, rs []*Realignment) []slot {
	out := make([]slot, 0, len(cells)+len(rs))
	j, ri := 0, 0
	for {
		ply := len(out) + 1
		for ri < len(rs) && rs[ri].Ply < ply {
			ri++ // a ruling that no longer fits the copy
		}
		if ri < len(rs) && rs[ri].Ply == ply {
			r := rs[ri]
			ri++
			if s, used, ok := apply(r, cells, j); ok {
				out = append(out, s...)
				j += used
				continue
			}
		}
		if j >= len(cells) {
			return out
		}
		out = append(out, slot{cell: cells[j], index: j})
		j++
	}
}

// apply returns the slots realignment r makes of the cells from j, and
// how many cells it used; ok is false where it no longer fits.
func apply(r *Realignment, cells []Cell, j int) (s []slot, used int, ok bool) {
	switch r.Kind {
	case RealignInsert:
		return []slot{{index: -1, r: r}}, 0, j <= len(cells)
	case RealignRemove:
		if j+1 >= len(cells) {
			return nil, 0, false
		}
		return []slot{{cell: cells[j+1], index: j + 1, r: r}}, 2, true
	case RealignMerge:
		if j+1 >= len(cells) {
			return nil, 0, false
		}
		c := cells[j+1]
		c.Text = strings.TrimSpace(cells[j].Text) + strings.TrimSpace(cells[j+1].Text)
		c.DrawOffer = c.DrawOffer || cells[j].DrawOffer
		return []slot{{cell: c, index: j, r: r}}, 2, true
	case RealignSplit:
		if j >= len(cells) {
			return nil, 0, false
		}
		a, b, ok := cut(cells[j].Text, r.At)
		if !ok {
			return nil, 0, false
		}
		first, second := cells[j], cells[j]
		first.Text, first.Clock, first.DrawOffer = a, "", false
		second.Text = b
		return []slot{{cell: first, index: j, r: r}, {cell: second, index: j}}, 1, true
	}
	return nil, 0, false
}

// cut splits a text at rune offset at into two non-blank halves.
func cut(text string, at int) (string, string, bool) {
	r := []rune(text)
	if at <= 0 || at >= len(r) {
		return "", "", false
	}
	a, b := strings.TrimSpace(string(r[:at])), strings.TrimSpace(string(r[at:]))
	return a, b, a != "" && b != ""
}
