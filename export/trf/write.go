package trf

import "bytes"

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
// for a PGN result; ok is false for a result a TRF cannot be told ("*",
// "").
func ResultCodes(result string) (w, b byte, ok bool) {
	switch result {
	case "1-0":
		return '1', '0', true
	case "0-1":
		return '0', '1', true
	case "1/2-1/2":
		return '=', '=', true
	}
	return 0, 0, false
}

// SetResult writes a game's PGN result into both players' blocks of
// round r, White the player of starting rank white. Blocks that already
// say that result (a forfeit "+"/"-" or a short game "W"/"L" for 1-0)
// are left as written; changed says whether a column changed. ok is false
// when the file has no such pairing or the result cannot be written.
func (f *File) SetResult(r, white int, result string) (changed, ok bool) {
	wc, bc, ok := ResultCodes(result)
	wp := f.byRank[white]
	if !ok || wp == nil {
		return false, false
	}
	wb, found := wp.Block(r)
	if !found || wb.Colour != 'w' || f.byRank[wb.Opponent] == nil {
		return false, false
	}
	bp := f.byRank[wb.Opponent]
	bb, _ := bp.Block(r)
	if pgnResult(upper(wb.Result), upper(bb.Result)) == result {
		return false, true
	}
	wp.setResult(r, wc)
	bp.setResult(r, bc)
	return true, true
}

// setResult writes the result column of round r's block.
func (p *Player) setResult(r int, c byte) {
	b := &p.Rounds[r-1]
	p.Line.set(b.Col+offResult, c)
	b.Result = c
	p.sums = nil
}
