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
func buildPattern(toks []tok) (pt pattern, ok bool) {
	pt = pattern{fromFile: -1, fromRank: -1, toFile: -1, toRank: -1, promoDecor: tkPiece, taken: NoPieceType}
	for _, t := range toks {
		pt.tier += t.tier
	}
	i, n := 0, len(toks)
	if n > 0 && toks[0].kind == tkPiece {
		pt.piece = PieceType(toks[0].val)
		pt.pieceAt = [2]int{toks[0].off, toks[0].end}
		i++
	}
	var coords [3]coord
	nc := 0
	// where each capture sign or dash stands: before coordinate k
	capBefore, dashBefore := -1, -1
	repeated := false
	var repeatAt [2]int
	for ; i < n; i++ {
		t := toks[i]
		switch t.kind {
		case tkFile:
			if nc == len(coords) {
				return pt, false
			}
			c := coord{file: t.val, rank: -1, at: [2]int{t.off, t.end}, upper: t.slip == CodeUppercaseSquare}
			if i+1 < n && toks[i+1].kind == tkRank {
				i++
				c.rank, c.at[1] = toks[i].val, toks[i].end
			}
			coords[nc] = c
			nc++
		case tkRank:
			if nc == len(coords) {
				return pt, false
			}
			coords[nc] = coord{file: -1, rank: t.val, at: [2]int{t.off, t.end}}
			nc++
		case tkCapture:
			pt.captures++
			pt.captureSign = t.sign
			pt.captureAt = [2]int{t.off, t.end}
			capBefore = nc
		case tkDash:
			if dashBefore >= 0 {
				return pt, false
			}
			dashBefore = nc
			pt.dashAt = [2]int{t.off, t.end}
		case tkPiece:
			// The piece taken, named after the capture sign and before
			// the destination square: "BxNc6", "LxSc6". Players write it;
			// Appendix C does not. It must be the piece that stands there.
			if pt.taken == NoPieceType && i > 0 && toks[i-1].kind == tkCapture &&
				i+2 < n && toks[i+1].kind == tkFile && toks[i+2].kind == tkRank &&
				PieceType(t.val) != King {
				pt.taken, pt.takenAt = PieceType(t.val), [2]int{t.off, t.end}
				pt.tier++
				continue
			}
			// The piece letter written again before the destination
			// square: "Sg1-Sf3". Only before a whole square: in "BeBd" (a
			// pawn letter, files e and d) nothing names a move.
			if t.val != int8(pt.piece) || pt.piece == NoPieceType || repeated ||
				i+2 >= n || toks[i+1].kind != tkFile || toks[i+2].kind != tkRank {
				goto promotion
			}
			repeated, repeatAt = true, [2]int{t.off, t.end}
			pt.tier++
		default:
			goto promotion
		}
	}
promotion:
	if i < n {
		decor := toks[i].kind
		if decor == tkEquals || decor == tkOpen || decor == tkSlash {
			i++
		} else {
			decor = tkPiece
		}
		if i >= n || toks[i].kind != tkPiece {
			return pt, false
		}
		pt.promo, pt.promoDecor = PieceType(toks[i].val), decor
		pt.promoAt = [2]int{toks[i].off, toks[i].end}
		if decor != tkPiece {
			pt.promoAt[0] = toks[i-1].off
		}
		i++
		if decor == tkOpen {
			if i >= n || toks[i].kind != tkClose {
				return pt, false
			}
			pt.promoAt[1] = toks[i].end
			i++
		}
		if i != n || pt.promo == Pawn || pt.promo == King {
			return pt, false
		}
	}
	switch nc {
	case 1:
		c := coords[0]
		if c.file < 0 || c.rank < 0 {
			return pt, false
		}
		pt.toFile, pt.toRank, pt.toAt = c.file, c.rank, c.at
		pt.captureAfter = capBefore == 1
		pt.dashMisplaced = dashBefore >= 0
	case 2:
		from, to := coords[0], coords[1]
		switch {
		case to.file >= 0 && to.rank >= 0:
			pt.toFile, pt.toRank, pt.toAt = to.file, to.rank, to.at
		case to.file >= 0 && from.file >= 0 && from.rank < 0 && to.rank < 0:
			// "ed", "dxe": a pawn capture named by files alone.
			if pt.piece != NoPieceType && pt.piece != Pawn {
				return pt, false
			}
			pt.toFile, pt.toAt = to.file, to.at
		default:
			return pt, false
		}
		if pt.piece == NoPieceType && from.upper && from.rank < 0 && from.file == to.file {
			// "Dd4" is no d-pawn written twice: a capital before a square
			// on its own file is a piece letter or nothing.
			return pt, false
		}
		pt.fromFile, pt.fromRank, pt.originAt = from.file, from.rank, from.at
		pt.captureAfter = capBefore == 2
		if capBefore == 0 {
			return pt, false // "xe2e4": a sign before the origin
		}
		// A dash belongs between a full origin square and the destination.
		pt.dashMisplaced = dashBefore >= 0 && (dashBefore != 1 || !pt.originSquare())
	default:
		return pt, false
	}
	if pt.promo != NoPieceType && pt.fileOnly() {
		return pt, false
	}
	// The slips are collected only now: most readings of a body fail.
	for _, t := range toks {
		if t.slip != "" {
			pt.slips = append(pt.slips, Finding{t.slip, t.off, t.end})
		}
	}
	if repeated {
		pt.slips = append(pt.slips, Finding{CodeExtraCharacters, repeatAt[0], repeatAt[1]})
	}
	return pt, true
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
