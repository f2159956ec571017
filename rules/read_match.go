package rules

import (
	"slices"
	"sort"
	"strings"
)

// The third stage: every reading of the body is matched against the legal
// moves. Readings that need no slip are tried first; a written origin that
// fits no legal move is dropped only to say what the player could have meant.

type matchKind uint8

const (
	matchNone matchKind = iota
	matchExact
	matchAnyOrigin
)

type bodyMatch struct {
	kind         matchKind
	moves        []Move
	pat          *pattern // the reading that gave moves[0]
	promoMissing bool
	asCastle     bool
}

// maxReadings bounds how many readings of one body are tried; a body of a
// dozen characters has far fewer.
const maxReadings = 256

// maxWalk bounds how many combinations of meanings are looked at: a
// scribble of letters that each mean four things ("HHHHHHHHHHHH") would
// otherwise take exponential time. Real cells have a few dozen.
const maxWalk = 4096

// maxBody is the longest body read as a move: the longest ways to write
// one ("Кр:e1-g1", "e7xd8(Q)", "Sg1-Sf3") have under a dozen symbols;
// what is longer is not a move and would only cost time.
const maxBody = 16

func readBody(p *Position, legal []Move, s []sym, l *Letters) (bodyMatch, []pattern) {
	if len(s) > maxBody {
		return bodyMatch{}, nil
	}
	var flatBuf [4 * maxBody]tok
	var endsBuf [maxBody]int
	flat, ends := tokenize(s, l, flatBuf[:], endsBuf[:])
	if ends == nil {
		return bodyMatch{}, nil
	}
	var altsBuf [maxBody][]tok // set as an array: kept off the heap
	start := 0
	for k, end := range ends {
		altsBuf[k] = flat[start:end:end]
		start = end
	}
	alts := altsBuf[:len(ends)]
	pats := make([]pattern, 0, 4)
	var chosenBuf [maxBody]tok
	chosen := chosenBuf[:len(alts)]
	var walk func(i int)
	walked := 0
	var used [tkSlash + 1]int8 // tokens of each kind chosen so far
	walk = func(i int) {
		if len(pats) >= maxReadings || walked >= maxWalk {
			return
		}
		if i == len(alts) {
			walked++
			if pt, ok := buildPattern(chosen); ok {
				pats = append(pats, pt)
			}
			return
		}
		for _, t := range alts[i] {
			if used[t.kind] >= kindLimit[t.kind] {
				continue // no reading with this many can be a move
			}
			used[t.kind]++
			chosen[i] = t
			walk(i + 1)
			used[t.kind]--
		}
	}
	walk(0)
	slices.SortStableFunc(pats, func(a, b pattern) int { return int(a.tier) - int(b.tier) })

	for _, kind := range [2]matchKind{matchExact, matchAnyOrigin} {
		for lo := 0; lo < len(pats); {
			hi := lo
			for hi < len(pats) && pats[hi].tier == pats[lo].tier {
				hi++
			}
			var bm bodyMatch
			for k := lo; k < hi; k++ {
				pt := &pats[k]
				if kind == matchAnyOrigin && pt.fromFile < 0 && pt.fromRank < 0 {
					continue
				}
				for _, m := range legal {
					ok, promoMissing, asCastle := pt.matches(p, m, kind == matchAnyOrigin)
					if !ok || containsMove(bm.moves, m) {
						continue
					}
					if len(bm.moves) == 0 {
						bm.pat, bm.promoMissing, bm.asCastle = pt, promoMissing, asCastle
					}
					bm.moves = append(bm.moves, m)
				}
			}
			if len(bm.moves) > 0 {
				bm.kind = kind
				return bm, pats
			}
			lo = hi
		}
	}
	return bodyMatch{}, pats
}

// kindLimit is how many tokens of each kind a pattern can hold: a piece
// letter, the same letter again before the square and a promotion piece;
// three coordinates; one hyphen and one of each promotion decoration.
// Capture signs are not limited (Bxxc6 is read, with a warning).
var kindLimit = [tkSlash + 1]int8{
	tkPiece: 3, tkFile: 3, tkRank: 3, tkCapture: maxBody, tkDash: 1,
	tkEquals: 1, tkOpen: 1, tkClose: 1, tkSlash: 1,
}

func containsMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// describe lists what is unusual in how the matched move was written.
func (rd *Reading) describe(p *Position, bm bodyMatch, mk marks) {
	pt, m := bm.pat, rd.Move
	rd.Findings = append(rd.Findings, pt.slips...)
	if pt.piece == Pawn {
		rd.add(CodePawnLetter, pt.pieceAt)
	}
	moved := p.board[m.From()].Type()
	capture := p.IsCapture(m)
	rd.describeOrigin(p, bm, moved, capture)
	if moved == Pawn && capture && pt.fromFile < 0 && !bm.asCastle {
		rd.add(CodePawnCaptureWithoutFile, pt.toAt)
	}
	rd.describeCaptureSign(pt, capture)
	if pt.dashMisplaced {
		rd.add(CodeExtraCharacters, pt.dashAt)
	}
	if pt.taken != NoPieceType {
		rd.add(CodeCapturedPieceNamed, pt.takenAt)
	}
	rd.describePromotion(bm)
	if m.Kind() == EnPassant {
		if mk.ep {
			rd.add(CodeEnPassantMark, mk.epAt)
		} else {
			rd.add(CodeEnPassantMarkMissing, [2]int{pt.toAt[1], pt.toAt[1]})
		}
	}
}

// describeOrigin says what is unusual in how the piece moved and its
// origin were written: castling written as a king move, a square where a
// letter or less would do, a file alone, more than the move needs.
func (rd *Reading) describeOrigin(p *Position, bm bodyMatch, moved PieceType, capture bool) {
	pt := bm.pat
	switch {
	case bm.asCastle:
		rd.add(CodeCastlingAsKingMove, pt.span())
	case pt.originSquare():
		rd.describeOriginSquare(p, pt, moved)
	case pt.fileOnly():
		rd.add(CodeFileOnlyCapture, pt.span())
	case pt.fromFile >= 0 || pt.fromRank >= 0:
		rd.describeOriginPart(p, pt, moved, capture)
	}
}

// span is where the move is written: from its piece letter, or from its
// origin when no letter was written, to its destination.
func (pt *pattern) span() [2]int {
	whole := [2]int{pt.pieceAt[0], pt.toAt[1]}
	if pt.piece == NoPieceType {
		whole[0] = min(pt.originAt[0], pt.toAt[0])
		if pt.fromFile < 0 && pt.fromRank < 0 {
			whole[0] = pt.toAt[0]
		}
	}
	return whole
}

// describeOriginSquare judges a whole origin square written ("Ng1f3",
// "g1f3", "e2e4").
func (rd *Reading) describeOriginSquare(p *Position, pt *pattern, moved PieceType) {
	switch {
	case pt.piece == NoPieceType && moved != Pawn:
		rd.add(CodePieceLetterMissing, pt.originAt)
	case moved != Pawn && p.disambiguation(rd.Move, moved) == rd.Move.From().String():
		// "Nh4g6" where three knights reach g6: the square is needed (C.10).
	default:
		rd.add(CodeLongForm, pt.originAt)
	}
}

// describeOriginPart judges an origin's file or rank written alone
// ("Nbd2", "R1e2", "exd5").
func (rd *Reading) describeOriginPart(p *Position, pt *pattern, moved PieceType, capture bool) {
	if moved == Pawn {
		if !capture {
			rd.add(CodeOverDisambiguated, pt.originAt)
		}
		return
	}
	switch need := p.disambiguation(rd.Move, moved); {
	case need == "":
		rd.add(CodeOverDisambiguated, pt.originAt)
	case pt.fromFile < 0 && need[0] >= 'a' && need[0] <= 'h' && len(need) == 1:
		rd.add(CodeRankDisambiguation, pt.originAt)
	}
}

// describeCaptureSign judges the capture sign: written for no capture,
// twice, other than "x" or after the destination, or left out.
func (rd *Reading) describeCaptureSign(pt *pattern, capture bool) {
	switch {
	case pt.captures > 0 && !capture:
		rd.add(CodeCaptureMarkWrong, pt.captureAt)
	case pt.captures > 1:
		rd.add(CodeExtraCharacters, pt.captureAt)
	case pt.captures > 0 && (pt.captureSign != 'x' || pt.captureAfter):
		rd.add(CodeCaptureSign, pt.captureAt)
	case pt.captures == 0 && capture && !pt.fileOnly():
		rd.add(CodeCaptureMarkMissing, [2]int{pt.toAt[0], pt.toAt[0]})
	}
}

// describePromotion judges the promotion: its piece left out, written
// after "=", or in another decoration.
func (rd *Reading) describePromotion(bm bodyMatch) {
	pt := bm.pat
	switch {
	case bm.promoMissing:
		rd.add(CodePromotionPieceMissing, pt.toAt)
	case pt.promo != NoPieceType && pt.promoDecor == tkEquals:
		rd.add(CodePromotionEquals, pt.promoAt)
	case pt.promo != NoPieceType && pt.promoDecor != tkPiece:
		rd.add(CodePromotionMalformed, pt.promoAt)
	}
}

