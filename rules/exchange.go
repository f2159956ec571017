package rules

// Static exchange: how much material a move wins or loses if both sides
// then take on its destination square in turn, the cheapest piece first,
// each stopping when taking on would lose. No search, no engine: a
// sensible reader's first glance at whether a move puts material where it
// can be taken. The reconciler uses it to tell which of two look-alike
// readings a player was likelier to play (issue 32); it is a guess about
// players, never a judgement of the rules.

// pieceValues are the usual material values in centipawns, indexed by
// PieceType; the king's stands for "cannot be given".
var pieceValues = [...]int{NoPieceType: 0, Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 900, King: 20000}

// PieceValue returns the material value of t in centipawns (a pawn is 100).
func PieceValue(t PieceType) int { return pieceValues[t] }

// Exchange returns the material, in centipawns, that the mover of m wins
// (positive) or loses (negative) once the captures on m's destination
// have run their course: what m takes, minus what the opponent then takes
// there, and so on, each side taking with its cheapest attacker and free
// to stop. Pieces behind a taker (a rook behind a rook) join as the one in
// front goes. A king that takes a defended piece is taken: its value
// keeps it out of such exchanges. Pins are not looked at. Castling
// exchanges nothing: 0.
func (p *Position) Exchange(m Move) int {
	if m.Kind() == Castle {
		return 0
	}
	from, to := m.From(), m.To()
	occ := p.Occupied() &^ bb(from)
	var gain [32]int
	gain[0] = pieceValues[p.board[to].Type()]
	if m.Kind() == EnPassant {
		gain[0] = pieceValues[Pawn]
		occ &^= bb(NewSquare(to.File(), from.Rank()))
	}
	onSquare := p.board[from].Type()
	if pr := m.Promotion(); pr != NoPieceType {
		gain[0] += pieceValues[pr] - pieceValues[Pawn]
		onSquare = pr
	}
	side := p.board[from].Color().Other()
	d := 0
	for d+1 < len(gain) {
		att := (p.attackers(to, White, occ) | p.attackers(to, Black, occ)) & occ
		s, t := p.cheapest(att&p.byColor[side], side)
		if s == NoSquare {
			break
		}
		d++
		gain[d] = pieceValues[onSquare] - gain[d-1]
		occ &^= bb(s)
		onSquare, side = t, side.Other()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// cheapest returns the square and type of the least valuable of side's
// pieces in set; NoSquare where set is empty.
func (p *Position) cheapest(set Bitboard, side Color) (Square, PieceType) {
	for _, t := range PieceTypes {
		if b := set & p.Pieces(side, t); b != 0 {
			return b.First(), t
		}
	}
	return NoSquare, NoPieceType
}

// MoveBalance returns the material, in centipawns, that m wins in p at a
// glance: what it takes (and a promotion's gain), less the most the
// opponent can then win with one of its legal captures and the exchange
// on that square (Exchange). It is negative where m puts a piece where it
// can be taken for less (1.e4 e5 2.Nf3 d6 3.Ng5?? Qxg5), leaves one hanging, or
// takes a defended piece with a dearer one; 0 for a quiet move that leaves
// nothing to take. A move that mates or stalemates: what it takes.
func (p *Position) MoveBalance(m Move) int {
	won := 0
	switch {
	case m.Kind() == EnPassant:
		won = pieceValues[Pawn]
	case m.Kind() != Castle:
		won = pieceValues[p.board[m.To()].Type()]
	}
	if pr := m.Promotion(); pr != NoPieceType {
		won += pieceValues[pr] - pieceValues[Pawn]
	}
	q := p.Play(m)
	threat := 0
	for _, c := range q.LegalMoves() {
		if q.IsCapture(c) {
			threat = max(threat, q.Exchange(c))
		}
	}
	return won - threat
}
