package sheet

import (
	"strings"
	"testing"

	"scoresheet/rules"
)

// TestCheckRulesComplete: every row of checkRules has a severity and an
// article, and every code its unconfirmed code's row, and an unconfirmed
// row its confirmed code's. That every check code declared has its row
// is held by locales' TestCodeListsComplete, which reads the source for
// every CheckCode constant and finds it in CheckCodes (checkRules' keys).
func TestCheckRulesComplete(t *testing.T) {
	if len(checkRules) < 40 {
		t.Fatalf("checkRules has %d rows, want every check code", len(checkRules))
	}
	for c, r := range checkRules {
		if r.Severity > rules.Error {
			t.Errorf("%s: severity %d is none", c, r.Severity)
		}
		// The bad start position is no rule of chess, nor is how the
		// arbiter typed a copy: every other code names its article.
		if r.Article == "" && c != CheckBadStart && c != CheckCopyConsulted {
			t.Errorf("%s has no article", c)
		}
		if strings.ContainsAny(string(c), " ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			t.Errorf("%q is no code", c)
		}
		for _, other := range []CheckCode{c.Unconfirmed(), c.Confirmed()} {
			if _, ok := checkRules[other]; !ok {
				t.Errorf("%s: %s has no row", c, other)
			}
		}
	}
}

// TestCheckRulesRead: Severity and Article read the table, an unconfirmed
// code claims at most a warning, and rapid and blitz play cite their own
// appendix for an illegal move.
func TestCheckRulesRead(t *testing.T) {
	for _, c := range []struct {
		code     CheckCode
		kind     EventKind
		severity rules.Severity
		article  string
	}{
		{CheckIllegalMove, KindStandard, rules.Error, "7.5.1"},
		{CheckIllegalMove, KindRapid, rules.Error, "A.4.2"},
		{CheckSecondIllegal, KindBlitz, rules.Error, "B.3"},
		{CheckIllegalMove.Unconfirmed(), KindStandard, rules.Warning, "7.5.1"},
		{CheckIllegalMove.Unconfirmed(), KindRapid, rules.Warning, "A.4.2"},
		{CheckThreefold.Unconfirmed(), KindStandard, rules.Note, "9.2"},
		{CheckMissingCell, KindStandard, rules.Warning, "8.1"},
		{CheckRealignMerge, KindBlitz, rules.Note, "8.1"},
		{CheckBadStart, KindStandard, rules.Error, ""},
		{"no-such-check", KindStandard, rules.Note, ""},
	} {
		if s, a := c.code.Severity(), c.code.Article(c.kind); s != c.severity || a != c.article {
			t.Errorf("%s in play %q: %s %q, want %s %q", c.code, c.kind, s, a, c.severity, c.article)
		}
	}
}