// orderAmbiguous puts first the moves that agree with the written check
// and mate marks ("Rf6#" where only one rook mates), then keeps board
// order. The cell stays ambiguous: a mark is no disambiguation (C.10).
func orderAmbiguous(p *Position, moves []Move, mk marks) []Move {
	out := append([]Move(nil), moves...)
	agree := make(map[Move]int, len(out))
	for _, m := range out {
		q := p.Play(m)
		check := q.InCheck()
		mate := check && !q.HasLegalMove()
		if check == (mk.check || mk.mate || mk.doubleCheck) {
			agree[m]++
			if mate == (mk.mate || mk.doubleCheck) {
				agree[m]++
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return agree[out[i]] > agree[out[j]] })
	return out
}

// nearest returns the legal moves nearest to what was written: first
// those one slip of handwriting away (a look-alike character, two
// neighbours swapped, a sign: cost 1), then by the handwriting cost
// between the writing and the move spelt on this sheet, with same piece
// and nearby destination when a pattern was read. A slip comes first
// however far its destination: "Bb7" is one look-alike from Bb1 (1/7),
// one character wrong from Bb5+.
func nearest(p *Position, pt *pattern, written string, l *Letters) []Move {
	var ml moveList
	p.generate(&ml)
	legal := ml.moves[:ml.n]
	if len(legal) == 0 {
		return nil
	}
	var wbuf [maxBody]rune
	w := wbuf[:0]
	for _, r := range strings.TrimSpace(written) {
		if len(w) == maxBody {
			break // the distance to a short move is the length anyway
		}
		w = append(w, r)
	}
	var sbuf [16]rune
	score := make([]int, len(legal))
	for i, m := range legal {
		spelt := spell(p, m, legal, l, sbuf[:0])
		cost := writtenCost(w, spelt)
		score[i] = 2 * cost
		if cost <= 1 {
			score[i] -= slipFirst
		}
		if pt != nil {
			if pt.piece != NoPieceType && p.board[m.From()].Type() != pt.piece {
				score[i] += 6
			}
			if pt.toFile >= 0 {
				score[i] += abs(m.To().File() - int(pt.toFile))
			}
			if pt.toRank >= 0 {
				score[i] += abs(m.To().Rank() - int(pt.toRank))
			}
		}
	}
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] < score[idx[b]] })
	out := make([]Move, 0, maxCandidates)
	for _, i := range idx[:min(maxCandidates, len(idx))] {
		out = append(out, legal[i])
	}
	return out
}

// slipFirst puts the moves one slip from the writing before every other
// in nearest: more than any piece and destination terms add up to.
const slipFirst = 1000

