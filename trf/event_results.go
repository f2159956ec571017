package trf

import "scoresheet/sheet"

// CodeMissingResult: a board of a finished round (one with a result, or
// with a later round paired) has no result; a pairing engine cannot read
// a TRF with its blocks blank, so the export refuses it unless told.
const CodeMissingResult Code = "trf-missing-result"

// TakeResult writes the result the event holds for board g into both
// players' blocks of its round: the event's results (entered with
// `event result` or the window, forfeits + and - included) are the one
// source of truth for a round's results, and the file's result columns,
// as imported, are not read again. A board with no result here ("" or
// "*") gets both result columns blank, whatever the file said. changed
// says a column changed; ok is false for a board that did not come from
// a TRF or whose pairing the file does not have (nothing written).
//
// Every reader of a round's results through the TRF (the export, the
// pairing-list check of ImportPairs) takes the event's boards through
// this first (app/core.EventTRF).
func (f *File) TakeResult(g *sheet.Game) (changed, ok bool) {
	white, _, fromTRF := Ranks(g)
	if !fromTRF {
		return false, false
	}
	if g.Result.Decided() {
		return f.SetResult(g.Round, white, g.Result)
	}
	return f.clearResult(g.Round, white)
}

// clearResult blanks the result columns of round r's pairing whose White
// has starting rank white.
func (f *File) clearResult(r, white int) (changed, ok bool) {
	wp := f.byRank[white]
	if wp == nil {
		return false, false
	}
	wb, found := wp.Block(r)
	if !found || wb.Colour != 'w' || f.byRank[wb.Opponent] == nil {
		return false, false
	}
	bp := f.byRank[wb.Opponent]
	bb, _ := bp.Block(r)
	if wb.Result == ' ' && bb.Result == ' ' {
		return false, true
	}
	wp.writeBlock(r, wb.Opponent, 'w', ' ')
	bp.writeBlock(r, wp.Rank, 'b', ' ')
	wp.Rounds[r-1].Result, bp.Rounds[r-1].Result = ' ', ' '
	wp.sums, bp.sums = nil, nil
	return true, true
}
