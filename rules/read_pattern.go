package rules

// The second stage: one reading of the body's tokens becomes a pattern,
// what the writing says about the move (piece, origin, destination,
// capture, promotion), or is rejected as not algebraic.

type pattern struct {
	piece         PieceType // NoPieceType when no letter was written
	pieceAt       [2]int
	fromFile      int8 // -1 when not written
	fromRank      int8
	originAt      [2]int
	toFile        int8
	toRank        int8 // -1 for a file-only pawn capture ("ed")
	toAt          [2]int
	captures      int // capture signs written
	captureSign   rune
	captureAfter  bool // the sign after the destination (Lc6:)
	captureAt     [2]int
	dashMisplaced bool
	dashAt        [2]int
	promo         PieceType
	promoDecor    tokKind // tkEquals, tkOpen, tkSlash, or tkPiece for none
	promoAt       [2]int
	taken         PieceType // the piece taken, when written ("BxNc6")
	takenAt       [2]int
	slips         []Finding
	tier          int8
}

func (pt *pattern) originSquare() bool { return pt.fromFile >= 0 && pt.fromRank >= 0 }
func (pt *pattern) fileOnly() bool     { return pt.toRank < 0 }

// coord is a file, a rank or a square as written.
type coord struct {
	file, rank int8
	at         [2]int
	upper      bool // the file was written in capitals
}

// buildPattern parses one reading of the tokens; ok is false when the
// reading is not algebraic.
func buildPattern(toks []tok) (pattern, bool) {
	r := patternReader{
		pt:         pattern{fromFile: -1, fromRank: -1, toFile: -1, toRank: -1, promoDecor: tkPiece, taken: NoPieceType},
		capBefore:  -1,
		dashBefore: -1,
	}
	for _, t := range toks {
		r.pt.tier += t.tier
	}
	i := 0
	if len(toks) > 0 && toks[0].kind == tkPiece {
		r.pt.piece = PieceType(toks[0].val)
		r.pt.pieceAt = [2]int{toks[0].off, toks[0].end}
		i++
	}
	i, ok := r.readSquares(toks, i)
	if !ok || !r.pt.readPromotion(toks, i) || !r.placeSquares() {
		return pattern{}, false
	}
	if r.pt.promo != NoPieceType && r.pt.fileOnly() {
		return pattern{}, false
	}
	// The slips are collected only now: most readings of a body fail.
	for _, t := range toks {
		if t.slip != "" {
			r.pt.slips = append(r.pt.slips, Finding{t.slip, t.off, t.end})
		}
	}
	if r.repeated {
		r.pt.slips = append(r.pt.slips, Finding{CodeExtraCharacters, r.repeatAt[0], r.repeatAt[1]})
	}
	return r.pt, true
}

// patternReader holds what buildPattern has read of a reading so far.
type patternReader struct {
	pt     pattern
	coords [3]coord
	nc     int // coordinates read
	// where the capture sign and the dash stand: before coordinate k
	capBefore, dashBefore int
	repeated              bool // the piece letter written again ("Sg1-Sf3")
	repeatAt              [2]int
}

// readSquares reads the tokens from i that come before a promotion:
// coordinates, capture signs, a dash, the piece taken and the piece letter
// written again. It returns where the promotion starts; ok is false when
// the tokens cannot name a move.
func (r *patternReader) readSquares(toks []tok, i int) (next int, ok bool) {
	for ; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tkFile, tkRank:
			if r.nc == len(r.coords) {
				return i, false
			}
			i = r.readCoord(toks, i)
		case tkCapture:
			r.pt.captures++
			r.pt.captureSign = t.sign
			r.pt.captureAt = [2]int{t.off, t.end}
			r.capBefore = r.nc
		case tkDash:
			if r.dashBefore >= 0 {
				return i, false
			}
			r.dashBefore = r.nc
			r.pt.dashAt = [2]int{t.off, t.end}
		case tkPiece:
			if !r.readInnerPiece(toks, i) {
				return i, true
			}
		default:
			return i, true
		}
	}
	return i, true
}

