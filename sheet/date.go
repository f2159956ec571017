package sheet

import (
	"strings"
	"time"
)

// IsPGNDate reports whether s is a whole calendar date written as the PGN
// standard writes dates (§8.1.1.3): "2026.11.22". Dates with unknown
// parts ("2026.??.??") are for games whose date is lost, not for an event
// being planned.
func IsPGNDate(s string) bool {
	if len(s) != len("2026.11.22") {
		return false
	}
	_, err := time.Parse("2006.01.02", s)
	return err == nil
}

// ParseRoundDates reads the dates of rounds 1, 2, ... in order, separated
// by spaces or commas, "-" for a round whose date is not known yet:
// "2026.11.20 2026.11.21 - 2026.11.23". Unknown dates are "".
func ParseRoundDates(s string) ([]string, bool) {
	var out []string
	for _, d := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		switch {
		case d == "-":
			out = append(out, "")
		case IsPGNDate(d):
			out = append(out, d)
		default:
			return nil, false
		}
	}
	return out, true
}

// RoundDates returns the dates of rounds 1..n, "" where a round has none.
func RoundDates(rounds []Round, n int) []string {
	dates := make([]string, n)
	for _, r := range rounds {
		if r.Number >= 1 && r.Number <= n {
			dates[r.Number-1] = r.Date
		}
	}
	return dates
}

// NumberedRounds returns rounds 1..n, round i dated dates[i-1] ("" past
// the end of dates).
func NumberedRounds(n int, dates []string) []Round {
	var out []Round
	for r := 1; r <= n; r++ {
		d := ""
		if r <= len(dates) {
			d = dates[r-1]
		}
		out = append(out, Round{Number: r, Date: d})
	}
	return out
}

// RoundDatesText writes the dates of rounds 1..n as ParseRoundDates reads
// them, without trailing unknown dates.
func RoundDatesText(rounds []Round, n int) string {
	dates := RoundDates(rounds, n)
	for len(dates) > 0 && dates[len(dates)-1] == "" {
		dates = dates[:len(dates)-1]
	}
	for i, d := range dates {
		if d == "" {
			dates[i] = "-"
		}
	}
	return strings.Join(dates, " ")
}
