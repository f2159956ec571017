package sheet

import (
	"strings"

	"scoresheet/rules"
)

// CheckCode identifies an arbiter check's finding. Codes are stable; the
// app translates them.
type CheckCode string

const (
	CheckThreefold        CheckCode = "threefold-repetition"     // 9.2: a draw can be claimed
	CheckFivefold         CheckCode = "fivefold-repetition"      // 9.6.1: the game is drawn
	CheckFiftyMoves       CheckCode = "fifty-moves"              // 9.3: a draw can be claimed from this ply
	CheckSeventyFive      CheckCode = "seventy-five-moves"       // 9.6.2: the game is drawn
	CheckDrawOffer        CheckCode = "draw-offer"               // 9.1.2: a player offered a draw
	CheckDrawOfferOneCopy CheckCode = "draw-offer-one-copy"      // 8.1.5: the offer is on one copy only
	CheckIllegalMove      CheckCode = "illegal-move"             // 7.5.1: a completed illegal move
	CheckSecondIllegal    CheckCode = "second-illegal-move"      // 7.5.5: the player loses
	CheckTimeControl      CheckCode = "time-control-reached"     // 8.6: the moves of a period are complete
	CheckTimeControlShort CheckCode = "time-control-short"       // 8.6: a copy shows fewer moves than the period needed
	CheckCheckmate        CheckCode = "checkmate"                // 5.1.1
	CheckStalemate        CheckCode = "stalemate"                // 5.2.1
	CheckDeadPosition     CheckCode = "dead-position"            // 5.2.2
	CheckResultBoard      CheckCode = "result-contradicts-board" // the result does not fit the final position
	CheckResultMissing    CheckCode = "result-missing"           // the game is over on the board but has no result
	CheckCopyShorter      CheckCode = "copy-shorter"             // 8.5: a copy stops before the other
	CheckCopiesDiffer     CheckCode = "copies-differ"            // 8.1: the copies name different moves
	CheckNeedsDecision    CheckCode = "needs-decision"           // neither copy names the move
	CheckMissingCell      CheckCode = "missing-cell"             // 8.1: a cell left blank, illegible or not recorded
	CheckClockBackwards   CheckCode = "clock-backwards"          // 6: a later clock time shows more time than it can
	CheckBadStart         CheckCode = "bad-start-position"       // the game's FEN does not read
	CheckBadTimeControl   CheckCode = "bad-time-control"         // the event's time control does not read
	// CheckCopyConsulted: Copy is consulted, typed only at the half-moves
	// the arbiter looked up: its cells left blank are no findings. A note,
	// so that every face (the checks, the printout, the workbook) says
	// why that copy is mostly blank.
	CheckCopyConsulted CheckCode = "copy-consulted"
	// CheckCellInDoubt: what Copy wrote at Ply (Texts[0]) is illegal,
	// unreadable or ambiguous, and nothing settles the move there: not
	// the other copy, the plies that follow, nor the arbiter (the ply is
	// taken from this copy alone, or no move is taken there). A cell in
	// doubt that is settled is no check: the ply's status says how.
	CheckCellInDoubt CheckCode = "cell-in-doubt"
	// CheckLookAlikeOneCopy: only Copy records the move at Ply, and what
	// it wrote (Texts[0]) is one look-alike from another legal move
	// (Texts[1], in SAN) that what follows reads on with as well: the
	// arbiter decides (PlyLookAlike).
	CheckLookAlikeOneCopy CheckCode = "look-alike-one-copy"
)

// Conditions are what the checks need of the event: its time control
// and its kind of play.
type Conditions struct {
	TimeControl string
	Kind        EventKind
}

// Conditions returns the conditions the event's games are played under.
func (ev Event) Conditions() Conditions {
	return Conditions{TimeControl: ev.TimeControl, Kind: ev.Kind}
}

