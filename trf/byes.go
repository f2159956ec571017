package trf

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"scoresheet/rules"
)

// A bye or absence the arbiter enters before a round is paired (a player
// asks for a half-point bye, says he cannot come, withdraws) is kept in
// the event's TRF as TRF-26 says it, a 240 record:
//
//	240 H 003  026  047
//
// the kind at column 5 (F full-point, H half-point, Z zero-point bye),
// the round at 7-9, then the players' starting ranks, four columns each
// from column 11, one blank between them (bbpPairings reads exactly
// these columns). The player line's round block gets "0000 - H" when
// the round is the next one to pair (WriteRequests: JaVaFo and
// bbpPairings read the unpaired round's blocks as the absent), and keeps
// it once the round is paired (WithRound leaves a bye asked for alone):
// the 240 record and the block always say the same.

// The codes of a bye, withdrawal or late entry that cannot be taken.
const (
	CodeBadBye      Code = "trf-bad-bye"      // a 240 record that does not read (kind, round, ranks)
	CodeByePaired   Code = "trf-bye-paired"   // the round is paired already: enter the game's result (a forfeit) instead
	CodeByeRound    Code = "trf-bye-round"    // a round outside the event's rounds (or the event has no number of rounds)
	CodeByeKind     Code = "trf-bye-kind"     // a bye's kind is not H, Z or F
	CodeByePlayer   Code = "trf-bye-player"   // no player line has this starting rank
	CodePlayerField Code = "trf-player-field" // a late entry's field does not fit its columns
)

// Request is a bye or absence asked for: the kind (H, F or Z), the round
// and the player's starting rank.
type Request struct {
	Kind  byte
	Round int
	Rank  int
}

// ByeKinds are the kinds of bye an arbiter enters before the pairing.
const ByeKinds = "HZF"

// Requests returns the byes of the file's 240 records, by round then
// starting rank. A record that does not read is an *Error at its line.
func (f *File) Requests() ([]Request, error) {
	var out []Request
	for _, l := range f.Lines {
		if l.Field(1, 3) != "240" {
			continue
		}
		rs, err := parse240(l)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	sortRequests(out)
	return out, nil
}

// parse240 reads one 240 record.
func parse240(l *Line) ([]Request, error) {
	kind := l.Field(5, 5)
	if len(kind) != 1 || !strings.Contains(ByeKinds, strings.ToUpper(kind)) || l.Field(4, 4) != " " || l.Field(6, 6) != " " {
		return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeBadBye, Text: l.Field(1, 10)}
	}
	round, err := strconv.Atoi(l.Trimmed(7, 9))
	if err != nil || round < 1 {
		return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: 7}, Code: CodeBadBye, Text: l.Field(7, 9)}
	}
	var out []Request
	for col := 11; col <= l.Width(); col += 5 {
		field := l.Trimmed(col, col+3)
		if field == "" {
			continue
		}
		rank, err := strconv.Atoi(field)
		if err != nil || rank < 1 || rank > MaxPlayers || (col > 11 && l.Field(col-1, col-1) != " ") {
			return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeBadBye, Text: l.Field(col, col+3)}
		}
		out = append(out, Request{Kind: upper(kind[0]), Round: round, Rank: rank})
	}
	return out, nil
}

func sortRequests(rs []Request) {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Round != rs[j].Round {
			return rs[i].Round < rs[j].Round
		}
		return rs[i].Rank < rs[j].Rank
	})
}

// Requested returns the kind of bye the player of starting rank rank
// asked for in round r (a 240 record), or 0.
func (f *File) Requested(rank, r int) byte {
	rs, _ := f.Requests()
	for _, q := range rs {
		if q.Rank == rank && q.Round == r {
			return q.Kind
		}
	}
	return 0
}

// SetRequest records that the player of starting rank rank asks for a
// bye of kind (H, Z, F) in round r, replacing what he asked for that
// round; kind 0 takes the request back. r must be a round still to pair
// (after PairedRounds) and within rounds (the event's number, which must
// be known). The 240 records are written again, one a kind and round,
// where the first one was (else after the last player line).
func (f *File) SetRequest(rank, r, rounds int, kind byte) error {
	switch {
	case kind != 0 && !strings.ContainsRune(ByeKinds, rune(kind)):
		return &Error{Code: CodeByeKind, Text: string(rune(kind))}
	case f.byRank[rank] == nil:
		return &Error{Code: CodeByePlayer, Text: strconv.Itoa(rank)}
	case r < 1 || rounds < 1 || r > rounds:
		return &Error{Code: CodeByeRound, Text: strconv.Itoa(r)}
	case r <= f.PairedRounds():
		return &Error{Code: CodeByePaired, Text: strconv.Itoa(r)}
	}
	rs, err := f.Requests()
	if err != nil {
		return err
	}
	kept := rs[:0]
	for _, q := range rs {
		if q.Rank != rank || q.Round != r {
			kept = append(kept, q)
		}
	}
	if kind != 0 {
		kept = append(kept, Request{Kind: kind, Round: r, Rank: rank})
	}
	sortRequests(kept)
	f.write240(kept)
	return nil
}

