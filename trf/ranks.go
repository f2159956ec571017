package trf

import (
	"fmt"
	"sort"
	"strings"
)

// RanksWritten says how SetRanks ranked the players: after which round
// (the last with a result; 0 when no round has one and nothing was
// written), with which tie-breaks (the file's 202 codes computed, in its
// order), the 202 codes it does not compute (left out), and how many
// players' rank columns changed.
type RanksWritten struct {
	Round     int
	TieBreaks []string
	Unknown   []string
	Changed   int
}

// TieBreaksDefault is what RanksWritten.TieBreaks holds when the file
// names none (no 202 line): points, then the starting rank.
var TieBreaksDefault = []string{"PTS", "RANK"}

// SetRanks writes each player's rank (columns 86-89) in the standings
// after the last round with a result: points under the file's point
// system, then the tie-breaks the file's 202 line names (TRF26: FIDE
// C.07 codes, comma-separated) that this package computes (tieBreaks),
// then the starting rank. A rank that already says that number is left
// as written.
func (f *File) SetRanks() RanksWritten {
	var done RanksWritten
	last := f.lastResultRound()
	if last == 0 {
		return done
	}
	done.Round = last
	named := f.tieBreakCodes()
	var tbs []tieBreak
	for _, code := range named {
		if tb, ok := parseTieBreak(code); ok {
			tbs = append(tbs, tb)
			done.TieBreaks = append(done.TieBreaks, code)
		} else {
			done.Unknown = append(done.Unknown, code)
		}
	}
	if len(named) == 0 {
		done.TieBreaks = TieBreaksDefault
	}
	st := f.standings(last)
	type row struct {
		p      *Player
		points float64
		tbs    []float64
	}
	rows := make([]row, len(f.Players))
	for i, p := range f.Players {
		rows[i] = row{p: p, points: st.score(p)}
		for _, tb := range tbs {
			rows[i].tbs = append(rows[i].tbs, tb.value(st, p))
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.points != b.points {
			return a.points > b.points
		}
		for k := range a.tbs {
			if a.tbs[k] != b.tbs[k] {
				return a.tbs[k] > b.tbs[k]
			}
		}
		return a.p.Rank < b.p.Rank
	})
	for i, r := range rows {
		if r.p.setPlace(i + 1) {
			done.Changed++
		}
	}
	return done
}

// lastResultRound is the last round in which a pairing has a result (0
// for none).
func (f *File) lastResultRound() int {
	n := 0
	for _, p := range f.Players {
		for _, b := range p.Rounds {
			if b.Played() && b.Result != ' ' {
				n = max(n, b.Round)
			}
		}
	}
	return n
}

// tieBreakCodes returns the codes of the file's 202 lines, upper case, in
// order ("BH-C1", "SB"); a blank or comma separates them.
func (f *File) tieBreakCodes() []string {
	var codes []string
	for _, l := range f.Lines {
		if l.Field(1, 3) != "202" {
			continue
		}
		for _, c := range strings.FieldsFunc(l.Rest(5), func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
			if c = strings.ToUpper(c); c != "PTS" {
				codes = append(codes, c)
			}
		}
	}
	return codes
}

// setPlace writes rank n into columns 86-89; false when they say it.
func (p *Player) setPlace(n int) bool {
	text := fmt.Sprintf("%4d", n)
	if p.Place == fmt.Sprint(n) || len(text) > 4 {
		return false
	}
	for i := range 4 {
		p.Line.set(86+i, text[i])
	}
	p.Place = fmt.Sprint(n)
	return true
}