// CheckFinding is one finding of the arbiter checks: typed, never prose.
type CheckFinding struct {
	Code    CheckCode
	Ply     int    // the ply it is about (1-based), 0 for the whole game
	Article string // the article of the Laws of Chess
	// Details, set as the code needs them:
	Side  Who   // the player concerned
	Copy  Who   // the copy concerned
	Plies []int // the plies where a repeated position stood (0 is the start)
	// Texts: what each copy wrote (copies-differ, needs-decision), the
	// two clock times (clock-backwards), the result and the board's
	// status (result-contradicts-board).
	Texts  [2]string
	Count  int // how many: repetitions, illegal moves, moves recorded
	Want   int // how many were needed
	Period int // time-control period, 1-based
	// Provisional is set on a finding that rests on moves not established
	// (established.go): its code is an "-unconfirmed" one, which says
	// what would follow if the moves were confirmed.
	Provisional bool
}

// finding is a finding with the article of standard play; Check gives
// each the article of the event's kind when it is done.
func finding(code CheckCode, ply int) CheckFinding {
	return CheckFinding{Code: code, Ply: ply, Article: code.Article(KindStandard)}
}

// Who names the player, or the player's copy, a finding is about:
// "white" or "black", NoOne when it is about neither.
type Who string

const (
	NoOne    Who = ""
	WhoWhite Who = "white"
	WhoBlack Who = "black"
)

// Side returns the copy w names; ok is false for NoOne.
func (w Who) Side() (s Side, ok bool) {
	switch w {
	case WhoWhite:
		return WhiteCopy, true
	case WhoBlack:
		return BlackCopy, true
	}
	return 0, false
}

// Who names the copy s.
func (s Side) Who() Who { return Who(s.String()) }

// sideName names the player of colour c.
func sideName(c rules.Color) Who { return Who(c.String()) }

// Check runs every arbiter check on a game and its reconciled moves, for
// an event of the conditions given. A finding that claims a consequence
// rests only on established moves; one that rests on others has its
// unconfirmed code (established.go).
func Check(g *Game, rec *Reconciled, on Conditions) []CheckFinding {
	established := rec.Established()
	var out []CheckFinding
	out = append(out, checkConsulted(g)...)
	out = append(out, checkAgreeUntil(g, rec)...)
	stops := recordingStops(g, rec, on)
	out = append(out, checkCopies(g, rec, on.Kind, stops)...)
	out = append(out, checkLaws(g, rec, established, on)...)
	out = append(out, checkRealign(rec)...)
	out = append(out, checkRepetition(rec)...)
	out = append(out, checkMoveRules(rec)...)
	out = append(out, checkDrawOffers(g, rec)...)
	out = append(out, checkIllegalMoves(rec, established)...)
	out = append(out, checkTimeControl(g, rec, on, stops)...)
	out = append(out, checkClocks(g, rec, on.TimeControl)...)
	out = append(out, checkResult(g, rec)...)
	out = append(out, checkPairingResult(g)...)
	out = append(out, checkPairingConflict(g)...)
	markUnconfirmed(out, established)
	for i := range out {
		out[i].Provisional = out[i].Code.IsUnconfirmed()
		if a, ok := out[i].Code.kindArticle(on.Kind); ok {
			out[i].Article = a
		}
	}
	return out
}

// boardCheck holds the checks whose findings follow from the moves taken,
// and so are only as sure as those moves.
var boardCheck = map[CheckCode]bool{
	CheckThreefold: true, CheckFivefold: true, CheckFiftyMoves: true, CheckSeventyFive: true,
	CheckIllegalMove: true, CheckSecondIllegal: true, CheckCheckmate: true, CheckStalemate: true,
	CheckDeadPosition: true, CheckResultBoard: true, CheckResultMissing: true, CheckTimeControl: true,
	CheckCopyResultBoard: true,
}

// FirstUndecided returns the first ply whose move the arbiter must still
// decide, or 0.
func (rec *Reconciled) FirstUndecided() int {
	for _, p := range rec.Plies {
		if p.Status.NeedsDecision() {
			return p.Ply
		}
	}
	return 0
}