// spell writes m as p.Write(m, Notation{Letters: l, NoCheckMarks: true,
// FIDEPromotion: true}) does, into buf, with the disambiguation worked out
// from legal: nearest spells every legal move of a doubtful cell, and
// generating the moves again for each would cost more than the rest.
func spell(p *Position, m Move, legal []Move, l *Letters, buf []rune) []rune {
	from, to := m.From(), m.To()
	if m.Kind() == Castle {
		buf = append(buf, 'O', '-', 'O')
		if to.File() == 2 {
			buf = append(buf, '-', 'O')
		}
		return buf
	}
	t := p.board[from].Type()
	capture := p.IsCapture(m)
	if t != Pawn {
		for _, r := range l.Pieces[t] {
			buf = append(buf, r)
		}
		file, rank := p.originNeeded(m, t, legal)
		if file {
			buf = append(buf, rune('a'+from.File()))
		}
		if rank {
			buf = append(buf, rune('1'+from.Rank()))
		}
	} else if capture {
		buf = append(buf, rune('a'+from.File()))
	}
	if capture {
		buf = append(buf, 'x')
	}
	buf = append(buf, rune('a'+to.File()), rune('1'+to.Rank()))
	if pr := m.Promotion(); pr != NoPieceType {
		for _, r := range l.Pieces[pr] {
			buf = append(buf, r)
		}
	}
	return buf
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// WrittenDistance returns how many characters must change (Levenshtein)
// to turn what was written in a cell, without move number and marks, into
// move m of p spelt in the sheet's letters: 0 or 1 means the writing can
// stand for that move, a slip of the pen at most.
func WrittenDistance(p *Position, m Move, written string, l *Letters) int {
	if l == nil {
		l = English
	}
	var buf [32]sym
	var rd Reading
	var mk marks
	body := stripMarks(rd.stripNumber(trimSpace(symbols(written, buf[:]))), &mk)
	w := []rune(symString(body))
	best := -1
	for _, n := range []Notation{{Letters: l, NoCheckMarks: true, FIDEPromotion: true}, {Letters: l, NoCheckMarks: true, ZeroCastling: true}} {
		spelt := p.Write(m, n)
		// The capture mark is not mandatory on a scoresheet (Appendix C).
		for _, v := range []string{spelt, strings.Replace(spelt, "x", "", 1)} {
			if d := editDistance(w, []rune(v)); best < 0 || d < best {
				best = d
			}
		}
	}
	return best
}

// WrittenCost is WrittenDistance counted as a reader of handwriting does
// (read_cost.go), in half-edits: 0 is the move's own spelling, 1 a
// look-alike character, two neighbours swapped or a sign left out, 2 one
// character wrong.
func WrittenCost(p *Position, m Move, written string, l *Letters) int {
	if l == nil {
		l = English
	}
	w := writtenBody(written)
	best := -1
	for _, n := range []Notation{{Letters: l, NoCheckMarks: true, FIDEPromotion: true}, {Letters: l, NoCheckMarks: true, ZeroCastling: true}} {
		if d := writtenCost(w, []rune(p.Write(m, n))); best < 0 || d < best {
			best = d
		}
	}
	return best
}

// writtenBody is what was written without move number and marks.
func writtenBody(written string) []rune {
	var buf [32]sym
	var rd Reading
	var mk marks
	return []rune(symString(stripMarks(rd.stripNumber(trimSpace(symbols(written, buf[:]))), &mk)))
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b []rune) int {
	var rowBuf [32]int
	prev := rowBuf[:0]
	for j := 0; j <= len(b); j++ {
		prev = append(prev, j)
	}
	var curBuf [32]int
	cur := curBuf[:0]
	for j := 0; j <= len(b); j++ {
		cur = append(cur, 0)
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// descriptive reads English descriptive notation ("P-K4", "N-KB3", "PxP",
// "BxN") far enough to list the moves it can mean. The cell stays
// unreadable: FIDE accepts only algebraic notation (Appendix C).
func descriptive(p *Position, legal []Move, body string) []Move {
	s := strings.ToUpper(strings.ReplaceAll(body, " ", ""))
	s = strings.ReplaceAll(s, "KT", "N")
	s = strings.ReplaceAll(s, ":", "X")
	if len(s) < 3 {
		return nil
	}
	mover := sanPiece(s[0])
	if mover == NoPieceType {
		return nil
	}
	switch {
	case len(s) == 3 && s[1] == 'X' && sanPiece(s[2]) != NoPieceType:
		return descriptiveCaptures(p, legal, mover, sanPiece(s[2]))
	case s[1] == '-':
		return descriptiveMoves(p, legal, mover, s[2:])
	}
	return nil
}

// descriptiveCaptures lists the moves of "PxP", "BxN": a piece of type
// mover takes one of type victim, en passant too when a pawn takes a pawn.
func descriptiveCaptures(p *Position, legal []Move, mover, victim PieceType) []Move {
	var out []Move
	for _, m := range legal {
		if p.board[m.From()].Type() == mover && p.board[m.To()].Type() == victim && m.Kind() != Castle {
			out = append(out, m)
		}
	}
	if victim == Pawn {
		for _, m := range legal {
			if m.Kind() == EnPassant && mover == Pawn {
				out = append(out, m)
			}
		}
	}
	return out
}

// descriptiveMoves lists the moves of "P-K4", "N-KB3": a piece of type
// mover goes to the square named by to, a file's name and a rank counted
// from the mover's side.
func descriptiveMoves(p *Position, legal []Move, mover PieceType, to string) []Move {
	name, digit := to[:len(to)-1], to[len(to)-1]
	if digit < '1' || digit > '8' {
		return nil
	}
	files, ok := descriptiveFiles[name]
	if !ok {
		return nil
	}
	rank := int(digit - '1')
	if p.turn == Black {
		rank = 7 - rank
	}
	var out []Move
	for _, m := range legal {
		if p.board[m.From()].Type() == mover && m.To().Rank() == rank &&
			strings.IndexByte(files, byte('a'+m.To().File())) >= 0 && m.Kind() != Castle {
			out = append(out, m)
		}
	}
	return out
}

// descriptiveFiles maps descriptive file names to algebraic files.
var descriptiveFiles = map[string]string{
	"K": "e", "Q": "d", "KB": "f", "QB": "c", "KN": "g", "QN": "b", "KR": "h", "QR": "a",
	"B": "cf", "N": "bg", "R": "ah",
}
