package rules

import "sort"

// SheetMove is one ply of a scoresheet as read: the cell's reading, the
// move the game goes on with, and the positions around it.
type SheetMove struct {
	Reading
	Ply int // 1-based
	// Taken is the move the game goes on with: the cell's own Move when it
	// names one, otherwise the candidate with which the rest of the sheet
	// replays best. The cell keeps its status; nothing written is changed.
	// NoMove when no move can be taken (the game is over, or nothing
	// written follows a missing cell).
	Taken  Move
	Before *Position
	After  *Position // Before when Taken is NoMove
}

// LookaheadPlies is how far ahead a candidate is judged (ReplayScore):
// enough to see a later cell that only one candidate makes legal, short
// enough that a keystroke's re-read stays fast.
const LookaheadPlies = 10

// ReadSheet reads the cells of one copy of a scoresheet from start, in the
// order written, with the sheet's piece letters (nil means English).
func ReadSheet(start *Position, cells []string, l *Letters) []SheetMove {
	if l == nil {
		l = English
	}
	out := make([]SheetMove, len(cells))
	// Whether anything is written after a cell, from the last cell
	// written: asked of the rest at every cell, it made a sheet's reading
	// quadratic in its length.
	last := -1
	for i := len(cells) - 1; i >= 0 && last < 0; i-- {
		if anythingWritten(cells[i : i+1]) {
			last = i
		}
	}
	p := start
	for i, text := range cells {
		rd := ReadCell(p, text, l)
		sm := SheetMove{Reading: rd, Ply: i + 1, Taken: rd.Move, Before: p, After: p}
		if sm.Taken == NoMove && rd.Status != StatusResult {
			sm.Taken = chooseCandidate(p, &sm.Reading, cells[i+1:], last > i, l)
		}
		if sm.Taken != NoMove {
			sm.After = p.Play(sm.Taken)
			p = sm.After
		}
		out[i] = sm
	}
	return out
}

// chooseCandidate returns the candidate of a cell that names no move with
// which the following cells replay best (most of them legal, correctly
// written ones counting double), the nearest one on a tie. A missing
// cell's candidates are all legal moves, judged the same way, and the best
// of them become its Candidates. written says whether anything is written
// in rest.
func chooseCandidate(p *Position, rd *Reading, rest []string, written bool, l *Letters) Move {
	cands := rd.Candidates
	if rd.Status == StatusMissing {
		if !written {
			return NoMove
		}
		cands = p.LegalMoves()
	}
	if len(cands) == 0 {
		return NoMove
	}
	scores := make([]int, len(cands))
	for k, m := range cands {
		q := p.Play(m)
		scores[k] = replayScore(q, rest, l)
		if written && !q.HasLegalMove() {
			scores[k] = -1 // no mate or stalemate where the sheet goes on
		}
	}
	best := 0
	for k := range cands {
		if scores[k] > scores[best] {
			best = k
		}
	}
	if rd.Status == StatusMissing {
		idx := make([]int, len(cands))
		for k := range idx {
			idx[k] = k
		}
		sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
		rd.Candidates = make([]Move, 0, maxCandidates)
		for _, k := range idx[:min(maxCandidates, len(idx))] {
			rd.Candidates = append(rd.Candidates, cands[k])
		}
	}
	return cands[best]
}

func anythingWritten(cells []string) bool {
	for _, c := range cells {
		var buf [16]sym
		s := trimSpace(symbols(c, buf[:]))
		if len(s) > 0 && !isMissingMark(s) {
			return true
		}
	}
	return false
}

// ReplayScore scores how well the next cells (at most LookaheadPlies)
// read when the game goes on from p, taking the first candidate of any
// that name no move: two for a cell in correct notation, one for a
// nonstandard one ("Bxc6" for a move that takes nothing). It is how a
// doubtful cell's candidates are judged, here and when two copies of a
// scoresheet are reconciled: the higher, the better the rest fits.
func ReplayScore(p *Position, rest []string, l *Letters) int {
	if l == nil {
		l = English
	}
	return replayScore(p, rest, l)
}

func replayScore(p *Position, rest []string, l *Letters) int {
	return ReplayScoreRead(p, rest, func(q *Position, text string) Reading { return ReadCell(q, text, l) })
}

// ReplayScoreRead is ReplayScore with each cell read by read, which must
// read as ReadCell does (a caller remembering readings: reconciling a
// copy reads the same cells in the same positions for many candidates).
// The reading is only looked at.
func ReplayScoreRead(p *Position, rest []string, read func(p *Position, text string) Reading) int {
	score := 0
	for k := 0; k < len(rest) && k < LookaheadPlies; k++ {
		rd := read(p, rest[k])
		switch {
		case rd.Status == StatusOK:
			score += 2
		case rd.Status == StatusNonstandard:
			score++
		case rd.Status == StatusMissing || rd.Status == StatusResult:
			return score
		}
		m := rd.Move
		if m == NoMove && len(rd.Candidates) > 0 {
			m = rd.Candidates[0]
		}
		if m == NoMove {
			return score
		}
		p = p.Play(m)
	}
	return score
}
