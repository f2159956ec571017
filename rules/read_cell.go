package rules

import (
	"slices"
	"sort"
	"strconv"
)

// Reading is what the notation reader says about one written cell.
type Reading struct {
	Written    string     // the text exactly as written
	Number     int        // the move number written in the cell, or 0
	Status     CellStatus // the verdict
	Move       Move       // the move read; NoMove unless the status is ok or nonstandard, or a promotion without piece (which becomes a queen, 7.5.2)
	Candidates []Move     // for every status but ok and nonstandard: the legal moves it could have meant, nearest first
	Findings   []Finding  // what is wrong or unusual, worst first
	DrawOffer  bool       // "(=)" was written (C.13)
	Result     string     // for StatusResult: "1-0", "0-1", "1/2-1/2" or "*"
}

// maxCandidates bounds the candidates of an illegal or unreadable cell.
const maxCandidates = 8

// ReadCell reads what a player wrote in one cell of the scoresheet, in
// position p, with the piece letters l of the sheet's language (nil means
// English). It never changes what was written: a cell that does not name
// exactly one legal move gets no Move, only Candidates.
func ReadCell(p *Position, written string, l *Letters) Reading {
	return readCell(p, written, l, true)
}

// ReadMove reads a cell as ReadCell does, without looking for the
// candidates of a cell that names no move (an ambiguous cell or one with
// a wrong origin keeps its own): for a caller that only asks which move a cell names, many times
// over (lining up a copy that went out of step).
func ReadMove(p *Position, written string, l *Letters) Reading {
	return readCell(p, written, l, false)
}

func readCell(p *Position, written string, l *Letters, candidates bool) Reading {
	if l == nil {
		l = English
	}
	rd := Reading{Written: written}
	var buf [32]sym
	s := trimSpace(symbols(written, buf[:]))

	if res, ok := resultToken(symString(s)); ok {
		rd.Status, rd.Result = StatusResult, res
		return rd
	}
	s = rd.stripNumber(s)
	if len(s) == 0 || isMissingMark(s) {
		rd.Status = StatusMissing
		return rd
	}
	var mk marks
	s = stripMarks(s, &mk)
	rd.DrawOffer = mk.drawOffer
	if mk.drawOffer {
		rd.add(CodeDrawOffer, mk.drawAt)
	}
	if mk.annotation {
		rd.add(CodeAnnotation, mk.annotationAt)
	}
	s = rd.stripStray(s)
	if len(s) == 0 || isMissingMark(s) {
		if mk.check || mk.mate || mk.doubleCheck || mk.ep {
			rd.add(CodeNotAlgebraic, [2]int{0, len(written)})
			if candidates {
				rd.Candidates = nearest(p, nil, written, l)
			}
			return rd.finish()
		}
		// Nothing written but stray punctuation: missing, keeping only
		// the notes (a draw offer or a glyph without its move).
		rd.Findings = slices.DeleteFunc(rd.Findings, func(f Finding) bool { return f.Code == CodeExtraCharacters })
		rd.Status = StatusMissing
		return rd
	}

	var ml moveList
	p.generate(&ml)
	if ml.n == 0 {
		rd.add(CodeGameOver, [2]int{0, len(written)})
		return rd.finish()
	}
	legal := ml.moves[:ml.n]

	if side, malformed, letterO, ok := readCastling(s); ok {
		rd.readCastling(p, legal, s, side, malformed, letterO)
		rd.checkMarks(p, mk)
		return rd.finish()
	}

	best, pats := readBody(p, legal, s, l)
	rd.readMatch(p, legal, s, best, pats, mk, l, candidates)
	if rd.Move != NoMove {
		rd.checkMarks(p, mk)
	}
	return rd.finish()
}

