package trf

import (
	"sort"

	"scoresheet/sheet"
)

// Pairing is one board of a round: White is the player whose block says
// 'w'. Its results are the two blocks' result columns as written.
type Pairing struct {
	Round, Board             int
	White, Black             *Player
	WhiteResult, BlackResult byte
}

// Forfeit says the game was not played: a forfeit win or loss on either
// side.
func (p Pairing) Forfeit() bool {
	w, _ := p.White.Block(p.Round)
	b, _ := p.Black.Block(p.Round)
	return w.Forfeit() || b.Forfeit()
}

// Result is the result the two result columns say (sheet.Result: a
// game, a forfeit +/-, -/+, -/-), or "" when they say none: the game is
// not played yet, or the two columns do not fit together (Conflict).
func (p Pairing) Result() sheet.Result {
	r, _ := pairResult(p.WhiteResult, p.BlackResult)
	return r
}

// Conflict says the two result columns are written but give no result
// together: both players claim a win, one column is blank, a draw
// against a loss. The import tells the arbiter (NoteConflict) and the
// board's checks say it until a result is entered.
func (p Pairing) Conflict() bool {
	_, ok := pairResult(p.WhiteResult, p.BlackResult)
	return !ok
}

// outcome is what one block's result column says its player got.
type outcome int

const (
	outNone outcome = iota // blank: not played yet
	outWin
	outDraw
	outLoss
	outForfeitWin
	outForfeitLoss
	outOther // a bye's code on a pairing
)

func outcomeOf(c byte) outcome {
	switch upper(c) {
	case ' ':
		return outNone
	case '1', 'W':
		return outWin
	case '=', 'D':
		return outDraw
	case '0', 'L':
		return outLoss
	case '+':
		return outForfeitWin
	case '-':
		return outForfeitLoss
	}
	return outOther
}

// pairResult reads White's and Black's result columns as one result; ok
// is false when they do not fit together. A forfeit on either side
// makes the result a forfeit ("+" against "0" is +/-, "-" against "0"
// both lost).
func pairResult(wc, bc byte) (r sheet.Result, ok bool) {
	w, b := outcomeOf(wc), outcomeOf(bc)
	forfeit := w == outForfeitWin || w == outForfeitLoss || b == outForfeitWin || b == outForfeitLoss
	won := func(o outcome) bool { return o == outWin || o == outForfeitWin }
	lost := func(o outcome) bool { return o == outLoss || o == outForfeitLoss }
	switch {
	case w == outNone && b == outNone:
		return sheet.NoResult, true
	case w == outDraw && b == outDraw:
		return sheet.Drawn, true
	case won(w) && lost(b) && forfeit:
		return sheet.WhiteForfeitWin, true
	case lost(w) && won(b) && forfeit:
		return sheet.BlackForfeitWin, true
	case lost(w) && lost(b) && forfeit:
		return sheet.DoubleForfeit, true
	case w == outWin && b == outLoss:
		return sheet.WhiteWins, true
	case w == outLoss && b == outWin:
		return sheet.BlackWins, true
	}
	return sheet.NoResult, false
}

// Bye is a player of a round with no opponent: a bye or an absence, with
// its result code as written (H, F, U, Z, or ' ').
type Bye struct {
	Round  int
	Player *Player
	Result byte
}

// Scores returns each player's points (by starting rank) from the rounds
// before round r, under the file's scoring (Scoring).
func (f *File) Scores(r int) map[int]float64 {
	scores := map[int]float64{}
	for _, p := range f.Players {
		scores[p.Rank] = p.before(r, f.Scoring())
	}
	return scores
}

// before returns the player's points from the rounds before round r,
// from sums built once (SetResult drops them).
func (p *Player) before(r int, s Scoring) float64 {
	if p.sums == nil {
		p.sums = make([]float64, len(p.Rounds)+1)
		for i, b := range p.Rounds {
			p.sums[i+1] = p.sums[i] + s.Points(b)
		}
	}
	return p.sums[min(max(r-1, 0), len(p.Rounds))]
}

// Round returns the boards of round r, numbered as pairing programs
// number them (C.04.2: the pair's higher score first, then the pair's
// total score, then the higher-ranked player, i.e. the lower starting
// rank), and its byes by starting rank.
func (f *File) Round(r int) ([]Pairing, []Bye) {
	var pairs []Pairing
	var byes []Bye
	for _, p := range f.Players {
		b, ok := p.Block(r)
		switch {
		case !ok:
		case !b.Played():
			byes = append(byes, Bye{Round: r, Player: p, Result: b.Result})
		case b.Colour == 'w':
			o := f.byRank[b.Opponent]
			ob, _ := o.Block(r)
			pairs = append(pairs, Pairing{Round: r, White: p, Black: o, WhiteResult: b.Result, BlackResult: ob.Result})
		}
	}
	sys := f.Scoring()
	key := func(p Pairing) (hi, sum float64, rank int) {
		w, b := p.White.before(r, sys), p.Black.before(r, sys)
		return max(w, b), w + b, min(p.White.Rank, p.Black.Rank)
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		hi, sum, rank := key(pairs[i])
		hj, sj, rj := key(pairs[j])
		if hi != hj {
			return hi > hj
		}
		if sum != sj {
			return sum > sj
		}
		return rank < rj
	})
	for i := range pairs {
		pairs[i].Board = i + 1
	}
	sort.SliceStable(byes, func(i, j int) bool { return byes[i].Player.Rank < byes[j].Player.Rank })
	return pairs, byes
}
