package sheet

import (
	"strconv"

	"scoresheet/rules"
)

// The checks of the Laws' special cases the arbiter marks on cells
// (marks.go), and where the copies stop agreeing.

const (
	// CheckCopiesAgreeUntil: the copies name the same moves up to Count
	// (Texts[0] is that move, "31...Rd8"); Ply is the first ply where they
	// differ. Said once, before the differing plies (D.2.9: retrace to
	// where the two game scores agree).
	CheckCopiesAgreeUntil CheckCode = "copies-agree-until"
	// CheckRecordingStopped: Copy's player stopped recording at Ply under
	// 8.4 (Texts[0] numbers that half-move: "56..."); the blank cells from
	// there on are not flagged one by one.
	CheckRecordingStopped CheckCode = "recording-stopped"
	// CheckRecordingStoppedIncrement: the cell is marked as where recording
	// stopped, but the time control adds Count seconds a move there, 30 or
	// more: 8.4 does not apply, and the moves not recorded are missing.
	CheckRecordingStoppedIncrement CheckCode = "recording-stopped-increment"
	// CheckClaimRepetitionCorrect: the draw claimed with the intended move
	// at Ply is correct: its position is there for the Count-th time, at
	// Plies (9.2.1.1, with 9.2.3's identity). The game is drawn (9.5.1).
	CheckClaimRepetitionCorrect CheckCode = "claim-repetition-correct"
	// CheckClaimRepetitionWrong: the claim is not correct: the intended
	// move's position is there only Count times. The move stands (9.5.2).
	CheckClaimRepetitionWrong CheckCode = "claim-repetition-wrong"
	// CheckClaimFiftyCorrect: the intended move completes the last 50
	// moves of each player without a pawn move or a capture (9.3.1):
	// Count moves. The game is drawn (9.5.1).
	CheckClaimFiftyCorrect CheckCode = "claim-fifty-moves-correct"
	// CheckClaimFiftyWrong: it does not (Count moves only); the move stands
	// (9.5.2).
	CheckClaimFiftyWrong CheckCode = "claim-fifty-moves-wrong"
	// CheckClaimNotJudged: the claim cannot be judged yet: the intended
	// move is not read as a legal move, or the moves before it are not
	// established (established.go). Texts[0] is what is written.
	CheckClaimNotJudged CheckCode = "claim-not-judged"
	// CheckSealed: the sealed move is legal and unambiguous (I.1.1).
	CheckSealed CheckCode = "sealed-move"
	// CheckSealedAmbiguous, CheckSealedUnreadable, CheckSealedIllegal: the
	// sealed move as recorded is ambiguous, its meaning cannot be
	// established, or it is illegal: the player who sealed it (Side) loses
	// the game (I.8.1, I.8.2, I.8.3).
	CheckSealedAmbiguous  CheckCode = "sealed-move-ambiguous"
	CheckSealedUnreadable CheckCode = "sealed-move-unreadable"
	CheckSealedIllegal    CheckCode = "sealed-move-illegal"
	// CheckSealedNotJudged: the moves before the sealed move are not
	// established, so neither is the position it is judged in.
	CheckSealedNotJudged CheckCode = "sealed-move-not-judged"
	// CheckResultContradictsRuling: the game's result (Texts[0]) is not
	// the one a ruling at Ply gives (Texts[1]): a correct claim draws the
	// game (9.5.1), a sealed move that cannot stand loses it (I.8). The
	// signed result stands unless the arbiter decides otherwise (8.7).
	CheckResultContradictsRuling CheckCode = "result-contradicts-ruling"
)

// rulingResult gives the result that the verdict of a marked cell
// decides, by the player concerned: none for the verdicts that decide
// nothing.
var rulingResult = map[CheckCode]map[Who]Result{
	CheckClaimRepetitionCorrect: {WhoWhite: "1/2-1/2", WhoBlack: "1/2-1/2"},
	CheckClaimFiftyCorrect:      {WhoWhite: "1/2-1/2", WhoBlack: "1/2-1/2"},
	CheckSealedAmbiguous:        {WhoWhite: "0-1", WhoBlack: "1-0"},
	CheckSealedUnreadable:       {WhoWhite: "0-1", WhoBlack: "1-0"},
	CheckSealedIllegal:          {WhoWhite: "0-1", WhoBlack: "1-0"},
}

