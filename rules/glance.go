package rules

import "slices"

// A move's worth at a glance: material and where the pieces stand once
// the captures that the move invites have run their course (a quiescence
// search over captures and promotions, no quiet move looked at), scored
// with the piece-square tables of Tomasz Michniewski's "Simplified
// Evaluation Function" (chessprogramming.org), middlegame king. No
// engine: a sensible reader's sense of which of two moves a player was
// likelier to play (a6 beside a5 where nothing later tells them apart).
// The reconciler uses it to take one copy's writing over a look-alike
// that is clearly the worse move (issue 32); never a judgement of the
// rules.

// placement is each piece type's bonus, in centipawns, on each square
// from White's side (index 0 is a1, 63 is h8); Black's read mirrored.
var placement = [...][64]int16{
	Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, -20, -20, 10, 10, 5,
		5, -5, -10, 0, 0, -10, -5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, 5, 10, 25, 25, 10, 5, 5,
		10, 10, 20, 30, 30, 20, 10, 10,
		50, 50, 50, 50, 50, 50, 50, 50,
		0, 0, 0, 0, 0, 0, 0, 0},
	Knight: {
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50},
	Bishop: {
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-20, -10, -10, -10, -10, -10, -10, -20},
	Rook: {
		0, 0, 0, 5, 5, 0, 0, 0,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		5, 10, 10, 10, 10, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0},
	Queen: {
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-10, 5, 5, 5, 5, 5, 0, -10,
		0, 0, 5, 5, 5, 5, 0, -5,
		-5, 0, 5, 5, 5, 5, 0, -5,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20},
	King: {
		20, 30, 10, 0, 0, 10, 30, 20,
		20, 20, 0, 0, 0, 0, 20, 20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30},
}

// glanceDepth bounds the captures followed after a move: enough for
// the exchanges a reader sees at once. glanceNodes bounds the positions
// looked at, whatever the position (a board full of queens): past it
// each position counts as it stands. Over every legal move of the noise
// benchmark's games a glance looks at a few dozen positions.
const (
	glanceDepth = 6
	glanceNodes = 20000
)

// mateValue scores a side mated, beyond any material.
const mateValue = 30000

// Glance returns what the mover of m keeps at a glance, in centipawns:
// material plus placement (the piece-square tables above) for the mover
// less the opponent's, once the opponent, to move after m, has taken
// whatever it profits it to take, and so on (captures and promotions
// only, each side free to stop). Mating scores mateValue, a stalemate 0.
// Two moves' Glance compare which a player more likely chose: 1.e4 (40)
// beside 1.c4 (-10); 1...a6 (-40 after 1.e4) beside 1...a5 (-45).
func (p *Position) Glance(m Move) int {
	budget := glanceNodes
	return -p.Play(m).settle(-mateValue-1, mateValue+1, glanceDepth, &budget)
}

// settle is the side to move's score once the captures run their course
// (alpha-beta over captures and promotions, standing pat allowed except
// in check, where every move is looked at), budget positions at most.
func (p *Position) settle(alpha, beta, depth int, budget *int) int {
	*budget--
	moves := p.LegalMoves()
	check := p.InCheck()
	if len(moves) == 0 {
		if check {
			return -mateValue
		}
		return 0
	}
	stand := p.worth()
	if depth == 0 || *budget <= 0 {
		return stand
	}
	if !check {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
	}
	for _, m := range p.forcing(moves, check) {
		v := -p.Play(m).settle(-beta, -alpha, depth-1, budget)
		if v >= beta {
			return v
		}
		alpha = max(alpha, v)
	}
	return alpha
}

// forcing returns the moves settle follows, the likeliest to cut first:
// every move in check, else captures and promotions; the dearest piece
// taken first, by the cheapest taker (most valuable victim, least
// valuable attacker), which keeps the search small.
func (p *Position) forcing(moves []Move, check bool) []Move {
	out := moves[:0:0]
	for _, m := range moves {
		if check || p.IsCapture(m) || m.Promotion() != NoPieceType {
			out = append(out, m)
		}
	}
	gain := func(m Move) int {
		victim := pieceValues[p.board[m.To()].Type()]
		if m.Kind() == EnPassant {
			victim = pieceValues[Pawn]
		}
		return 16*victim - pieceValues[p.board[m.From()].Type()]/16
	}
	slices.SortStableFunc(out, func(a, b Move) int { return gain(b) - gain(a) })
	return out
}

// worth is the side to move's material and placement less the other
// side's (the king's material not counted).
func (p *Position) worth() int {
	score := 0
	for occ := p.Occupied(); occ != 0; {
		s := occ.pop()
		pc := p.board[s]
		t := pc.Type()
		i := int(s)
		if pc.Color() == Black {
			i = int(NewSquare(s.File(), 7-s.Rank()))
		}
		v := int(placement[t][i])
		if t != King {
			v += pieceValues[t]
		}
		if pc.Color() != p.turn {
			v = -v
		}
		score += v
	}
	return score
}
