package sheet

import (
	"encoding/binary"
	"slices"

	"scoresheet/rules"
)

// cellReads remembers, for one Reconcile, what each text says in each
// position: looking for a copy out of step tries many ways of lining it
// up, and each replays mostly the same cells in the same positions; the
// final reading reads them again. Reading a cell is most of the cost of
// reconciling a game, so each is read once.
//
// A Reader keeps one from one Reconcile of a game to the next (the
// window after each key, event enter after each cell): only what a
// change made new is read, a ply whose ranking reads the same cells in
// the same position is ranked once (rank), and a place looked at for a
// copy out of step, with the same cells around it, is looked at once
// (fits). What a reading did not look at is forgotten once there is as
// much of it as the reading looked at (age): the memory stays that of
// a few readings of the game, however long it is typed.
//
// A nil *cellReads reads every time.
type cellReads struct {
	m     memos[readKey, rules.Reading]
	cost  memos[readKey, []rules.MoveCost] // the joint reading's: every legal move's cost from the text
	rank  memos[rankKey, []rules.Move]     // a ply's candidates as rank orders them
	fits  memos[fitKey, fit]               // what looking for a realignment found (fitFrom)
	kept  bool                             // a Reader's, kept from one Reconcile to the next
	reads int                              // cells read, not found remembered (for the tests)
}

type readKey struct {
	pos  rules.Position
	text string
	l    *rules.Letters
	full bool // rules.ReadCell, with the candidates; else rules.ReadMove
}

func newCellReads() *cellReads {
	return &cellReads{m: newMemos[readKey, rules.Reading](256), cost: newMemos[readKey, []rules.MoveCost](0),
		rank: newMemos[rankKey, []rules.Move](0), fits: newMemos[fitKey, fit](0)}
}

// age starts another reading of the game.
func (cr *cellReads) age() {
	cr.m.age()
	cr.cost.age()
	cr.rank.age()
	cr.fits.age()
}

// memos is a table of what was found, each entry stamped with the last
// reading that used it.
type memos[K comparable, V any] struct {
	m    map[K]memo[V]
	gen  uint32 // the reading under way
	used int    // entries it used
}

type memo[V any] struct {
	v   V
	gen uint32
}

func newMemos[K comparable, V any](n int) memos[K, V] {
	return memos[K, V]{m: make(map[K]memo[V], n)}
}

// get returns what was found for k, if it is remembered.
func (ms *memos[K, V]) get(k K) (V, bool) {
	e, ok := ms.m[k]
	if ok && e.gen != ms.gen {
		e.gen = ms.gen
		ms.m[k] = e
		ms.used++
	}
	return e.v, ok
}

func (ms *memos[K, V]) put(k K, v V) {
	ms.m[k] = memo[V]{v: v, gen: ms.gen}
	ms.used++
}

// age starts another reading. The entries the last reading did not use
// are forgotten when they are as many as those it used (and a few
// thousand): a sweep costs what a reading cost, at most once every other
// reading, and never where typing at the end of a copy leaves few behind.
func (ms *memos[K, V]) age() {
	if len(ms.m) > 2*ms.used+4096 {
		for k, e := range ms.m {
			if e.gen != ms.gen {
				delete(ms.m, k)
			}
		}
	}
	ms.gen++
	ms.used = 0
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
	rd, ok := cr.m.get(k)
	if ok {
		return rd
	}
	if full {
		// A cell that names a move, or nothing, reads the same with the
		// candidates as without (only a cell naming no move looks for the
		// nearest spellings): the final reading takes what looking for a
		// copy out of step read already.
		k.full = false
		if rd, ok = cr.m.get(k); ok && sameInFull(rd.Status) {
			return rd
		}
		k.full = true
	}
	rd = readText(p, text, l, full)
	cr.reads++
	cr.m.put(k, rd)
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

// replayScore is rules.ReplayScore, each cell read once by a Reader: the
// rankings of the plies before a key replay mostly what they replayed
// before it. Within one Reconcile the candidates' replays seldom meet, and
// remembering each read costs more than it saves.
func (cr *cellReads) replayScore(p *rules.Position, rest []string, l *rules.Letters) int {
	if !cr.keeps() {
		return rules.ReplayScore(p, rest, l)
	}
	return rules.ReplayScoreRead(p, rest, func(q *rules.Position, text string) rules.Reading { return cr.shared(q, text, l, true) })
}

// rankKey is what a ply's ranking depends on (Ply.rank): the position
// before it, its candidates in the order given, the cells replayed after
// each (both copies' texts, LookaheadPlies at most) and their letters.
type rankKey struct {
	pos     rules.Position
	l       [2]*rules.Letters
	written string // the candidates and the texts, each with its length before it
}

func newRankKey(p *rules.Position, cands []rules.Move, rest [2][]string, l [2]*rules.Letters) rankKey {
	b := make([]byte, 0, 4*len(cands)+64)
	b = binary.AppendUvarint(b, uint64(len(cands)))
	for _, m := range cands {
		b = binary.AppendUvarint(b, uint64(m))
	}
	for _, texts := range rest {
		b = binary.AppendUvarint(b, uint64(len(texts)))
		for _, t := range texts {
			b = binary.AppendUvarint(b, uint64(len(t)))
			b = append(b, t...)
		}
	}
	return rankKey{pos: *p, l: l, written: string(b)}
}

// keeps reports whether the readings are kept from one Reconcile to the
// next (a Reader's): only then are the rankings and the realignments
// found worth their keys.
func (cr *cellReads) keeps() bool { return cr != nil && cr.kept }

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
	mc, ok := cr.cost.get(k)
	if !ok {
		mc = rules.WrittenCosts(p, text, l, nil)
		cr.cost.put(k, mc)
	}
	return mc
}