// checkRulingResult compares the game's result, when it has one, with
// the result a verdict decides.
func checkRulingResult(g *Game, verdict CheckFinding) []CheckFinding {
	want := rulingResult[verdict.Code][verdict.Side]
	if want == "" || !g.Result.Decided() || g.Result == want {
		return nil
	}
	f := finding(CheckResultContradictsRuling, verdict.Ply)
	f.Texts = [2]string{string(g.Result), string(want)}
	return []CheckFinding{f}
}

// checkLaws runs the checks of the marked cells. A claim or a sealed move
// is judged only in an established position (established.go): a verdict
// that a game is drawn or lost rests on moves taken as played.
func checkLaws(g *Game, rec *Reconciled, established int, on Conditions) []CheckFinding {
	var out []CheckFinding
	for s := range g.Copies {
		if i := recordingStop(g, Side(s)); i >= 0 {
			f := finding(CheckRecordingStopped, plyOfCell(rec, Side(s), i)+1)
			if inc := incrementAt(rec, on, f.Ply); inc >= 30 {
				f = finding(CheckRecordingStoppedIncrement, f.Ply)
				f.Count = inc
			}
			f.Copy, f.Side = Side(s).Who(), Side(s).Who()
			f.Texts[0] = plyNumber(rec, f.Ply)
			out = append(out, f)
		}
		for i, c := range g.Copies[s].Cells {
			cc, ply := rec.CellAt(Side(s), i)
			if ply != nil && ply.Ply-1 > established {
				ply = nil // judged in no position: not judged
			}
			var verdict CheckFinding
			switch {
			case c.Mark.isClaim():
				verdict = checkClaim(rec, c, cc, ply, i)
			case c.Mark == MarkSealed:
				verdict = checkSealed(c, cc, ply, i)
			default:
				continue
			}
			out = append(append(out, verdict), checkRulingResult(g, verdict)...)
		}
	}
	return out
}

// recordingStop returns the index of the cell of copy s where its player
// stopped recording under 8.4, or -1.
func recordingStop(g *Game, s Side) int {
	for i, c := range g.Copies[s].Cells {
		if c.Mark == MarkRecordingStopped {
			return i
		}
	}
	return -1
}

// stops84 holds, per copy, the index of the cell from which its player
// did not record under 8.4, or -1. (A single cell marked not recorded
// stays a missing cell: the arbiter marks where recording stopped to say
// 8.4 applies.)
type stops84 [2]int

// recordingStops finds where each copy stopped recording under 8.4: where
// the arbiter marked it, unless the time control adds 30 s or more a
// move there (8.4 does not apply then; checkLaws says so).
func recordingStops(g *Game, rec *Reconciled, on Conditions) stops84 {
	stops := stops84{-1, -1}
	for s := range g.Copies {
		i := recordingStop(g, Side(s))
		if i >= 0 && incrementAt(rec, on, plyOfCell(rec, Side(s), i)+1) < 30 {
			stops[s] = i
		}
	}
	return stops
}

// excuses reports whether cell i of copy s is at or after where its
// player stopped recording under 8.4.
func (st stops84) excuses(s Side, i int) bool { return st[s] >= 0 && i >= st[s] }

// incrementAt returns the increment of the time-control period that
// ply's move is in (0 when the time control gives none or does not read).
func incrementAt(rec *Reconciled, on Conditions, ply int) int {
	periods, _ := ParseTimeControl(on.TimeControl)
	move, _ := moveOfPly(rec, ply)
	last := 0
	for _, p := range periods {
		if p.Moves == 0 || move <= last+p.Moves {
			return p.Increment
		}
		last += p.Moves
	}
	return 0
}

// checkClaim judges a draw claimed with the intended move written in the
// cell (index i of its copy, read at ply): the position after it, or the
// halfmove clock, counting the intended move as the claimant wrote it
// (not another copy's move there).
func checkClaim(rec *Reconciled, c Cell, cc *CopyCell, ply *Ply, i int) CheckFinding {
	if ply == nil || cc == nil || !legalReading(cc) {
		return notJudged(CheckClaimNotJudged, c, ply, i)
	}
	intended := cc.Reading.Move
	after := ply.Before.Play(intended)
	var f CheckFinding
	if c.Mark == MarkClaimRepetition {
		at := occurrences(rec, ply.Ply, after)
		f = finding(CheckClaimRepetitionWrong, ply.Ply)
		if len(at) >= 3 {
			f = finding(CheckClaimRepetitionCorrect, ply.Ply)
		}
		f.Plies, f.Count = at, len(at)
	} else {
		hm := after.HalfmoveClock()
		f = finding(CheckClaimFiftyWrong, ply.Ply)
		if hm >= 100 {
			f = finding(CheckClaimFiftyCorrect, ply.Ply)
		}
		f.Count, f.Want = hm/2, 50
	}
	f.Side = sideName(ply.Before.Turn())
	f.Texts[0] = moveLabel(ply.Before, intended)
	return f
}

