package trf

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

// The tie-breaks SetRanks computes, by their FIDE C.07 (2023) code, read
// from rounds 1..last of the players' blocks under the file's point
// system. A participant's own unplayed round (a bye, an absence, a
// forfeit either way) counts, for BH and SB, as a game against a dummy
// opponent with the participant's own score (C.07 art. 16); opponents'
// scores are their points after round last.
//
//	BH     Buchholz: the opponents' scores; BH-C1.. cut the n lowest, BH-M1.. also the n highest
//	SB     Sonneborn-Berger: each opponent's score times the points got against him
//	WIN    rounds won: over the board, by forfeit, F and U byes
//	WON    games won over the board
//	BPG    games played over the board with Black
//	BWG    games won over the board with Black
//	PS     progressive scores: the sum of the scores after each round
//	ARO    the opponents' average rating (over the board), rounded
type tieBreak struct {
	cut, mid   int // BH's modifiers: -Cn cuts the n lowest, -Mn the n lowest and highest
	valueOfKey func(st *standings, p *Player) float64
}

// parseTieBreak reads a 202 code; ok is false for one not computed here.
func parseTieBreak(code string) (tieBreak, bool) {
	base, mod, modified := strings.Cut(strings.ReplaceAll(code, "/", "-"), "-")
	tb := tieBreak{}
	if modified {
		if base != "BH" || len(mod) < 2 || (mod[0] != 'C' && mod[0] != 'M') {
			return tb, false
		}
		n, err := strconv.Atoi(mod[1:])
		if err != nil || n < 1 || n > 99 {
			return tb, false
		}
		if mod[0] == 'C' {
			tb.cut = n
		} else {
			tb.cut, tb.mid = n, n
		}
	}
	switch base {
	case "BH":
		tb.valueOfKey = func(st *standings, p *Player) float64 { return st.buchholz(p, tb.cut, tb.mid) }
	case "SB":
		tb.valueOfKey = (*standings).sonneborn
	case "WIN":
		tb.valueOfKey = func(st *standings, p *Player) float64 { return st.count(p, wonRound) }
	case "WON":
		tb.valueOfKey = func(st *standings, p *Player) float64 { return st.count(p, wonGame) }
	case "BPG":
		tb.valueOfKey = func(st *standings, p *Player) float64 { return st.count(p, playedBlack) }
	case "BWG":
		tb.valueOfKey = func(st *standings, p *Player) float64 { return st.count(p, wonBlack) }
	case "PS":
		tb.valueOfKey = (*standings).progressive
	case "ARO":
		tb.valueOfKey = (*standings).averageRating
	default:
		return tb, false
	}
	return tb, true
}

func (tb tieBreak) value(st *standings, p *Player) float64 { return tb.valueOfKey(st, p) }

// standings are the players' scores after round last.
type standings struct {
	f    *File
	last int
	sys  Scoring
}

func (f *File) standings(last int) *standings {
	return &standings{f: f, last: last, sys: f.Scoring()}
}

// score is p's points after round last.
func (st *standings) score(p *Player) float64 { return p.before(st.last+1, st.sys) }

// blocks are p's blocks of rounds 1..last (an absence where he has none).
func (st *standings) blocks(p *Player) []Block {
	bs := make([]Block, st.last)
	for r := 1; r <= st.last; r++ {
		b, ok := p.Block(r)
		if !ok {
			b = Block{Round: r, Colour: '-', Result: ' '}
		}
		bs[r-1] = b
	}
	return bs
}

// overTheBoard says a block is a game played with a result.
func overTheBoard(b Block) bool { return b.Played() && !b.Forfeit() && b.Result != ' ' }

// opponentScore is the score counted for round b: the opponent's, or the
// player's own for a round he did not play.
func (st *standings) opponentScore(p *Player, b Block) float64 {
	if overTheBoard(b) {
		if o := st.f.byRank[b.Opponent]; o != nil {
			return st.score(o)
		}
	}
	return st.score(p)
}

func (st *standings) buchholz(p *Player, cut, mid int) float64 {
	var v []float64
	for _, b := range st.blocks(p) {
		v = append(v, st.opponentScore(p, b))
	}
	sort.Float64s(v)
	if cut+mid >= len(v) {
		return 0
	}
	sum := 0.0
	for _, x := range v[cut : len(v)-mid] {
		sum += x
	}
	return sum
}

func (st *standings) sonneborn(p *Player) float64 {
	sum := 0.0
	for _, b := range st.blocks(p) {
		sum += st.opponentScore(p, b) * st.sys.Points(b)
	}
	return sum
}

func (st *standings) progressive(p *Player) float64 {
	sum := 0.0
	for r := 1; r <= st.last; r++ {
		sum += p.before(r+1, st.sys)
	}
	return sum
}

func (st *standings) averageRating(p *Player) float64 {
	sum, n := 0, 0
	for _, b := range st.blocks(p) {
		if o := st.f.byRank[b.Opponent]; overTheBoard(b) && o != nil && o.Rating > 0 {
			sum, n = sum+o.Rating, n+1
		}
	}
	if n == 0 {
		return 0
	}
	return math.Round(float64(sum) / float64(n))
}

func (st *standings) count(p *Player, is func(Block) bool) float64 {
	n := 0
	for _, b := range st.blocks(p) {
		if is(b) {
			n++
		}
	}
	return float64(n)
}

func wonGame(b Block) bool     { return overTheBoard(b) && outcomeOf(b.Result) == outWin }
func playedBlack(b Block) bool { return overTheBoard(b) && b.Colour == 'b' }
func wonBlack(b Block) bool    { return wonGame(b) && b.Colour == 'b' }
func wonRound(b Block) bool {
	if b.Played() {
		o := outcomeOf(b.Result)
		return o == outWin || o == outForfeitWin
	}
	switch upper(b.Result) {
	case 'F', 'U', '1', 'W':
		return true
	}
	return false
}