// checkCopies reports where the copies disagree, where the arbiter must
// decide, missing cells and a copy that stops early. In rapid and blitz
// play the players need not record the moves (A.2): missing cells and a
// copy that stops early are no findings there; nor are they, in any
// play, from where a player stopped recording under 8.4. A consulted
// copy's cells the arbiter did not type were not looked up: they are not
// missing, and the copy does not stop early where it stops being typed.
func checkCopies(g *Game, rec *Reconciled, kind EventKind, stops stops84) []CheckFinding {
	var out []CheckFinding
	for _, ply := range rec.Plies {
		var f CheckFinding
		switch ply.Status {
		case PlyDiffer:
			f = finding(CheckCopiesDiffer, ply.Ply)
		case PlyDoubtful:
			f = finding(CheckNeedsDecision, ply.Ply)
		case PlyLookAlike:
			out = append(out, lookAlikeFinding(&ply))
			continue
		default:
			continue
		}
		// What each copy wrote, for the arbiter to compare.
		for s, c := range ply.Copies {
			if c != nil {
				f.Texts[s] = c.Cell.Text
			}
		}
		out = append(out, f)
	}
	out = append(out, checkCellsInDoubt(rec)...)
	if !kind.recordingObliged() {
		return out
	}
	for s := range g.Copies {
		last := lastWritten(g, rec, Side(s))
		for i := 0; i < last; i++ {
			if ply := missingAt(rec, Side(s), i); ply > 0 && !stops.excuses(Side(s), i) && !g.untyped(Side(s), i) {
				f := finding(CheckMissingCell, ply)
				f.Copy = Side(s).Who()
				out = append(out, f)
			}
		}
		if stops[s] >= 0 || g.Copies[s].Consulted {
			continue // said once by checkLaws; a consulted copy stops where it is no longer looked up
		}
		other := Side(1 - s)
		otherLast := lastWritten(g, rec, other)
		if otherLast > 0 && g.Copies[other].Cells[otherLast-1].Mark.notYetPlayed() {
			otherLast-- // a move claimed with or sealed, not played: not on this copy
		}
		if plyOfCell(rec, Side(s), last) < plyOfCell(rec, other, otherLast) {
			f := finding(CheckCopyShorter, plyOfCell(rec, Side(s), last)+1)
			f.Copy, f.Count, f.Want = Side(s).Who(), last, otherLast
			out = append(out, f)
		}
	}
	return out
}

// lookAlikeFinding is the finding of a ply one copy alone names with a
// look-alike of another legal move (PlyLookAlike).
func lookAlikeFinding(ply *Ply) CheckFinding {
	f := finding(CheckLookAlikeOneCopy, ply.Ply)
	for s, c := range ply.Copies {
		if c == nil || c.Reading.Status == rules.StatusMissing {
			continue
		}
		f.Copy, f.Texts[0] = Side(s).Who(), c.Cell.Text
		for _, o := range ply.Candidates {
			if o != named(c.Reading) {
				f.Texts[1] = ply.Before.SAN(o) // the look-alike that reads on best
				break
			}
		}
	}
	return f
}

// settledStatus holds, besides the settled plies (Ply.Settled), the ply
// statuses where a cell in doubt is no finding: those the arbiter
// decides anyway.
var settledStatus = map[PlyStatus]bool{ // with Ply.Settled's (settled.go)
	PlyDiffer: true, PlyDoubtful: true, PlyRealign: true, PlyLookAlike: true,
}

// checkCellsInDoubt finds the cells illegal, unreadable or ambiguous at a
// ply that nothing settles (CheckCellInDoubt).
func checkCellsInDoubt(rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	for _, ply := range rec.Plies {
		if ply.Settled() || settledStatus[ply.Status] {
			continue
		}
		for s, c := range ply.Copies {
			if c == nil {
				continue
			}
			switch c.Reading.Status {
			case rules.StatusIllegal, rules.StatusUnreadable, rules.StatusAmbiguous:
				f := finding(CheckCellInDoubt, ply.Ply)
				f.Copy, f.Texts[0] = Side(s).Who(), c.Cell.Text
				out = append(out, f)
			}
		}
	}
	return out
}