// legalReading reports whether a copy's cell is read as one legal move.
func legalReading(cc *CopyCell) bool {
	switch cc.Reading.Status {
	case rules.StatusOK, rules.StatusNonstandard:
		return true
	}
	return false
}

// occurrences returns the plies (0 the start) where position after,
// reached at ply, stood up to then, by 9.2.3's identity
// (rules.RepetitionKey: the same player to move, the same castling and
// en passant rights), as checkRepetition counts them.
func occurrences(rec *Reconciled, ply int, after *rules.Position) []int {
	k := after.RepetitionKey()
	var at []int
	for i, p := range rec.positions() {
		if i < ply && p.RepetitionKey() == k {
			at = append(at, i)
		}
	}
	return append(at, ply)
}

// notJudged is the finding of a marked cell (index i of its copy) that
// cannot be judged at ply (nil: in no established position).
func notJudged(code CheckCode, c Cell, ply *Ply, i int) CheckFinding {
	f := finding(code, i+1)
	if ply != nil {
		f.Ply, f.Side = ply.Ply, sideName(ply.Before.Turn())
	}
	f.Texts[0] = c.Text
	return f
}

// checkSealed judges a sealed move as its player recorded it (Guidelines
// I.8): ambiguous, not to be made out, or illegal, the player who sealed
// it loses; else it is the move made on resumption.
func checkSealed(c Cell, cc *CopyCell, ply *Ply, i int) CheckFinding {
	if ply == nil {
		return notJudged(CheckSealedNotJudged, c, nil, i)
	}
	code := CheckSealedUnreadable // blank or illegible
	if cc != nil {
		switch cc.Reading.Status {
		case rules.StatusOK, rules.StatusNonstandard:
			code = CheckSealed
		case rules.StatusAmbiguous:
			code = CheckSealedAmbiguous
		case rules.StatusIllegal:
			code = CheckSealedIllegal
		}
	}
	return notJudged(code, c, ply, i)
}

// checkAgreeUntil says once where the copies stop agreeing: the last ply
// up to which both name the same moves, before the first ply where they
// name different ones.
func checkAgreeUntil(g *Game, rec *Reconciled) []CheckFinding {
	if g.Copies[WhiteCopy].Consulted || g.Copies[BlackCopy].Consulted {
		return nil // a copy looked up here and there agrees with nothing in between
	}
	for i, p := range rec.Plies {
		if p.Status != PlyDiffer {
			continue
		}
		if i == 0 {
			return nil // they differ from the first move: the ply's own finding says it
		}
		last := &rec.Plies[i-1]
		f := finding(CheckCopiesAgreeUntil, p.Ply)
		f.Count = last.Ply
		f.Texts[0] = moveLabel(last.Before, last.Move)
		return []CheckFinding{f}
	}
	return nil
}

// moveOfPly returns the number of ply's move in the game's numbering and
// whether it is Black's.
func moveOfPly(rec *Reconciled, ply int) (int, bool) {
	n := ply - 1 // half-moves before it
	if rec.Start.Turn() == rules.Black {
		n++
	}
	return rec.Start.MoveNumber() + n/2, n%2 == 1
}

// plyNumber numbers a half-move as an arbiter writes it: "56." for
// White's, "56..." for Black's.
func plyNumber(rec *Reconciled, ply int) string {
	n, black := moveOfPly(rec, ply)
	if black {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// moveLabel writes move m, made in position before, with its number, as
// an arbiter reads it: "31.Rd8" for White's, "31...Rd8" for Black's.
func moveLabel(before *rules.Position, m rules.Move) string {
	if m == rules.NoMove {
		return ""
	}
	dots := "."
	if before.Turn() == rules.Black {
		dots = "..."
	}
	return strconv.Itoa(before.MoveNumber()) + dots + before.SAN(m)
}
