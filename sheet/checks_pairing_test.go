package sheet

import "testing"

// TestCheckPairingResult: a result that differs from the pairing
// program's is a check under 8.7, with both results; none when they
// agree, when either is missing, or for a game not from a pairing file.
func TestCheckPairingResult(t *testing.T) {
	for _, tc := range []struct {
		name, result, theirs string
		want                 bool
	}{
		{"differs", "1-0", "1/2-1/2", true},
		{"agrees", "0-1", "0-1", false},
		{"no result here", "", "1-0", false},
		{"unfinished here", "*", "1-0", false},
		{"not from a pairing file", "1-0", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{Round: 1, Board: 1, Result: Result(tc.result), Tags: map[string]string{}}
			if tc.theirs != "" {
				g.Tags[TagPairingResult] = tc.theirs
			}
			got := only(check(t, g, ""), CheckResultPairing)
			if len(got) != map[bool]int{true: 1}[tc.want] {
				t.Fatalf("findings %+v, want %v", got, tc.want)
			}
			if tc.want && (got[0].Article != "8.7" || got[0].Texts != [2]string{tc.result, tc.theirs} || got[0].Ply != 0) {
				t.Errorf("finding %+v", got[0])
			}
		})
	}
}
