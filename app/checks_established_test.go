package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"scoresheet/sheet"
)

// The checks panel claims no loss that the sheets do not establish (issue
// #11.3): both copies record White's illegal 2.Ke3 and 3.Kf4; the first is
// counted, the second rests on a position the arbiter has not settled
// (after 2.Ke3 nobody knows what was played), so it says what it would
// mean if confirmed. Once the arbiter decides 2.Ke2, the loss is claimed.
func TestWindowChecksClaimOnlyEstablished(t *testing.T) {
	m, s := newTestWindow(t)
	m.gv.tabs.SelectIndex(checksTab) // the Checks panel read below is shown (a hidden one is drawn when it comes up)
	for _, side := range []sheet.Side{sheet.WhiteCopy, sheet.BlackCopy} {
		m.gv.tapCell(side, 0)
		test.Type(m.gv.entry, "e4 e5 Ke3 Sc6 Kf4 Sf6 ")
	}
	labels := labelsOf(m.gv.checks)
	if strings.Contains(labels, "loses the game") || !strings.Contains(labels, "would be the same player's second completed illegal move") {
		t.Fatalf("before the decision the panel says:\n%s", labels)
	}
	ke2 := -1
	for i, c := range s.Reconciled().Plies[2].Candidates {
		if c.UCI() == "e1e2" {
			ke2 = i
		}
	}
	if ke2 < 0 {
		t.Fatalf("Ke2 is no candidate at ply 3: %v", s.Reconciled().Plies[2].Candidates)
	}
	if err := s.Decide(3, s.Reconciled().Plies[2].Candidates[ke2]); err != nil {
		t.Fatal(err)
	}
	m.gv.refreshChecks()
	if labels := labelsOf(m.gv.checks); !strings.Contains(labels, "Second completed illegal move by the same player: the player loses the game.") {
		t.Errorf("after the decision the panel says:\n%s", labels)
	}
}