// readMatch records what the body's best match says: no move (with the
// nearest spellings when candidates), several, one from a wrong origin,
// or the move.
func (rd *Reading) readMatch(p *Position, legal []Move, s []sym, best bodyMatch, pats []pattern, mk marks, l *Letters, candidates bool) {
	switch {
	case best.kind == matchNone && len(pats) == 0:
		rd.add(CodeNotAlgebraic, [2]int{s[0].off, s[len(s)-1].end})
		rd.Candidates = descriptive(p, legal, symString(s))
		if len(rd.Candidates) > 0 {
			rd.add(CodeDescriptive, [2]int{s[0].off, s[len(s)-1].end})
		} else if candidates {
			rd.Candidates = nearest(p, nil, symString(s), l)
		}
	case best.kind == matchNone:
		rd.add(CodeNoLegalMove, [2]int{s[0].off, s[len(s)-1].end})
		if candidates {
			rd.Candidates = nearest(p, &pats[0], symString(s), l)
		}
	case len(best.moves) > 1:
		code := CodeAmbiguous
		if best.kind == matchAnyOrigin {
			code = CodeWrongOrigin
		}
		rd.add(code, best.pat.originOrAll(s))
		rd.Candidates = orderAmbiguous(p, best.moves, mk)
		if best.kind == matchAnyOrigin {
			rd.Candidates = lookAlikesFirst(p, legal, rd.Candidates, rd.Written, l)
		}
	case best.kind == matchAnyOrigin:
		rd.add(CodeWrongOrigin, best.pat.originOrAll(s))
		rd.Candidates = lookAlikesFirst(p, legal, best.moves, rd.Written, l)
	default:
		rd.Move = best.moves[0]
		rd.describe(p, best, mk)
		if best.promoMissing {
			rd.Candidates = promotionsOf(legal, rd.Move)
		}
	}
}

