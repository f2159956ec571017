package trf

import "sort"

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

// Result is the PGN result the two result columns say: "1-0", "0-1",
// "1/2-1/2", or "" when the game has none yet or none PGN can hold (a
// double forfeit).
func (p Pairing) Result() string {
	return pgnResult(upper(p.WhiteResult), upper(p.BlackResult))
}

func pgnResult(w, b byte) string {
	win, draw, loss := "1+W", "=D", "0-L"
	in := func(set string, c byte) bool {
		for i := range len(set) {
			if set[i] == c {
				return true
			}
		}
		return false
	}
	switch {
	case in(win, w) && in(loss, b):
		return "1-0"
	case in(loss, w) && in(win, b):
		return "0-1"
	case in(draw, w) && in(draw, b):
		return "1/2-1/2"
	}
	return ""
}

// Bye is a player of a round with no opponent: a bye or an absence, with
// its result code as written (H, F, U, Z, or ' ').
type Bye struct {
	Round  int
	Player *Player
	Result byte
}

// Scores returns each player's points (by starting rank) from the rounds
// before round r, under the default scoring (win 1, draw 0.5, as the
// pairing programs' default; XXS and 162 lines are not read).
func (f *File) Scores(r int) map[int]float64 {
	scores := map[int]float64{}
	for _, p := range f.Players {
		scores[p.Rank] = p.before(r)
	}
	return scores
}

// before returns the player's points from the rounds before round r,
// from sums built once (SetResult drops them).
func (p *Player) before(r int) float64 {
	if p.sums == nil {
		p.sums = make([]float64, len(p.Rounds)+1)
		for i, b := range p.Rounds {
			p.sums[i+1] = p.sums[i] + b.Points()
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
	key := func(p Pairing) (hi, sum float64, rank int) {
		w, b := p.White.before(r), p.Black.before(r)
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
