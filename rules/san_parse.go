package rules

// ParseSAN reads one move in Standard Algebraic Notation as the PGN
// import format allows it (PGN standard 8.2.3): English piece letters, the
// capture sign optional, "=" optional before a promotion piece, "0-0" for
// "O-O", and any trailing check marks and annotation glyphs. It is the fast
// path for whole PGN files: the origin is found from the destination by
// reverse attack lookup, so no move list is built. Anything it refuses is
// for the notation reader (ReadCell) to explain.
//
// It never accepts a move the text does not name: a wrong origin, a
// missing promotion piece, or two legal moves that fit are errors.
func (p *Position) ParseSAN(s string) (Move, error) {
	m, code := p.parseSAN(s)
	if code != "" {
		return NoMove, &SANError{Code: code, Text: s}
	}
	return m, nil
}

// SANError says why ParseSAN refused a move.
type SANError struct {
	Code Code   // CodeNotAlgebraic, CodeNoLegalMove, CodeAmbiguous, CodePromotionPieceMissing or CodeCaptureMarkWrong
	Text string // the text refused
}

func (e *SANError) Error() string { return string(e.Code) + ": " + e.Text }

func (p *Position) parseSAN(s string) (Move, Code) {
	s = trimGlyphs(s)
	if len(s) < 2 {
		return NoMove, CodeNotAlgebraic
	}
	switch s {
	case "O-O", "0-0":
		return p.sanCastle(castleRules[p.turn][0].kingTo)
	case "O-O-O", "0-0-0":
		return p.sanCastle(castleRules[p.turn][1].kingTo)
	}
	s, promo, ok := cutPromotion(s)
	n := len(s)
	if !ok || n < 2 {
		return NoMove, CodeNotAlgebraic
	}
	tf, tr := s[n-2], s[n-1]
	if tf < 'a' || tf > 'h' || tr < '1' || tr > '8' {
		return NoMove, CodeNotAlgebraic
	}
	to := NewSquare(int(tf-'a'), int(tr-'1'))
	head := s[:n-2]
	captureMark := len(head) > 0 && head[len(head)-1] == 'x'
	if captureMark {
		head = head[:len(head)-1]
	}
	piece, fromMask, given, ok := sanOrigin(head)
	switch {
	case !ok:
		return NoMove, CodeNotAlgebraic
	case piece == Pawn:
		return p.sanPawn(to, fromMask, given, promo)
	case promo != NoPieceType:
		return NoMove, CodeNotAlgebraic
	case captureMark && !p.byColor[p.turn.Other()].Has(to):
		return NoMove, CodeCaptureMarkWrong
	}
	return p.sanPiece(piece, to, fromMask)
}

// trimGlyphs cuts the check marks and annotation glyphs off a move's end.
func trimGlyphs(s string) string {
	n := len(s)
	for n > 0 {
		switch s[n-1] {
		case '+', '#', '!', '?':
			n--
			continue
		}
		break
	}
	return s[:n]
}

// cutPromotion cuts the promotion piece off a move's end, "e8=Q" or
// "e8Q": it returns the rest and the piece (NoPieceType when there is
// none); ok is false for a king or pawn there.
func cutPromotion(s string) (rest string, promo PieceType, ok bool) {
	n := len(s)
	t := sanPiece(s[n-1])
	if t == NoPieceType {
		return s, NoPieceType, true
	}
	if t == King || t == Pawn {
		return s, NoPieceType, false
	}
	n--
	if n > 0 && s[n-1] == '=' {
		n--
	}
	return s[:n], t, true
}

// sanOrigin reads what comes before the destination square (the capture
// mark cut off): the piece letter, none for a pawn, and what disambiguates
// the origin: a file, a rank, or both. given says whether there was a
// file or rank; ok is false when the text does not read.
func sanOrigin(head string) (piece PieceType, fromMask Bitboard, given, ok bool) {
	piece = Pawn
	if len(head) > 0 && head[0] >= 'A' && head[0] <= 'Z' {
		piece = sanPiece(head[0])
		if piece == NoPieceType || piece == Pawn {
			return piece, 0, false, false
		}
		head = head[1:]
	}
	fromMask = ^Bitboard(0)
	for i := 0; i < len(head); i++ {
		c := head[i]
		switch {
		case c >= 'a' && c <= 'h':
			fromMask &= fileA << (c - 'a')
		case c >= '1' && c <= '8':
			fromMask &= rank1 << (8 * (c - '1'))
		default:
			return piece, 0, false, false
		}
	}
	return piece, fromMask, len(head) > 0, true
}

func sanPiece(c byte) PieceType {
	switch c {
	case 'N':
		return Knight
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'Q':
		return Queen
	case 'K':
		return King
	case 'P':
		return Pawn
	}
	return NoPieceType
}