// checkConsulted says which copies are consulted.
func checkConsulted(g *Game) []CheckFinding {
	var out []CheckFinding
	for s, c := range g.Copies {
		if c.Consulted {
			f := finding(CheckCopyConsulted, 0)
			f.Copy = Side(s).Who()
			out = append(out, f)
		}
	}
	return out
}

// lastWritten returns the number of cells of copy s up to its last that
// is not blank.
func lastWritten(g *Game, rec *Reconciled, s Side) int {
	last := len(g.Copies[s].Cells)
	for last > 0 && blank(rec, s, last-1) {
		last--
	}
	return last
}

// missingAt returns the ply at which cell i of copy s is read when it
// records no move there (blank, a dash, illegible, not recorded), else 0.
// A cell not read at any ply (written twice and removed by a
// realignment, or the second half of two merged) is not missing: it is
// written, and lined up otherwise.
func missingAt(rec *Reconciled, s Side, i int) int {
	cc, p := rec.CellAt(s, i)
	if cc == nil || cc.Reading.Status != rules.StatusMissing {
		return 0
	}
	return p.Ply
}

// written reports whether cell i of copy s holds something, as Reconcile
// read it: not blank, not only a mark for a move not written ("-", "?", a
// bare move number), not illegible, not marked as not recorded.
func written(rec *Reconciled, s Side, i int) bool {
	cc, _ := rec.CellAt(s, i)
	if cc == nil {
		return false // rec is not this game's, or a realignment removes the cell: nothing read there
	}
	return cc.Reading.Status != rules.StatusMissing
}

// blank reports whether cell i of copy s was left blank or holds only a
// mark for a move not written: unlike an illegible cell or one not
// recorded, blanks at the end of a copy are where it stops.
func blank(rec *Reconciled, s Side, i int) bool {
	if written(rec, s, i) {
		return false
	}
	if cc, _ := rec.CellAt(s, i); cc != nil {
		return !cc.Cell.Illegible && !cc.Cell.NotRecorded
	}
	return true
}

// positions returns the game's positions: the start, then after each ply
// while moves were taken.
func (rec *Reconciled) positions() []*rules.Position {
	ps := []*rules.Position{rec.Start}
	for _, ply := range rec.Plies {
		if ply.Move == rules.NoMove {
			break
		}
		ps = append(ps, ply.After)
	}
	return ps
}

// checkRepetition finds the third and fifth occurrence of a position,
// with the identity of FIDE Art. 9.2.2 (rules.RepetitionKey).
func checkRepetition(rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	seen := map[rules.RepetitionKey][]int{}
	for i, p := range rec.positions() {
		k := p.RepetitionKey()
		seen[k] = append(seen[k], i)
		switch len(seen[k]) {
		case 3:
			f := finding(CheckThreefold, i)
			f.Plies, f.Count = append([]int(nil), seen[k]...), 3
			out = append(out, f)
		case 5:
			f := finding(CheckFivefold, i)
			f.Plies, f.Count = append([]int(nil), seen[k]...), 5
			out = append(out, f)
		}
	}
	return out
}

// checkMoveRules finds the ply from which the 50-move rule allows a claim
// (9.3) and where the 75-move rule ends the game (9.6.2).
func checkMoveRules(rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	fifty, seventyFive := false, false
	for i, p := range rec.positions() {
		hm := p.HalfmoveClock()
		if hm < 100 {
			fifty, seventyFive = false, false
			continue
		}
		if !fifty {
			fifty = true
			out = append(out, finding(CheckFiftyMoves, i))
		}
		// 9.6.2: unless the last move was checkmate.
		if hm >= 150 && !seventyFive && p.Status() != rules.Checkmate {
			seventyFive = true
			out = append(out, finding(CheckSeventyFive, i))
		}
	}
	return out
}

