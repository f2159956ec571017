package sheet

import (
	"errors"
	"slices"
	"testing"
)

func TestParseTimeControl(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Period
	}{
		{"40/5400+30:1800+30", []Period{{40, 5400, 30}, {0, 1800, 30}}},
		{"40/7200:20/3600:1800", []Period{{40, 7200, 0}, {20, 3600, 0}, {0, 1800, 0}}},
		{"5400+30", []Period{{0, 5400, 30}}},
		{"300", []Period{{0, 300, 0}}},
		{"40/5400", []Period{{40, 5400, 0}}},
		{"40/5400:1800+30", []Period{{40, 5400, 0}, {0, 1800, 30}}},
		{"90/5400+0", []Period{{90, 5400, 0}}},
		// No time control: nothing, unknown (?) or none (-), PGN 9.6.1.
		{"", nil},
		{"   ", nil},
		{"?", nil},
		{"-", nil},
	} {
		got, err := ParseTimeControl(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseTimeControlErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int // byte offset of the period that does not read
	}{
		{"40/90min", 0},
		{"abc", 0},
		{"40/", 0},
		{"/5400", 0},
		{"0/5400", 0},
		{"40/0", 0},
		{"40/5400+", 0},
		{"40/5400+x", 0},
		{"40/5400+-5", 0},
		{"-40/5400", 0},
		{"40/-5400", 0},
		{"40/5400:", 8},
		{"40/5400+30:1800+", 11},
		{"40/5400+30:18oo+30", 11},
		{"40/7200:20/3600:x", 16},
		{"40/5400 : 1800", 0},
		{" 40/5400", 0},
		{"40/5400::1800", 8},
		{"*180", 0}, // PGN's sandclock: not a FIDE time control
		// Signs are no digits.
		{"40/5400++30", 0},
		{"40/+5400", 0},
		{"+40/5400", 0},
		{"40/5400:+1800", 8},
		// Nothing can follow a period for the rest of the game.
		{"5400:1800", 5},
		{"40/5400:1800+30:900", 16},
	} {
		got, err := ParseTimeControl(tc.in)
		var te *TimeControlError
		if !errors.As(err, &te) {
			t.Errorf("ParseTimeControl(%q) = %v, %v; want a TimeControlError", tc.in, got, err)
			continue
		}
		if te.Code != "time-control-syntax" || te.Offset != tc.offset || got != nil {
			t.Errorf("ParseTimeControl(%q): %s at %d, want time-control-syntax at %d", tc.in, te.Code, te.Offset, tc.offset)
		}
	}
}

func TestTimeControlErrorText(t *testing.T) {
	// The error text is the code and a 1-based position, for logs; the app
	// translates the code.
	_, err := ParseTimeControl("40/5400:x")
	if err == nil || err.Error() != "time-control-syntax:9" {
		t.Errorf("error %v", err)
	}
}

func TestParseClock(t *testing.T) {
	for _, tc := range []struct {
		in   string
		secs int
	}{
		{"1:32", 3600 + 32*60},
		{"0:05", 5 * 60},
		{"92", 92 * 60},
		{"0", 0},
		{"1.32.05", 3600 + 32*60 + 5},
		{"1:32:05", 3600 + 32*60 + 5},
		{"1.32", 3600 + 32*60},
		{"1'32", 3600 + 32*60},
		{" 1:32 ", 3600 + 32*60},
		{"0:00:59", 59},
		{"2:00:00", 7200},
	} {
		got, ok := ParseClock(tc.in)
		if !ok || got != tc.secs {
			t.Errorf("ParseClock(%q) = %d, %v; want %d", tc.in, got, ok, tc.secs)
		}
	}
	for _, in := range []string{
		"", " ", "abc", "1:2", "1:60", "1:32:60", "1:32:5", "1:32:05:00", "1:3a", "-5", "1:-3",
		"+5", "1:+3", "1:32:+5", "1,32", "1h32", "½",
	} {
		if got, ok := ParseClock(in); ok {
			t.Errorf("ParseClock(%q) = %d, true; want false", in, got)
		}
	}
}
