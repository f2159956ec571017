package export

import (
	"testing"

	"scoresheet/locales"
	"scoresheet/sheet"
)

// TestStatesHaveWords checks that every game state of a PDF or workbook
// has its printed word in en.json, hence in every language (TestSameKeys
// in locales; the codes of the other packages are checked in
// locales/codes_test.go).
func TestStatesHaveWords(t *testing.T) {
	for _, s := range sheet.GameStates {
		if _, ok := locales.Lookup(locales.Default, "print.state."+string(s)); !ok {
			t.Errorf("no word for game state %q", s)
		}
	}
}

func TestLabelerLanguages(t *testing.T) {
	for _, tc := range []struct{ lang, key, want string }{
		{"de", "ui.header.round", "Runde"},
		{"de_AT.UTF-8", "ui.header.board", "Brett"},
		{"de-CH", "ui.header.white", "Weiß"},
		{"DE", "print.scoresheet", "Partieformular"},
		{"", "ui.header.round", "Round"},
		{"xx", "print.continuation", "Continuation sheet"},
		{"de", "no-such-key", "no-such-key"},
	} {
		if got := labeler(tc.lang).get(tc.key); got != tc.want {
			t.Errorf("labeler(%q).get(%q) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
}