// checkDrawOffers lists each player's offers and those on one copy only
// (a consulted copy's cell not looked up says nothing about an offer).
func checkDrawOffers(g *Game, rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	for _, ply := range rec.Plies {
		var on [2]bool
		both := true
		for s, c := range ply.Copies {
			if c == nil || g.untyped(Side(s), c.Index) {
				both = false
				continue
			}
			on[s] = c.Cell.DrawOffer || c.Reading.DrawOffer
		}
		if !on[0] && !on[1] {
			continue
		}
		f := finding(CheckDrawOffer, ply.Ply)
		f.Side = sideName(ply.Before.Turn())
		out = append(out, f)
		if both && on[0] != on[1] {
			g := finding(CheckDrawOfferOneCopy, ply.Ply)
			g.Side = f.Side
			g.Copy = WhoWhite
			if on[BlackCopy] {
				g.Copy = WhoBlack
			}
			out = append(out, g)
		}
	}
	return out
}

// checkIllegalMoves counts completed illegal moves per player: a ply where
// every copy that has it records a move that is not legal there. Only
// established illegal moves count against the player (established.go);
// the second one loses the game (7.5.5). One not established is given
// unconfirmed, numbered as it would be if confirmed, and so is the
// second one it would make.
func checkIllegalMoves(rec *Reconciled, established int) []CheckFinding {
	var out []CheckFinding
	var count, ifConfirmed [2]int
	for i := range rec.Plies {
		ply := &rec.Plies[i]
		if !recordsIllegal(ply) {
			continue
		}
		side := ply.Before.Turn()
		ifConfirmed[side]++
		code, second, n := CheckIllegalMove, CheckSecondIllegal, &count[side]
		if illegalEstablished(ply, established) {
			count[side]++
		} else {
			code, second, n = code.Unconfirmed(), second.Unconfirmed(), &ifConfirmed[side]
		}
		f := finding(code, ply.Ply)
		f.Side, f.Count = sideName(side), *n
		out = append(out, f)
		if *n == 2 {
			g := finding(second, ply.Ply)
			g.Side, g.Count = sideName(side), 2
			out = append(out, g)
		}
	}
	return out
}

// recordsIllegal reports whether a ply's copies record an illegal move:
// at least one copy has written something there, and no written copy
// names a legal move.
func recordsIllegal(ply *Ply) bool {
	any := false
	for _, c := range ply.Copies {
		if c == nil || c.Reading.Status == rules.StatusMissing {
			continue
		}
		any = true
		if !hasCode(c.Reading.Findings, rules.CodeNoLegalMove) {
			return false
		}
	}
	return any
}

func hasCode(fs []rules.Finding, c rules.Code) bool {
	for _, f := range fs {
		if f.Code == c {
			return true
		}
	}
	return false
}

// checkTimeControl finds where each period's moves are complete (8.6) and
// copies that show fewer moves than a completed period needed. A move a
// player need not have recorded (8.4) is not counted against him: the
// copy is short only of moves he had to record, and in rapid and blitz
// play (A.2) of none. A consulted copy shows only what was looked up: it
// is never short.
func checkTimeControl(g *Game, rec *Reconciled, on Conditions, stops stops84) []CheckFinding {
	periods, err := ParseTimeControl(on.TimeControl)
	if err != nil {
		return []CheckFinding{finding(CheckBadTimeControl, 0)}
	}
	var out []CheckFinding
	startPly := 0
	if rec.Start.Turn() == rules.Black {
		startPly = 1
	}
	played := len(rec.positions()) - 1
	moves := 0
	for k, per := range periods {
		if per.Moves == 0 {
			break
		}
		moves += per.Moves
		// The period ends with Black's move number `moves` in the game's numbering.
		endPly := 2*(moves-rec.Start.MoveNumber()+1) - startPly
		if endPly <= 0 {
			continue // the period ended before the game's start position
		}
		if endPly > played {
			break
		}
		f := finding(CheckTimeControl, endPly)
		f.Period, f.Count = k+1, moves
		out = append(out, f)
		if !on.Kind.recordingObliged() {
			continue
		}
		for s := range g.Copies {
			if g.Copies[s].Consulted {
				continue
			}
			recorded, excused := 0, 0
			for i := range endPly {
				switch {
				case i < len(g.Copies[s].Cells) && written(rec, Side(s), i):
					recorded++
				case stops.excuses(Side(s), i):
					excused++
				}
			}
			if recorded+excused < endPly {
				h := finding(CheckTimeControlShort, endPly)
				h.Copy, h.Period, h.Count, h.Want = Side(s).Who(), k+1, recorded, endPly
				out = append(out, h)
			}
		}
	}
	return out
}

