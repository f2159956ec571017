package sheet

import "testing"

func TestIsPGNDate(t *testing.T) {
	for s, want := range map[string]bool{
		"2026.11.22": true, "2024.02.29": true, "2025.02.29": false, "2026.13.01": false,
		"2026.11.2": false, "2026-11-22": false, "2026.??.??": false, "": false, "22.11.2026": false,
	} {
		if got := IsPGNDate(s); got != want {
			t.Errorf("IsPGNDate(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestRoundDates(t *testing.T) {
	got, ok := ParseRoundDates("2026.11.20, 2026.11.21 - 2026.11.23")
	if !ok || len(got) != 4 || got[0] != "2026.11.20" || got[2] != "" || got[3] != "2026.11.23" {
		t.Errorf("ParseRoundDates: %q %v", got, ok)
	}
	for _, bad := range []string{"2026.11.20 tomorrow", "20.11.2026", "2026.11.32"} {
		if _, ok := ParseRoundDates(bad); ok {
			t.Errorf("ParseRoundDates(%q) accepted", bad)
		}
	}
	rounds := []Round{{Number: 1, Date: "2026.11.20"}, {Number: 3, Date: "2026.11.22"}, {Number: 4}}
	if s := RoundDatesText(rounds, 5); s != "2026.11.20 - 2026.11.22" {
		t.Errorf("RoundDatesText: %q", s)
	}
	if s := RoundDatesText(rounds, 0); s != "" {
		t.Errorf("RoundDatesText of no rounds: %q", s)
	}
	got = RoundDates(rounds, 2)
	if len(got) != 2 || got[0] != "2026.11.20" || got[1] != "" {
		t.Errorf("RoundDates: %q", got)
	}
	rs := NumberedRounds(3, []string{"2026.11.20", ""})
	if len(rs) != 3 || rs[0] != (Round{1, "2026.11.20"}) || rs[1] != (Round{2, ""}) || rs[2] != (Round{3, ""}) {
		t.Errorf("NumberedRounds: %+v", rs)
	}
	if rs := NumberedRounds(0, []string{"2026.11.20"}); len(rs) != 0 {
		t.Errorf("NumberedRounds(0): %+v", rs)
	}
}