func (p *Position) sanCastle(kingTo Square) (Move, Code) {
	us := p.turn
	for i := range castleRules[us] {
		r := &castleRules[us][i]
		if r.kingTo != kingTo {
			continue
		}
		occ := p.Occupied()
		them := us.Other()
		if p.castling&r.right == 0 || occ&r.empty != 0 || p.attackers(r.kingFrom, them, occ) != 0 ||
			p.attackers(r.safe[0], them, occ) != 0 || p.attackers(r.safe[1], them, occ) != 0 {
			return NoMove, CodeNoLegalMove
		}
		return newMove(r.kingFrom, r.kingTo, NoPieceType, Castle), ""
	}
	return NoMove, CodeNoLegalMove
}

// leavesKingSafe reports whether moving from -> to (capturing on capSq,
// which is to except en passant) leaves the mover's king unattacked.
func (p *Position) leavesKingSafe(from, to, capSq Square) bool {
	us := p.turn
	occ := (p.Occupied() &^ bb(from) &^ bb(capSq)) | bb(to)
	if p.board[from].Type() == King {
		return p.attackers(to, us.Other(), occ)&^bb(capSq) == 0
	}
	// The king stays: what attacks it afterwards is a pawn, knight or
	// king that already did, or a slider on one of its lines (on the
	// empty board) with nothing left between: fewer look-ups than
	// attackers' two magic ones, for the move of every ply of a file.
	ksq := p.King(us)
	them := p.byColor[us.Other()] &^ bb(capSq)
	if them&((pawnAttacks[us][ksq]&p.byType[Pawn])|(knightAttacks[ksq]&p.byType[Knight])|(kingAttacks[ksq]&p.byType[King])) != 0 {
		return false
	}
	snipers := them & ((rookRays[ksq] & (p.byType[Rook] | p.byType[Queen])) |
		(bishopRays[ksq] & (p.byType[Bishop] | p.byType[Queen])))
	for snipers != 0 {
		if between[ksq][snipers.pop()]&occ == 0 {
			return false
		}
	}
	return true
}

func (p *Position) sanPiece(piece PieceType, to Square, fromMask Bitboard) (Move, Code) {
	us := p.turn
	if p.byColor[us].Has(to) {
		return NoMove, CodeNoLegalMove
	}
	occ := p.Occupied()
	var from Bitboard
	switch piece {
	case Knight:
		from = knightAttacks[to]
	case Bishop:
		from = bishopAttacks(to, occ)
	case Rook:
		from = rookAttacks(to, occ)
	case Queen:
		from = queenAttacks(to, occ)
	case King:
		from = kingAttacks[to]
	}
	from &= p.Pieces(us, piece) & fromMask
	found := NoMove
	for from != 0 {
		f := from.pop()
		if !p.leavesKingSafe(f, to, to) {
			continue
		}
		if found != NoMove {
			return NoMove, CodeAmbiguous
		}
		found = newMove(f, to, NoPieceType, Normal)
	}
	if found == NoMove {
		return NoMove, CodeNoLegalMove
	}
	return found, ""
}

func (p *Position) sanPawn(to Square, fromMask Bitboard, capture bool, promo PieceType) (Move, Code) {
	us := p.turn
	up, last := Square(8), 7
	if us == Black {
		up, last = -8, 0
	}
	if (to.Rank() == last) != (promo != NoPieceType) {
		if promo == NoPieceType {
			return NoMove, CodePromotionPieceMissing
		}
		return NoMove, CodeNotAlgebraic
	}
	pawns := p.Pieces(us, Pawn)
	var from Square
	kind := Normal
	capSq := to
	if capture {
		// A file was written: a capture from that file, one rank behind.
		cands := pawnAttacks[us.Other()][to] & pawns & fromMask
		if cands == 0 || cands.more() {
			if cands.more() {
				return NoMove, CodeAmbiguous
			}
			return NoMove, CodeNoLegalMove
		}
		from = cands.First()
		switch {
		case p.byColor[us.Other()].Has(to):
		case to == p.ep && p.ep != NoSquare:
			kind, capSq = EnPassant, to-up
		default:
			return NoMove, CodeNoLegalMove
		}
	} else {
		if p.Occupied().Has(to) {
			return NoMove, CodeNoLegalMove
		}
		one := to - up
		switch {
		case one.Valid() && pawns.Has(one):
			from = one
		case one.Valid() && p.board[one] == NoPiece && (to.Rank() == 3 || to.Rank() == 4) &&
			(to - 2*up).Valid() && pawns.Has(to-2*up) && (to.Rank() == 3) == (us == White):
			from, kind = to-2*up, DoubleStep
		default:
			return NoMove, CodeNoLegalMove
		}
		if fromMask != ^Bitboard(0) && !fromMask.Has(from) {
			return NoMove, CodeNoLegalMove
		}
	}
	if !p.leavesKingSafe(from, to, capSq) {
		return NoMove, CodeNoLegalMove
	}
	return newMove(from, to, promo, kind), ""
}