// checkClocks finds clock times that go backwards: a player's later time
// that shows more than his earlier one plus what increments and new
// periods can have added.
func checkClocks(g *Game, rec *Reconciled, tc string) []CheckFinding {
	periods, _ := ParseTimeControl(tc)
	// The largest increment of any period: a later period may add one
	// where the first adds none ("40/5400:1800+30").
	inc := 0
	for _, p := range periods {
		inc = max(inc, p.Increment)
	}
	startPly := 0
	if rec.Start.Turn() == rules.Black {
		startPly = 1
	}
	var out []CheckFinding
	for s := range g.Copies {
		var last [2]struct{ ply, secs int }
		for i, c := range g.Copies[s].Cells {
			secs, ok := ParseClock(c.Clock)
			if !ok {
				continue
			}
			mover := i % 2
			if rec.Start.Turn() == rules.Black {
				mover = 1 - mover
			}
			prev := last[mover]
			if prev.ply > 0 {
				movesBetween := (i + 1 - prev.ply) / 2
				allowed := movesBetween * inc
				allowed += periodTimeAdded(periods, rec.Start.MoveNumber(), startPly, prev.ply, i+1)
				if !clockHasSeconds(g.Copies[s].Cells[prev.ply-1].Clock) {
					// "1:32" is written from any time 1:32:00 to 1:32:59:
					// the earlier time may have been up to 59 s more.
					allowed += 59
				}
				if secs > prev.secs+allowed {
					f := finding(CheckClockBackwards, i+1)
					f.Copy, f.Side = Side(s).Who(), sideName(rules.Color(mover))
					f.Texts = [2]string{g.Copies[s].Cells[prev.ply-1].Clock, c.Clock}
					out = append(out, f)
				}
			}
			last[mover] = struct{ ply, secs int }{i + 1, secs}
		}
	}
	return out
}

// clockHasSeconds reports whether a clock time is written to the second
// ("1:32:05", "1.32.05") rather than to the minute ("1:32", "92").
func clockHasSeconds(s string) bool {
	return len(strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == '.' || r == '\'' })) == 3
}

// periodTimeAdded returns the time added by periods that start between
// two plies. startPly is 1 when the game starts with Black's move.
func periodTimeAdded(periods []Period, firstMove, startPly, fromPly, toPly int) int {
	added, moves := 0, 0
	for k := 0; k+1 < len(periods); k++ {
		if periods[k].Moves == 0 {
			break
		}
		moves += periods[k].Moves
		end := 2*(moves-firstMove+1) - startPly
		if end >= fromPly && end < toPly {
			added += periods[k+1].Seconds
		}
	}
	return added
}

// checkResult compares the result with the final position, and the
// results written on the copies with it and with each other.
func checkResult(g *Game, rec *Reconciled) []CheckFinding {
	var out []CheckFinding
	final := rec.Final
	ply := len(rec.positions()) - 1
	st := final.Status()
	switch st {
	case rules.Checkmate:
		out = append(out, finding(CheckCheckmate, ply))
	case rules.Stalemate:
		out = append(out, finding(CheckStalemate, ply))
	case rules.DeadPosition:
		out = append(out, finding(CheckDeadPosition, ply))
	}
	result := g.Result
	if st != rules.Ongoing && !result.Decided() {
		out = append(out, finding(CheckResultMissing, ply))
	} else if want := boardResult(final, st); want != "" && result != want {
		f := finding(CheckResultBoard, ply)
		f.Article = positionArticle[st]
		f.Texts = [2]string{string(result), st.String()}
		out = append(out, f)
	}
	return append(out, checkCopyResults(g, final, st, ply)...)
}
