package sheet

import (
	"strconv"
	"strings"
)

// Period is one period of a time control: Moves moves (0 for the rest of
// the game) in Seconds, with Increment seconds added per move.
type Period struct {
	Moves     int
	Seconds   int
	Increment int
}

// TimeControlError says which part of a time control could not be read.
type TimeControlError struct {
	Code   string // "time-control-syntax"
	Offset int    // byte offset of the period in the text
}

func (e *TimeControlError) Error() string {
	return e.Code + ":" + strconv.Itoa(e.Offset+1)
}

// ParseTimeControl reads a FIDE-style time control such as
// "40/5400+30:1800+30" (PGN standard 9.6.1 form with an increment):
// periods separated by ':', each "moves/seconds" or "seconds" (the rest of
// the game, so the last period), optionally "+increment"; numbers are
// digits only. An empty text has no periods.
func ParseTimeControl(s string) ([]Period, error) {
	var out []Period
	if strings.TrimSpace(s) == "" || s == "-" || s == "?" {
		return nil, nil
	}
	off := 0
	for _, part := range strings.Split(s, ":") {
		bad := &TimeControlError{Code: "time-control-syntax", Offset: off}
		off += len(part) + 1
		if len(out) > 0 && out[len(out)-1].Moves == 0 {
			return nil, bad // nothing follows the period for the rest of the game
		}
		var p Period
		if i := strings.IndexByte(part, '+'); i >= 0 {
			inc, ok := digits(part[i+1:])
			if !ok {
				return nil, bad
			}
			p.Increment, part = inc, part[:i]
		}
		if i := strings.IndexByte(part, '/'); i >= 0 {
			m, ok := digits(part[:i])
			if !ok || m <= 0 {
				return nil, bad
			}
			p.Moves, part = m, part[i+1:]
		}
		secs, ok := digits(part)
		if !ok || secs <= 0 {
			return nil, bad
		}
		p.Seconds = secs
		out = append(out, p)
	}
	return out, nil
}

// ParseClock reads a clock time as players write it: "1:32" (h:mm),
// "1:32:05" or "1.32.05" (h:mm:ss), "92" (minutes). It returns seconds.
func ParseClock(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == '.' || r == '\'' })
	if len(parts) == 0 || len(parts) > 3 {
		return 0, false
	}
	var n [3]int
	for i, p := range parts {
		v, ok := digits(p)
		if !ok || (i > 0 && (v > 59 || len(p) != 2)) {
			return 0, false
		}
		n[i] = v
	}
	switch len(parts) {
	case 1:
		return n[0] * 60, true
	case 2:
		return n[0]*3600 + n[1]*60, true
	default:
		return n[0]*3600 + n[1]*60 + n[2], true
	}
}

// digits reads a number written with digits only (no sign, no blank), of
// at most nine digits.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
