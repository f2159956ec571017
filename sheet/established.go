package sheet

import "scoresheet/rules"

// Established moves
//
// A check that claims a consequence — a draw that can be claimed or has
// happened (9.2, 9.3, 9.6), an illegal move counted against a player
// (7.5.1), the loss of the game for a second one (7.5.5), the moves of a
// time control complete (8.6), a final position and the result it
// allows (5) — rests only on moves established as played. Elsewhere the
// same finding is given with its "-unconfirmed" code: what it would mean
// if the moves were confirmed, never the consequence itself.
//
// A ply is established when an arbiter would take its move as played
// without asking anybody:
//   - agreed: both copies name the move;
//   - decided: the arbiter ruled it;
//   - resolved: one copy names the move and the other's doubtful writing
//     admits it (a slip of one character, an ambiguity the move settles):
//     both copies support it;
//   - single: one copy names the move and the other is silent there
//     (blank, a dash, illegible, not recorded under 8.4, it stopped, or
//     it is not typed in yet). Silence is no contradiction: 8.4 has a
//     player who did not record complete his scoresheet from his
//     opponent's, and arbiters fill a copy's gaps from the other copy as
//     a matter of course. An illegal move is the exception (below).
//   - settled: no copy names another legal move, each copy's writing is a
//     slip from the move at most, and read with the plies that follow on
//     both copies it is the only sensible move by a clear margin (the
//     whole-sheet reading, joint.go): both copies support it.
//
// Not established: differ (the copies contradict each other), doubtful
// (neither names a legal move), none, and any status not listed here: a
// status added later is trusted only once someone decides it should be.
//
// A move is only as sure as the position it was played in, so a ply is
// established only when every ply before it is too: the established part
// of a game is its first n plies. One copy out of step with the other
// (a half-move not written) makes the plies after the slip differ: from
// the first of them nothing is established until the arbiter decides,
// however legally either copy replays on its own.
//
// An illegal move is established when the position before it is
// established and no copy names a legal move there, and either both
// copies record a move at that ply (the two players' records agree that
// what was played was not legal), or the arbiter has decided the ply
// (he has seen the illegal record and ruled what stands in the game).
// One copy's illegal writing with the other copy blank, or any illegal
// reading in a position that rests on a disputed move, is unconfirmed.

// establishedStatus holds the ply statuses whose move is taken as played.
var establishedStatus = map[PlyStatus]bool{
	PlyAgreed: true, PlyDecided: true, PlyResolved: true, PlySingle: true, PlySettled: true,
}

// Established returns how many plies from the start are established: the
// positions 0 to n rest only on moves taken as played.
func (rec *Reconciled) Established() int {
	for i, p := range rec.Plies {
		if !establishedStatus[p.Status] || p.Move == rules.NoMove {
			return i
		}
	}
	return len(rec.Plies)
}

// illegalEstablished reports whether the illegal move recorded at ply
// (every written copy names no legal move there) is established, given
// the number of established plies.
func illegalEstablished(ply *Ply, established int) bool {
	if ply.Ply-1 > established {
		return false // the position before it rests on a disputed move
	}
	if ply.Status == PlyDecided {
		return true
	}
	for _, c := range ply.Copies {
		if c == nil || c.Reading.Status == rules.StatusMissing {
			return false
		}
	}
	return true
}

// unconfirmed gives each check that claims a consequence its code for the
// same finding resting on moves not established.
var unconfirmed = map[CheckCode]CheckCode{
	CheckThreefold:       "threefold-repetition-unconfirmed",
	CheckFivefold:        "fivefold-repetition-unconfirmed",
	CheckFiftyMoves:      "fifty-moves-unconfirmed",
	CheckSeventyFive:     "seventy-five-moves-unconfirmed",
	CheckIllegalMove:     "illegal-move-unconfirmed",
	CheckSecondIllegal:   "second-illegal-move-unconfirmed",
	CheckTimeControl:     "time-control-reached-unconfirmed",
	CheckCheckmate:       "checkmate-unconfirmed",
	CheckStalemate:       "stalemate-unconfirmed",
	CheckDeadPosition:    "dead-position-unconfirmed",
	CheckResultBoard:     "result-contradicts-board-unconfirmed",
	CheckResultMissing:   "result-missing-unconfirmed",
	CheckCopyResultBoard: "copy-result-contradicts-board-unconfirmed",
}

// Unconfirmed returns the code of c's finding when it rests on moves not
// established, or c itself when c claims nothing about the moves.
func (c CheckCode) Unconfirmed() CheckCode {
	if u, ok := unconfirmed[c]; ok {
		return u
	}
	return c
}

// IsUnconfirmed reports whether c is the code of a finding that rests on
// moves not established: it says what would follow if they were
// confirmed, and claims nothing.
func (c CheckCode) IsUnconfirmed() bool { return confirmedOf[c] != "" }

// Confirmed returns the code an unconfirmed finding takes once its moves
// are established, or c itself.
func (c CheckCode) Confirmed() CheckCode {
	if b, ok := confirmedOf[c]; ok {
		return b
	}
	return c
}

var confirmedOf = func() map[CheckCode]CheckCode {
	m := make(map[CheckCode]CheckCode, len(unconfirmed))
	for c, u := range unconfirmed {
		m[u] = c
	}
	return m
}()

// markUnconfirmed gives the findings of the board checks that stand after
// the established plies their unconfirmed code. The illegal-move check
// judges its own findings (checkIllegalMoves).
func markUnconfirmed(fs []CheckFinding, established int) {
	for i := range fs {
		f := &fs[i]
		if !boardCheck[f.Code] || f.Code == CheckIllegalMove || f.Code == CheckSecondIllegal {
			continue
		}
		if f.Ply > established {
			f.Code = f.Code.Unconfirmed()
		}
	}
}
