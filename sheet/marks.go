package sheet

// The Laws' special cases the arbiter marks: the event's kind of play
// (standard, rapid, blitz), and on a cell a draw claim made with the
// intended move, a sealed move, or where a player stopped recording under
// 8.4. The checks that judge them are in checks_laws.go.

// EventKind is an event's kind of play. The Laws' Competition Rules apply
// to standard play; rapid play is under Appendix A, blitz under
// Appendix B, where recording the moves is not obliged (A.2) and a
// completed illegal move is ruled on only when seen or claimed before the
// opponent's next move (A.4.2).
type EventKind string

// Standard play is the zero value, so that an Event says nothing of its
// kind unless it is another; Name calls it "standard".
const (
	KindStandard EventKind = ""
	KindRapid    EventKind = "rapid"
	KindBlitz    EventKind = "blitz"
)

// EventKinds returns every kind of play, standard first.
func EventKinds() []EventKind { return []EventKind{KindStandard, KindRapid, KindBlitz} }

// Name returns the kind's stable name: "standard", "rapid" or "blitz".
func (k EventKind) Name() string {
	if k == KindStandard {
		return "standard"
	}
	return string(k)
}

// ParseEventKind reads a kind of play by its name; "" is standard too.
func ParseEventKind(s string) (EventKind, bool) {
	for _, k := range EventKinds() {
		if s == k.Name() || s == string(k) {
			return k, true
		}
	}
	return "", false
}

// Standard reports whether k is standard play.
func (k EventKind) Standard() bool { return k == KindStandard }

// recordingObliged reports whether the players must record the moves:
// not in rapid or blitz (A.2, which B.3 applies to blitz).
func (k EventKind) recordingObliged() bool { return k.Standard() }

// CellMark is what the arbiter marked a cell as, beyond what is written
// in it; "" for nothing.
type CellMark string

const (
	MarkNone CellMark = ""
	// MarkClaimRepetition: the player wrote this move, did not play it,
	// and claimed a draw by repetition with it (9.2.1.1).
	MarkClaimRepetition CellMark = "claim-repetition"
	// MarkClaimFiftyMoves: the same under the fifty-move rule (9.3.1).
	MarkClaimFiftyMoves CellMark = "claim-fifty-moves"
	// MarkSealed: the move sealed at an adjournment (Guidelines I.1.1).
	MarkSealed CellMark = "sealed"
	// MarkRecordingStopped: the player stopped recording here, with
	// under five minutes and no increment of 30 s (8.4): this cell and
	// those after it on the copy are not recorded.
	MarkRecordingStopped CellMark = "recording-stopped"
)

// CellMarks returns every mark, MarkNone first.
func CellMarks() []CellMark {
	return []CellMark{MarkNone, MarkClaimRepetition, MarkClaimFiftyMoves, MarkSealed, MarkRecordingStopped}
}

// ParseCellMark reads a mark by its name ("" for none).
func ParseCellMark(s string) (CellMark, bool) {
	for _, m := range CellMarks() {
		if string(m) == s {
			return m, true
		}
	}
	return "", false
}

// isClaim reports whether m marks a draw claim with an intended move.
func (m CellMark) isClaim() bool { return m == MarkClaimRepetition || m == MarkClaimFiftyMoves }

// notYetPlayed reports whether m marks a move written before it was
// played on the board (8.1.1 allows it for these only): an intended move
// claimed with, or a sealed move. The opponent's copy does not have it.
func (m CellMark) notYetPlayed() bool { return m.isClaim() || m == MarkSealed }
