package sheet

import (
	"sort"

	"scoresheet/rules"
)

// PlyStatus says how the game's move at one ply was found from the copies.
type PlyStatus string

const (
	PlyAgreed   PlyStatus = "agreed"   // both copies name the same move
	PlySingle   PlyStatus = "single"   // one copy names the move; the other has nothing there
	PlyResolved PlyStatus = "resolved" // one copy names the move, the other's doubtful cell admits it
	PlyDiffer   PlyStatus = "differ"   // the copies name different moves: the arbiter decides
	PlyDoubtful PlyStatus = "doubtful" // neither copy names a move: the arbiter decides
	PlyDecided  PlyStatus = "decided"  // the arbiter decided
	PlyNone     PlyStatus = "none"     // no move can be taken (nothing written, or the game is over)
)

// NeedsDecision reports whether the arbiter must choose the move.
func (s PlyStatus) NeedsDecision() bool { return s == PlyDiffer || s == PlyDoubtful }

// CopyCell is what one copy says at one ply.
type CopyCell struct {
	Cell    Cell
	Reading rules.Reading // the cell read in the game's position before the ply
}

// Ply is one half-move of the reconciled game.
type Ply struct {
	Ply    int
	Before *rules.Position
	After  *rules.Position // Before when Move is NoMove
	// Copies holds each copy's cell at this ply; nil where the copy has none.
	Copies [2]*CopyCell
	Status PlyStatus
	// Move is the move the game goes on with. Where the arbiter must decide
	// it is the candidate with which the rest of both copies replays best,
	// provisionally, so that the rest of the game can still be read.
	Move rules.Move
	// Candidates are the moves the copies could mean, best replay first;
	// set where the copies do not agree.
	Candidates []rules.Move
	Decision   *Decision // the arbiter's decision, when one applies
}

// Reconciled is the game's move list derived from the two copies.
type Reconciled struct {
	Start *rules.Position
	Plies []Ply
	Final *rules.Position
}

// letters returns the piece letters of a copy's language, English when
// the language is unknown or unset.
func (c *Copy) letters() *rules.Letters {
	if l, ok := rules.LettersFor(c.Lang); ok {
		return l
	}
	return rules.English
}

// StartPosition returns the game's start position.
func (g *Game) StartPosition() (*rules.Position, error) {
	if g.FEN == "" {
		return rules.NewPosition(), nil
	}
	return rules.ParseFEN(g.FEN)
}

// readCell reads a cell, treating illegible and unrecorded cells as missing.
func readCell(p *rules.Position, c Cell, l *rules.Letters) rules.Reading {
	if c.Illegible || c.NotRecorded {
		return rules.Reading{Written: c.Text, Status: rules.StatusMissing}
	}
	return rules.ReadCell(p, c.Text, l)
}

// named returns the move a reading names, or NoMove.
func named(r rules.Reading) rules.Move {
	switch r.Status {
	case rules.StatusOK, rules.StatusNonstandard, rules.StatusIllegal:
		return r.Move // an illegal reading names a move only for a promotion without piece
	}
	return rules.NoMove
}

// Reconcile derives the game's moves from its two copies: where they
// agree, that move; where one copy has nothing, the other fills the gap;
// where they disagree, both and the candidates, and the arbiter's
// decision if there is one. Nothing written is changed.
func Reconcile(g *Game) (*Reconciled, error) {
	start, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	rec := &Reconciled{Start: start}
	letters := [2]*rules.Letters{g.Copies[WhiteCopy].letters(), g.Copies[BlackCopy].letters()}
	decisions := latestDecisions(g.Decisions)
	n := max(len(g.Copies[WhiteCopy].Cells), len(g.Copies[BlackCopy].Cells))
	p := start
	for i := 0; i < n; i++ {
		ply := Ply{Ply: i + 1, Before: p, After: p}
		var moves [2]rules.Move
		for s := range g.Copies {
			if i < len(g.Copies[s].Cells) {
				c := g.Copies[s].Cells[i]
				ply.Copies[s] = &CopyCell{Cell: c, Reading: readCell(p, c, letters[s])}
				moves[s] = named(ply.Copies[s].Reading)
			}
		}
		if d, ok := decisions[ply.Ply]; ok {
			if m, ok := moveFromUCI(p, d.Move); ok {
				ply.Status, ply.Move, ply.Decision = PlyDecided, m, &d
			}
		}
		if ply.Status == "" {
			ply.decide(g, letters, moves, i)
		}
		if ply.Move != rules.NoMove {
			ply.After = p.Play(ply.Move)
			p = ply.After
		}
		rec.Plies = append(rec.Plies, ply)
	}
	rec.Final = p
	return rec, nil
}