// readCoord reads the coordinate at i: a file with the rank after it, a
// file alone or a rank alone. It returns the index of its last token.
func (r *patternReader) readCoord(toks []tok, i int) int {
	t := toks[i]
	c := coord{file: -1, rank: t.val, at: [2]int{t.off, t.end}}
	if t.kind == tkFile {
		c = coord{file: t.val, rank: -1, at: [2]int{t.off, t.end}, upper: t.slip == CodeUppercaseSquare}
		if i+1 < len(toks) && toks[i+1].kind == tkRank {
			i++
			c.rank, c.at[1] = toks[i].val, toks[i].end
		}
	}
	r.coords[r.nc] = c
	r.nc++
	return i
}

// readInnerPiece reads a piece letter at i among the squares; it reports
// false when the letter is not one of them (a promotion piece, or nothing
// that names a move).
func (r *patternReader) readInnerPiece(toks []tok, i int) bool {
	t, pt := toks[i], &r.pt
	// The piece taken, named after the capture sign and before the
	// destination square: "BxNc6", "LxSc6". Players write it; Appendix C
	// does not. It must be the piece that stands there.
	if pt.taken == NoPieceType && i > 0 && toks[i-1].kind == tkCapture &&
		squareFollows(toks, i) && PieceType(t.val) != King {
		pt.taken, pt.takenAt = PieceType(t.val), [2]int{t.off, t.end}
		pt.tier++
		return true
	}
	// The piece letter written again before the destination square:
	// "Sg1-Sf3". Only before a whole square: in "BeBd" (a pawn letter,
	// files e and d) nothing names a move.
	if t.val != int8(pt.piece) || pt.piece == NoPieceType || r.repeated || !squareFollows(toks, i) {
		return false
	}
	r.repeated, r.repeatAt = true, [2]int{t.off, t.end}
	pt.tier++
	return true
}

// squareFollows reports whether a whole square (a file and a rank) comes
// right after token i.
func squareFollows(toks []tok, i int) bool {
	return i+2 < len(toks) && toks[i+1].kind == tkFile && toks[i+2].kind == tkRank
}

// readPromotion reads the promotion that ends the tokens from i, if any:
// a piece letter, bare, after "=" or "/", or in brackets. It reports false
// when anything else is written there.
func (pt *pattern) readPromotion(toks []tok, i int) bool {
	n := len(toks)
	if i == n {
		return true
	}
	decor := toks[i].kind
	if decor == tkEquals || decor == tkOpen || decor == tkSlash {
		i++
	} else {
		decor = tkPiece
	}
	if i >= n || toks[i].kind != tkPiece {
		return false
	}
	pt.promo, pt.promoDecor = PieceType(toks[i].val), decor
	pt.promoAt = [2]int{toks[i].off, toks[i].end}
	if decor != tkPiece {
		pt.promoAt[0] = toks[i-1].off
	}
	i++
	if decor == tkOpen {
		if i >= n || toks[i].kind != tkClose {
			return false
		}
		pt.promoAt[1] = toks[i].end
		i++
	}
	return i == n && pt.promo != Pawn && pt.promo != King
}

// placeSquares makes the coordinates read the destination, or the origin
// and the destination; it reports false when they name no move.
func (r *patternReader) placeSquares() bool {
	switch r.nc {
	case 1:
		return r.placeDestination()
	case 2:
		return r.placeOriginAndDestination()
	}
	return false
}

// placeDestination places a lone coordinate: it must be a whole square.
func (r *patternReader) placeDestination() bool {
	c, pt := r.coords[0], &r.pt
	if c.file < 0 || c.rank < 0 {
		return false
	}
	pt.toFile, pt.toRank, pt.toAt = c.file, c.rank, c.at
	pt.captureAfter = r.capBefore == 1
	pt.dashMisplaced = r.dashBefore >= 0
	return true
}

