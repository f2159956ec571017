package trf

import (
	"bytes"

	"scoresheet/sheet"
)

// Bytes returns the file as read, with the result columns SetResult
// changed.
func (f *File) Bytes() []byte {
	var buf bytes.Buffer
	for _, l := range f.Lines {
		buf.Write(l.Text)
		buf.Write(l.EOL)
	}
	return buf.Bytes()
}

// ResultCodes returns the result columns of White's and Black's blocks
// for a result (a forfeit as + and -); ok is false for a result a TRF
// cannot be told ("*", "").
func ResultCodes(result sheet.Result) (w, b byte, ok bool) {
	switch result {
	case sheet.WhiteWins:
		return '1', '0', true
	case sheet.BlackWins:
		return '0', '1', true
	case sheet.Drawn:
		return '=', '=', true
	case sheet.WhiteForfeitWin:
		return '+', '-', true
	case sheet.BlackForfeitWin:
		return '-', '+', true
	case sheet.DoubleForfeit:
		return '-', '-', true
	}
	return 0, 0, false
}

// SetResult writes a game's result into both players' blocks of round r,
// White the player of starting rank white. Blocks that already say that
// result (a short game "W"/"L" for 1-0, "+" against "0" for +/-) are
// left as written; changed says whether a column changed. ok is false
// when the file has no such pairing or the result cannot be written.
// The players' points are not changed here (SetPoints).
func (f *File) SetResult(r, white int, result sheet.Result) (changed, ok bool) {
	wc, bc, ok := ResultCodes(result)
	if !ok {
		return false, false
	}
	wp, bp, ok := f.whitePairing(r, white)
	if !ok {
		return false, false
	}
	if got, ok := pairResult(wp.Rounds[r-1].Result, bp.Rounds[r-1].Result); ok && got == result {
		return false, true
	}
	wp.setResult(r, wc)
	bp.setResult(r, bc)
	return true, true
}

// whitePairing finds round r's pairing whose White has starting rank
// white: both players, each with a block for round r that names the
// other. ok is false where the file has no such pairing.
func (f *File) whitePairing(r, white int) (wp, bp *Player, ok bool) {
	wp = f.byRank[white]
	if wp == nil {
		return nil, nil, false
	}
	wb, found := wp.Block(r)
	if !found || wb.Colour != 'w' || f.byRank[wb.Opponent] == nil {
		return nil, nil, false
	}
	bp = f.byRank[wb.Opponent]
	if bb, found := bp.Block(r); !found || bb.Opponent != white {
		return nil, nil, false
	}
	return wp, bp, true
}

// setResult writes the result column of round r's block.
func (p *Player) setResult(r int, c byte) {
	b := &p.Rounds[r-1]
	p.Line.set(b.Col+offResult, c)
	b.Result = c
	p.sums = nil
}