// lookAlikesFirst puts before the moves of a cell read with a wrong
// origin the legal moves its writing is nearer to, by one look-alike
// character, two neighbours swapped or a sign (a cost of 1, read_cost.go):
// "5f6" for Sf6 reads as a pawn from the fifth rank, but is one
// look-alike from the knight's move.
func lookAlikesFirst(p *Position, legal, ms []Move, written string, l *Letters) []Move {
	w := writtenBody(written)
	var sbuf [16]rune
	cost := func(m Move) int { return writtenCost(w, spell(p, m, legal, l, sbuf[:0])) }
	for _, m := range ms {
		if cost(m) <= 1 {
			return ms
		}
	}
	var out []Move
	for _, m := range legal {
		if cost(m) <= 1 && !slices.Contains(ms, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return ms
	}
	return append(out, ms...)
}

func (rd *Reading) add(c Code, at [2]int) {
	rd.Findings = append(rd.Findings, Finding{Code: c, Offset: at[0], End: at[1]})
}

// finish sorts the findings worst first and sets the status from them.
func (rd *Reading) finish() Reading {
	sort.SliceStable(rd.Findings, func(i, j int) bool {
		return rd.Findings[i].Severity() > rd.Findings[j].Severity()
	})
	if rd.Status == StatusMissing || rd.Status == StatusResult {
		return *rd
	}
	rd.Status = StatusOK
	for _, f := range rd.Findings {
		switch {
		case f.Code == CodeAmbiguous:
			rd.Status = StatusAmbiguous
		case f.Code == CodeNotAlgebraic:
			rd.Status = StatusUnreadable
		case f.Severity() == Error:
			rd.Status = StatusIllegal
		case f.Severity() == Warning && rd.Status == StatusOK:
			rd.Status = StatusNonstandard
		default:
			continue
		}
		if rd.Status != StatusNonstandard {
			break
		}
	}
	// Only a clear reading names a move, and an illegal one only for a
	// promotion without piece (7.5.2: the pawn becomes a queen).
	if rd.Status == StatusAmbiguous || rd.Status == StatusUnreadable {
		rd.Move = NoMove
	}
	return *rd
}

func isMissingMark(s []sym) bool {
	for _, x := range s {
		switch x.r {
		case '?', '-', '_', '.', '…':
		default:
			return false
		}
	}
	return true
}

// stripNumber takes a move number off the front: "12.", "12...", "12. …",
// "12…" or "12 " (a number without a dot is followed by a blank).
func (rd *Reading) stripNumber(s []sym) []sym {
	i := 0
	for i < len(s) && s[i].r >= '0' && s[i].r <= '9' {
		i++
	}
	if i == 0 || s[0].r == '0' || i > 3 {
		return s
	}
	j := i
	for j < len(s) && (s[j].r == '.' || s[j].r == '…' || s[j].r == ' ') {
		j++
	}
	if j == i || (j < len(s) && s[j].r == '-') {
		return s // "12e4" is no move number; "1-0" was taken as a result
	}
	rd.Number, _ = strconv.Atoi(symString(s[:i]))
	return trimSpace(s[j:])
}

// stripStray removes punctuation around the move that belongs to nothing
// ("Nf3.", ",e5"), with a warning.
func (rd *Reading) stripStray(s []sym) []sym {
	stray := func(r rune) bool { return r == '.' || r == ',' || r == ';' || r == '\'' || r == '"' }
	for len(s) > 1 && stray(s[len(s)-1].r) {
		rd.add(CodeExtraCharacters, [2]int{s[len(s)-1].off, s[len(s)-1].end})
		s = trimSpace(s[:len(s)-1])
	}
	for len(s) > 1 && stray(s[0].r) {
		rd.add(CodeExtraCharacters, [2]int{s[0].off, s[0].end})
		s = trimSpace(s[1:])
	}
	return s
}

func (pt *pattern) originOrAll(s []sym) [2]int {
	if pt.fromFile >= 0 || pt.fromRank >= 0 {
		return pt.originAt
	}
	return [2]int{s[0].off, s[len(s)-1].end}
}

// readCastling recognises 0-0, O-O, 0-0-0 and their slips: lower-case o,
// missing or doubled hyphens, a trailing hyphen, mixed 0 and O.
func readCastling(s []sym) (side int, malformed, letterO, ok bool) {
	os, zeros, dashes := 0, 0, 0
	prevDash := true
	for i, x := range s {
		switch x.r {
		case 'O':
			os++
		case 'o':
			os++
			malformed = true
		case '0':
			zeros++
		case '-':
			if prevDash || i == len(s)-1 || x.odd {
				malformed = true
			}
			dashes++
			prevDash = true
			continue
		default:
			return 0, false, false, false
		}
		if !prevDash {
			malformed = true
		}
		prevDash = false
	}
	n := os + zeros
	if n < 2 || n > 3 {
		return 0, false, false, false
	}
	if os > 0 && zeros > 0 {
		malformed = true // "O-0": the two look alike in handwriting
	}
	return n, malformed, os > 0, true
}

func (rd *Reading) readCastling(p *Position, legal []Move, s []sym, side int, malformed, letterO bool) {
	at := [2]int{s[0].off, s[len(s)-1].end}
	want := 6 // g-file
	if side == 3 {
		want = 2
	}
	for _, m := range legal {
		if m.Kind() == Castle && m.To().File() == want {
			rd.Move = m
		}
	}
	if rd.Move == NoMove {
		rd.add(CodeNoLegalMove, at)
		rd.Candidates = nearest(p, &pattern{piece: King, fromFile: -1, fromRank: -1,
			toFile: int8(want), toRank: int8(p.King(p.turn).Rank())}, symString(s), English)
		return
	}
	switch {
	case malformed:
		rd.add(CodeCastlingMalformed, at)
	case letterO:
		rd.add(CodeCastlingLetterO, at)
	}
}

// checkMarks compares the written +, ++ and # with what the move does.
func (rd *Reading) checkMarks(p *Position, mk marks) {
	if mk.ep && rd.Move.Kind() != EnPassant {
		rd.add(CodeEnPassantMarkWrong, mk.epAt)
	}
	q := p.Play(rd.Move)
	check := q.InCheck()
	mate := check && !q.HasLegalMove()
	switch {
	case mk.mate && !mate:
		rd.add(CodeMateMarkWrong, mk.checkAt)
	case mk.doubleCheck && !mate:
		if q.checkers().more() {
			rd.add(CodeDoubleCheckMark, mk.checkAt)
		} else {
			rd.add(CodeMateMarkWrong, mk.checkAt)
		}
	case mk.check && !check:
		rd.add(CodeCheckMarkWrong, mk.checkAt)
	case mate && mk.check:
		rd.add(CodeMateMarkMissing, mk.checkAt)
	case mate && !mk.mate && !mk.doubleCheck:
		rd.add(CodeMateMarkMissing, [2]int{len(rd.Written), len(rd.Written)})
	case check && !mk.check && !mk.mate && !mk.doubleCheck:
		rd.add(CodeCheckMarkMissing, [2]int{len(rd.Written), len(rd.Written)})
	}
}

func promotionsOf(legal []Move, m Move) []Move {
	var out []Move
	for _, x := range legal {
		if x.From() == m.From() && x.To() == m.To() {
			out = append(out, x)
		}
	}
	return out
}