// decide sets the status, move and candidates of a ply from what the two
// copies name there.
func (ply *Ply) decide(g *Game, letters [2]*rules.Letters, moves [2]rules.Move, i int) {
	w, b := moves[WhiteCopy], moves[BlackCopy]
	switch {
	case w != rules.NoMove && w == b:
		ply.Status, ply.Move = PlyAgreed, w
		return
	case w != rules.NoMove && b != rules.NoMove:
		ply.Status = PlyDiffer
		ply.Candidates = []rules.Move{w, b}
	case w != rules.NoMove || b != rules.NoMove:
		one, other := WhiteCopy, BlackCopy
		if w == rules.NoMove {
			one, other = BlackCopy, WhiteCopy
		}
		m := moves[one]
		oc := ply.Copies[other]
		switch {
		case oc == nil || oc.Reading.Status == rules.StatusMissing:
			ply.Status, ply.Move = PlySingle, m
			return
		case admits(ply.Before, oc.Reading, m, letters[other]):
			ply.Status, ply.Move = PlyResolved, m
			return
		}
		ply.Status = PlyDiffer
		ply.Candidates = append([]rules.Move{m}, oc.Reading.Candidates...)
	default:
		ply.Status = PlyDoubtful
		for _, c := range ply.Copies {
			if c != nil {
				ply.Candidates = appendNew(ply.Candidates, c.Reading.Candidates...)
			}
		}
		if len(ply.Candidates) == 0 {
			// Nothing written later, or the game is over (mate or
			// stalemate: cells written after it name no move).
			if !anythingLater(g, i) || !ply.Before.HasLegalMove() {
				ply.Status = PlyNone
				return
			}
			ply.Candidates = ply.Before.LegalMoves()
		}
	}
	ply.Candidates = uniqueMoves(ply.Candidates)
	ply.rank(g, letters, i)
	if len(ply.Candidates) > 0 {
		ply.Move = ply.Candidates[0]
	}
}

// rank orders the candidates by how well both copies replay after them.
func (ply *Ply) rank(g *Game, letters [2]*rules.Letters, i int) {
	var rest [2][]string
	for s := range g.Copies {
		for _, c := range g.Copies[s].Cells[min(i+1, len(g.Copies[s].Cells)):] {
			t := c.Text
			if c.Illegible || c.NotRecorded {
				t = ""
			}
			rest[s] = append(rest[s], t)
		}
	}
	score := make(map[rules.Move]int, len(ply.Candidates))
	for _, m := range ply.Candidates {
		q := ply.Before.Play(m)
		score[m] = rules.ReplayScore(q, rest[WhiteCopy], letters[WhiteCopy]) + rules.ReplayScore(q, rest[BlackCopy], letters[BlackCopy])
	}
	sort.SliceStable(ply.Candidates, func(a, b int) bool { return score[ply.Candidates[a]] > score[ply.Candidates[b]] })
}

func anythingLater(g *Game, i int) bool {
	for s := range g.Copies {
		for _, c := range g.Copies[s].Cells[min(i+1, len(g.Copies[s].Cells)):] {
			if c.Text != "" && !c.Illegible && !c.NotRecorded {
				return true
			}
		}
	}
	return false
}

// admits reports whether a doubtful cell's writing can stand for move m,
// so that the other copy's clear cell settles the ply. The candidates of
// an ambiguous cell, of a cell whose origin is wrong, or of descriptive
// notation ("PxP") all fit what is written. An illegal or unreadable cell admits a move only when its
// writing is a slip of one character from that move ("Nc5" for "Ne5"): its
// candidates are merely the nearest spellings, and a move further off is
// a disagreement for the arbiter.
func admits(p *rules.Position, r rules.Reading, m rules.Move, l *rules.Letters) bool {
	switch {
	case r.Status == rules.StatusAmbiguous, hasCode(r.Findings, rules.CodeWrongOrigin), hasCode(r.Findings, rules.CodeDescriptive):
		return containsMove(r.Candidates, m)
	case r.Status == rules.StatusIllegal || r.Status == rules.StatusUnreadable:
		return rules.WrittenDistance(p, m, r.Written, l) <= 1
	}
	return false
}

func containsMove(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func appendNew(ms []rules.Move, add ...rules.Move) []rules.Move {
	for _, m := range add {
		if !containsMove(ms, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

func uniqueMoves(ms []rules.Move) []rules.Move { return appendNew(nil, ms...) }

// latestDecisions returns, per ply, the last decision made; a decision
// with no move withdraws the earlier ones.
func latestDecisions(ds []Decision) map[int]Decision {
	out := map[int]Decision{}
	for _, d := range ds {
		if d.Move == "" {
			delete(out, d.Ply)
			continue
		}
		out[d.Ply] = d
	}
	return out
}

// moveFromUCI finds the legal move of p written in UCI.
func moveFromUCI(p *rules.Position, uci string) (rules.Move, bool) {
	for _, m := range p.LegalMoves() {
		if m.UCI() == uci {
			return m, true
		}
	}
	return rules.NoMove, false
}
