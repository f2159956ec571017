package export

import (
	"testing"

	"scoresheet/sheet"
)

// The date a form or scoresheet prints: the game's, else its round's,
// else the event's first day only where that is the game's day.
func TestGameDate(t *testing.T) {
	ev := &sheet.Event{StartDate: "2026.11.20", EndDate: "2026.11.28", Rounds: []sheet.Round{{Number: 1}, {Number: 2, Date: "2026.11.21"}, {Number: 5}}}
	oneDay := &sheet.Event{StartDate: "2026.11.20", EndDate: "2026.11.20"}
	for _, tt := range []struct {
		name string
		ev   *sheet.Event
		g    sheet.Game
		want string
	}{
		{"game date", ev, sheet.Game{Round: 5, Date: "2026.11.24"}, "2026.11.24"},
		{"round date", ev, sheet.Game{Round: 2}, "2026.11.21"},
		{"round date over unknown game date", ev, sheet.Game{Round: 2, Date: "????.??.??"}, "2026.11.21"},
		{"round 1: first day", ev, sheet.Game{Round: 1}, "2026.11.20"},
		{"round 5: not the first day", ev, sheet.Game{Round: 5}, ""},
		{"round 5 unknown", ev, sheet.Game{Round: 5, Date: "????.??.??"}, ""},
		{"round 5 partly known", ev, sheet.Game{Round: 5, Date: "2026.??.??"}, "2026.??.??"},
		{"one-day event", oneDay, sheet.Game{Round: 7}, "2026.11.20"},
		{"no event", nil, sheet.Game{Round: 3}, ""},
	} {
		if got := gameDate(tt.ev, &tt.g); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