// write240 replaces the file's 240 records by rs.
func (f *File) write240(rs []Request) {
	at := -1
	kept := f.Lines[:0:0]
	for _, l := range f.Lines {
		if l.Field(1, 3) == "240" {
			if at < 0 {
				at = len(kept)
			}
			continue
		}
		kept = append(kept, l)
	}
	if at < 0 {
		at = f.afterPlayers(kept)
	}
	eol := f.eol()
	var lines []*Line
	for _, group := range group240(rs) {
		text := fmt.Sprintf("240 %c %03d", group[0].Kind, group[0].Round)
		for _, q := range group {
			text += fmt.Sprintf(" %4d", q.Rank)
		}
		lines = append(lines, &Line{Text: []byte(text), EOL: eol, utf8: true})
	}
	if at == len(kept) && at > 0 && len(kept[at-1].EOL) == 0 {
		kept[at-1].EOL = eol
		if len(lines) > 0 {
			lines[len(lines)-1].EOL = nil // the file ended without a line end: so it does
		}
	}
	f.Lines = append(kept[:at:at], append(lines, kept[at:]...)...)
}

// group240 cuts requests (by round, then rank) into one record each
// kind and round, at most 16 players a line.
func group240(rs []Request) [][]Request {
	var out [][]Request
	byKey := map[[2]int]int{}
	for _, q := range rs {
		key := [2]int{q.Round, int(q.Kind)}
		i, ok := byKey[key]
		if !ok || len(out[i]) == 16 {
			out = append(out, nil)
			i = len(out) - 1
			byKey[key] = i
		}
		out[i] = append(out[i], q)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i][0].Round != out[j][0].Round {
			return out[i][0].Round < out[j][0].Round
		}
		return out[i][0].Kind < out[j][0].Kind
	})
	return out
}

// afterPlayers is the index in lines after the last player line (the
// end when there is none).
func (f *File) afterPlayers(lines []*Line) int {
	at := len(lines)
	for i, l := range lines {
		if l.Field(1, 3) == "001" {
			at = i + 1
		}
	}
	return at
}

// eol is the file's line end: its first line's ("\r" for a TRF-26 file
// that ends its lines so), "\n" when it has none.
func (f *File) eol() []byte {
	for _, l := range f.Lines {
		if len(l.EOL) > 0 {
			return l.EOL
		}
	}
	return []byte("\n")
}

// WriteRequests writes the byes asked for in round r (240 records) into
// the players' round blocks, "0000 - H", where the player is not paired
// in round r: the block of the round to pair is what JaVaFo and
// bbpPairings read as the absent. It returns how many blocks changed.
func (f *File) WriteRequests(r int) (int, error) {
	rs, err := f.Requests()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, q := range rs {
		p := f.byRank[q.Rank]
		if q.Round != r || p == nil {
			continue
		}
		b, ok := p.Block(r)
		if ok && (b.Played() || upper(b.Result) == q.Kind) {
			continue
		}
		p.writeBlock(r, 0, '-', q.Kind)
		p.setBlock(r, Block{Round: r, Col: 92 + 10*(r-1), Colour: '-', Result: q.Kind})
		n++
	}
	return n, nil
}

// setBlock keeps the block read for round r after writeBlock wrote it.
// Rounds before it that the line did not reach are blank: absent.
func (p *Player) setBlock(r int, b Block) {
	for len(p.Rounds) < r-1 {
		i := len(p.Rounds) + 1
		p.Rounds = append(p.Rounds, Block{Round: i, Col: 92 + 10*(i-1), Colour: '-', Result: ' '})
	}
	if len(p.Rounds) < r {
		p.Rounds = append(p.Rounds, b)
	} else {
		p.Rounds[r-1] = b
	}
	p.sums = nil
}

// requestsOf returns the byes asked for in round r by starting rank.
func (f *File) requestsOf(r int) (map[int]byte, error) {
	rs, err := f.Requests()
	asked := map[int]byte{}
	for _, q := range rs {
		if q.Round == r {
			asked[q.Rank] = q.Kind
		}
	}
	return asked, err
}
