package sheet

import (
	"slices"

	"scoresheet/rules"
)

// cellReads remembers, for one Reconcile, what each text says in each
// position: looking for a copy out of step tries many ways of lining it
// up, and each replays mostly the same cells in the same positions; the
// final reading reads them again. Reading a cell is most of the cost of
// reconciling a game, so each is read once.
//
// A nil *cellReads reads every time.
type cellReads struct {
	m    map[readKey]rules.Reading
	cost map[readKey][]rules.MoveCost // the joint reading's: every legal move's cost from the text
}

type readKey struct {
	pos  rules.Position
	text string
	l    *rules.Letters
	full bool // rules.ReadCell, with the candidates; else rules.ReadMove
}

func newCellReads() *cellReads {
	return &cellReads{m: make(map[readKey]rules.Reading, 256), cost: make(map[readKey][]rules.MoveCost)}
}

// read reads text in p as rules.ReadCell (full) or rules.ReadMove does.
// A reading remembered hands out its own copies of its slices: a caller
// may keep or change them.
func (cr *cellReads) read(p *rules.Position, text string, l *rules.Letters, full bool) rules.Reading {
	rd := cr.shared(p, text, l, full)
	if cr != nil {
		rd.Candidates = slices.Clone(rd.Candidates)
		rd.Findings = slices.Clone(rd.Findings)
	}
	return rd
}

// shared is read without the copies: for a caller that only looks.
func (cr *cellReads) shared(p *rules.Position, text string, l *rules.Letters, full bool) rules.Reading {
	if cr == nil {
		return readText(p, text, l, full)
	}
	k := readKey{pos: *p, text: text, l: l, full: full}
	rd, ok := cr.m[k]
	if ok {
		return rd
	}
	if full {
		// A cell that names a move, or nothing, reads the same with the
		// candidates as without (only a cell naming no move looks for the
		// nearest spellings): the final reading takes what looking for a
		// copy out of step read already.
		k.full = false
		if rd, ok = cr.m[k]; ok && sameInFull(rd.Status) {
			return rd
		}
		k.full = true
	}
	rd = readText(p, text, l, full)
	cr.m[k] = rd
	return rd
}

// sameInFull reports whether a reading of this status by rules.ReadMove
// is what rules.ReadCell reads.
func sameInFull(s rules.CellStatus) bool {
	return s == rules.StatusOK || s == rules.StatusNonstandard || s == rules.StatusMissing || s == rules.StatusResult
}

// move returns the move text names in p and the reading's status: what
// lining up a copy asks of a cell, many times over.
func (cr *cellReads) move(p *rules.Position, text string, l *rules.Letters) (rules.Move, rules.CellStatus) {
	rd := cr.shared(p, text, l, false)
	return named(rd), rd.Status
}

func readText(p *rules.Position, text string, l *rules.Letters, full bool) rules.Reading {
	if full {
		return rules.ReadCell(p, text, l)
	}
	return rules.ReadMove(p, text, l)
}

// cell reads a cell as rules.ReadCell (full) or rules.ReadMove does,
// treating illegible and unrecorded cells as missing.
func (cr *cellReads) cell(p *rules.Position, c Cell, l *rules.Letters, full bool) rules.Reading {
	if c.Illegible || c.NotRecorded {
		return rules.Reading{Written: c.Text, Status: rules.StatusMissing}
	}
	return cr.read(p, c.Text, l, full)
}

// costs returns every legal move of p with its handwriting cost from
// text (rules.WrittenCosts), remembered: the joint reading asks it of the
// same cell in the same position for each candidate it reads on with.
// The slice is shared: a caller only looks.
func (cr *cellReads) costs(p *rules.Position, text string, l *rules.Letters) []rules.MoveCost {
	if cr == nil {
		return rules.WrittenCosts(p, text, l, nil)
	}
	k := readKey{pos: *p, text: text, l: l}
	mc, ok := cr.cost[k]
	if !ok {
		mc = rules.WrittenCosts(p, text, l, nil)
		cr.cost[k] = mc
	}
	return mc
}
