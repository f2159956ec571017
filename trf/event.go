package trf

import (
	"strconv"
	"strings"
	"time"

	"scoresheet/sheet"
)

// Tags a TRF import sets on each board: the two players' starting ranks
// (how a board is found again when the next round's file is imported,
// and how its result is written back). The pairing program's result is
// sheet.TagPairingResult (or sheet.TagPairingConflict when its two
// blocks do not fit together).
const (
	TagWhite = "TRFWhite"
	TagBlack = "TRFBlack"
)

// EventFrom returns ev with the fields the file gives: name (012), site
// (022), start and end dates (042, 052, as PGN dates), time control (222,
// TRF26's encoded one; 122 is free text and stays in the file only), and
// the rounds (XXR or 142, at least the rounds present, never fewer than
// the event has) with their dates (132). Fields the file leaves
// blank, or gives in a form that does not read, stay as they were.
func EventFrom(f *File, ev sheet.Event) sheet.Event {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&ev.Name, f.Name)
	set(&ev.Site, f.City)
	set(&ev.StartDate, pgnDate(f.StartDate))
	set(&ev.EndDate, pgnDate(f.EndDate))
	// 122 is free text, often in minutes ("90+30"): read as FIDE style
	// it would say 90 seconds, so only TRF26's encoded 222 is taken.
	if _, err := sheet.ParseTimeControl(f.TimeEncoded); f.TimeEncoded != "" && err == nil {
		ev.TimeControl = f.TimeEncoded
	}
	// The rounds never shrink, and grow only to the file's rounds line
	// or its rounds played: a 132 line's dates past them are not rounds.
	n := max(f.Rounds, f.RoundsPresent(), len(ev.Rounds))
	dates := sheet.RoundDates(ev.Rounds, n)
	for i, d := range f.RoundDates[:min(n, len(f.RoundDates))] {
		set(&dates[i], pgnDate(d))
	}
	ev.Rounds = sheet.NumberedRounds(n, dates)
	return ev
}

// pgnDate returns a TRF date (YYYY/MM/DD, YY/MM/DD, or with '.' or '-')
// as a PGN date, or "" when it is none of these.
func pgnDate(s string) string {
	s = strings.NewReplacer("/", ".", "-", ".").Replace(strings.TrimSpace(s))
	for _, layout := range []string{"2006.01.02", "06.01.02"} {
		if t, err := time.Parse(layout, s); err == nil && len(s) == len(layout) {
			return t.Format("2006.01.02")
		}
	}
	return ""
}

// player returns a file's player as a board's side.
func player(p *Player) sheet.Player {
	return sheet.Player{Name: p.Name, FideID: p.FideID, Rating: p.Rating, Federation: p.Federation, Title: p.Title}
}

// Game returns the board of a pairing: players, result, the round's date
// and the tags that tie it to the file.
func (f *File) Game(p Pairing, ev sheet.Event) sheet.Game {
	g := sheet.Game{Round: p.Round, Board: p.Board, White: player(p.White), Black: player(p.Black),
		Result: p.Result(), Tags: map[string]string{TagWhite: strconv.Itoa(p.White.Rank), TagBlack: strconv.Itoa(p.Black.Rank)}}
	if g.Result != "" {
		g.Tags[sheet.TagPairingResult] = string(g.Result)
	}
	if p.Conflict() {
		g.Tags[sheet.TagPairingConflict] = string([]byte{p.WhiteResult, '/', p.BlackResult})
	}
	g.Date = roundDate(ev.Rounds, p.Round)
	return g
}

// roundDate returns the date of round r ("" when unknown); rounds are
// numbered 1.. in order as EventFrom makes them, else searched.
func roundDate(rounds []sheet.Round, r int) string {
	if r >= 1 && r <= len(rounds) && rounds[r-1].Number == r {
		return rounds[r-1].Date
	}
	for _, x := range rounds {
		if x.Number == r {
			return x.Date
		}
	}
	return ""
}

// Ranks returns the starting ranks a board was imported with; ok is false
// for a board that did not come from a TRF.
func Ranks(g *sheet.Game) (white, black int, ok bool) {
	w, err1 := strconv.Atoi(g.Tags[TagWhite])
	b, err2 := strconv.Atoi(g.Tags[TagBlack])
	return w, b, err1 == nil && err2 == nil
}
