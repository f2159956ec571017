package sheet

import (
	"sort"

	"scoresheet/rules"
)

// consultAhead is how many plies after a ply one copy alone names, where
// the other copy is consulted, the game is read on to tell the move
// written from its look-alikes (consultReadOn): a look-alike's line is
// mostly contradicted within a few plies (the pawn it moved is needed
// on its file again), sometimes only much later.
const consultAhead = 40

// sortByReadOn orders the candidates of a ply one copy alone names, the
// other being consulted, by how far the game reads on after each
// (consultReadOn), best first; on a tie the move written stays first.
// It returns each one's score.
func (ply *Ply) sortByReadOn(views [2][]slot, letters [2]*rules.Letters, one Side, i int, reads *cellReads) map[rules.Move]int {
	score := make(map[rules.Move]int, len(ply.Candidates))
	for _, m := range ply.Candidates {
		score[m] = consultReadOn(ply.Before.Play(m), views, letters, one, i, reads)
	}
	sort.SliceStable(ply.Candidates, func(a, b int) bool { return score[ply.Candidates[a]] > score[ply.Candidates[b]] })
	return score
}

// rankConsulted orders the candidates of a ply where the two copies
// name two moves, one copy being consulted, by how far the game reads on
// after each (consultReadOn, the copy typed in full read first), as a
// ply one copy alone names is: the consulted copy's cell was typed
// because the arbiter was asked there, mostly because the copy typed
// names a look-alike of another legal move ("d6", the consulted copy
// "d5"). The plies after it are read with the move ranked first until
// the arbiter decides; ranked over the next LookaheadPlies cells alone
// (the consulted copy's blanks read as nothing) the writing of the copy
// typed mostly stayed first where the look-alike read on better over
// consultAhead plies, and every half-move after it that only the move
// played makes legal was asked too (25 of Black's cells typed in one
// game of the noise benchmark, 60 in all).
func (ply *Ply) rankConsulted(views [2][]slot, letters [2]*rules.Letters, i int, reads *cellReads, consulted [2]bool) {
	if ply.Status != PlyDiffer || consulted[WhiteCopy] == consulted[BlackCopy] {
		return
	}
	full := WhiteCopy
	if consulted[WhiteCopy] {
		full = BlackCopy
	}
	ply.sortByReadOn(views, letters, full, i, reads)
}

// consultReadOn scores how well the game reads on from p after ply index
// i, consultAhead plies at most, as rules.ReplayScore does (two for a cell
// in correct notation, one for a nonstandard one, an illegal cell read as
// its first candidate), reading at each ply copy one's cell, or where it
// has nothing the other copy's, where typed: the rest of the game as
// written. It stops where neither has anything, or at a result.
func consultReadOn(p *rules.Position, views [2][]slot, letters [2]*rules.Letters, one Side, i int, reads *cellReads) int {
	score := 0
	for t := i + 1; t <= i+consultAhead; t++ {
		c, s, ok := writtenCell(views, one, t)
		if !ok {
			return score
		}
		rd := reads.shared(p, c.Text, letters[s], true)
		switch rd.Status {
		case rules.StatusOK:
			score += 2
		case rules.StatusNonstandard:
			score++
		case rules.StatusMissing, rules.StatusResult:
			return score
		}
		m := rd.Move
		if m == rules.NoMove && len(rd.Candidates) > 0 {
			m = rd.Candidates[0]
		}
		if m == rules.NoMove {
			return score
		}
		p = p.Play(m)
	}
	return score
}

// writtenCell returns the cell read at view index t: copy one's where it
// has writing there, else the other copy's; false where neither has.
func writtenCell(views [2][]slot, one Side, t int) (Cell, Side, bool) {
	for _, s := range [2]Side{one, 1 - one} {
		if t < len(views[s]) {
			if sl := views[s][t]; sl.index >= 0 && sl.cell.Text != "" && !sl.cell.Illegible && !sl.cell.NotRecorded {
				return sl.cell, s, true
			}
		}
	}
	return Cell{}, one, false
}

// lookAlikeAdmitted returns a look-alike of copy one's writing at the ply
// (rules.LookAlikeMoves) that the other copy's doubtful cell stands for
// more cheaply than for m, the move copy one names (rules.WrittenCost):
// "h6" on one copy, "6b" on the other, b6 played. The other copy's cell
// then does not settle m (resolved): the two point two ways. NoMove where
// there is none, or the other copy's cell is not illegal or unreadable.
// Asked only where a copy is consulted (its cell typed because the other
// copy's was in doubt): where both copies are typed in
// full, the whole-sheet reading and the ranking weigh such plies (asking
// there flagged 20 more HCS plies and moved the noise benchmark's
// ceilings).
func (ply *Ply) lookAlikeAdmitted(one Side, m rules.Move, letters [2]*rules.Letters) rules.Move {
	other := 1 - one
	oc := ply.Copies[other]
	if oc == nil || (oc.Reading.Status != rules.StatusIllegal && oc.Reading.Status != rules.StatusUnreadable) {
		return rules.NoMove
	}
	cm := rules.WrittenCost(ply.Before, m, oc.Reading.Written, letters[other])
	for _, a := range rules.LookAlikeMoves(ply.Before, ply.Copies[one].Cell.Text, letters[one]) {
		if rules.WrittenCost(ply.Before, a, oc.Reading.Written, letters[other]) < cm {
			return a
		}
	}
	return rules.NoMove
}

// glanceMargin is how much better at a glance (rules.Glance, centipawns)
// the writing must be than a look-alike for a tie to be taken as
// written: a third of a pawn, more than the placement tables tell apart
// between two quiet moves a player would weigh (a6 and a5 differ by 5).
const glanceMargin = 30

// writingLikelier reports whether a sensible reader takes move m, one
// copy's writing, over a, a look-alike of it that the rest of the game
// reads on with exactly as well (a tie of lookAlikeAlone on a consulted
// copy). Nothing written tells such a tie apart; which move a player was
// likelier to play does:
//   - a loses material at a glance (rules.MoveBalance: the piece it
//     moves, or one it leaves, can be taken for less, "g5" beside the
//     knight of f3 where "g6" is written) while m does not; or
//   - the writing is in correct notation and m is clearly the better
//     move at a glance: rules.Glance (material and placement once the
//     captures settle) rates it glanceMargin above a ("e4" written on
//     move one, c4 its look-alike: 50 apart; "d4" beside a4: 45). A
//     writing that needed a mark mended ("Dc3+" where Dc3 gives no
//     check, its look-alike De3 does) is asked: the mark may belong to
//     the look-alike.
//
// Everywhere else the tie is asked, and where the look-alike is the
// better move it is always asked. On the noise benchmark (in order) the
// ties asked went from 1,006 to 742 with the material rule and to 632
// with the glance, none taken wrong; on six other seeds of 500 games
// the glance takes 1,061 ties right and 5 wrong (docs/measurements.md).
// Taking the writing also where both lose, the look-alike more (33 ties
// fewer), or by the exchange on the destination square alone
// (rules.Exchange), took one HCS ply otherwise than both copies do: not
// done.
func writingLikelier(p *rules.Position, m, a rules.Move, writtenOK bool) bool {
	if p.MoveBalance(a) < 0 && p.MoveBalance(m) >= 0 {
		return true
	}
	return writtenOK && p.Glance(m)-p.Glance(a) >= glanceMargin
}