// placeOriginAndDestination places two coordinates: what the origin says
// of the piece moved, then the destination square, or a file alone for a
// pawn capture ("ed").
func (r *patternReader) placeOriginAndDestination() bool {
	from, to, pt := r.coords[0], r.coords[1], &r.pt
	switch {
	case to.file >= 0 && to.rank >= 0:
		pt.toFile, pt.toRank, pt.toAt = to.file, to.rank, to.at
	case to.file >= 0 && from.file >= 0 && from.rank < 0 && to.rank < 0:
		// "ed", "dxe": a pawn capture named by files alone.
		if pt.piece != NoPieceType && pt.piece != Pawn {
			return false
		}
		pt.toFile, pt.toAt = to.file, to.at
	default:
		return false
	}
	if pt.piece == NoPieceType && from.upper && from.rank < 0 && from.file == to.file {
		// "Dd4" is no d-pawn written twice: a capital before a square
		// on its own file is a piece letter or nothing.
		return false
	}
	pt.fromFile, pt.fromRank, pt.originAt = from.file, from.rank, from.at
	pt.captureAfter = r.capBefore == 2
	if r.capBefore == 0 {
		return false // "xe2e4": a sign before the origin
	}
	// A dash belongs between a full origin square and the destination.
	pt.dashMisplaced = r.dashBefore >= 0 && (r.dashBefore != 1 || !pt.originSquare())
	return true
}

// matches reports whether legal move m of p fits the pattern. With
// anyOrigin the written origin is ignored (to find what a wrong origin
// could have meant). promoMissing is set when m is a promotion the pattern
// does not name.
func (pt *pattern) matches(p *Position, m Move, anyOrigin bool) (ok, promoMissing, asCastle bool) {
	from, to := m.From(), m.To()
	if m.Kind() == Castle {
		ok := pt.matchesCastle(from, to, anyOrigin)
		return ok, false, ok
	}
	moved := p.board[from].Type()
	if !pt.pieceFits(moved, anyOrigin) || int8(to.File()) != pt.toFile {
		return false, false, false
	}
	if pt.fileOnly() {
		if moved != Pawn || !p.IsCapture(m) {
			return false, false, false
		}
	} else if int8(to.Rank()) != pt.toRank {
		return false, false, false
	}
	if (!anyOrigin && !pt.originFits(from)) || !pt.takenFits(p, m) {
		return false, false, false
	}
	if pr := m.Promotion(); pr != NoPieceType {
		if pt.promo == NoPieceType {
			return pr == Queen, true, false
		}
		return pr == pt.promo, false, false
	}
	return pt.promo == NoPieceType, false, false
}

// matchesCastle reports whether the pattern names castling, its king's
// move from from to to: "Kg1", the king's two-square move written as a
// king move, or its squares alone ("e1g1", as g1f3 names the knight).
func (pt *pattern) matchesCastle(from, to Square, anyOrigin bool) bool {
	byKing := pt.piece == King || (pt.piece == NoPieceType && pt.originSquare() && !anyOrigin)
	if !byKing || int8(to.File()) != pt.toFile || int8(to.Rank()) != pt.toRank {
		return false
	}
	return anyOrigin || pt.originFits(from)
}

// pieceFits reports whether the piece moved is the one the pattern names:
// its letter, its square ("g1f3": coordinates name the piece by its
// square), or a pawn when it names none.
func (pt *pattern) pieceFits(moved PieceType, anyOrigin bool) bool {
	switch {
	case pt.piece != NoPieceType:
		return moved == pt.piece
	case pt.originSquare() && !anyOrigin:
		return true
	}
	return moved == Pawn
}

// takenFits reports whether m takes the piece the pattern names as taken
// ("BxNc5"), when it names one.
func (pt *pattern) takenFits(p *Position, m Move) bool {
	if pt.taken == NoPieceType {
		return true
	}
	taken := p.board[m.To()].Type()
	if m.Kind() == EnPassant {
		taken = Pawn
	}
	return p.IsCapture(m) && taken == pt.taken
}

func (pt *pattern) originFits(from Square) bool {
	return (pt.fromFile < 0 || int8(from.File()) == pt.fromFile) &&
		(pt.fromRank < 0 || int8(from.Rank()) == pt.fromRank)
}
