package export

import (
	"testing"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// checkCodes are every arbiter check's code, the unconfirmed ones too.
var checkCodes = sheet.CheckCodes()

func TestLabelsParity(t *testing.T) {
	en := labels[DefaultLang]
	for _, lang := range LabelLanguages() {
		for k := range en {
			if labels[lang][k] == "" {
				t.Errorf("%s: no label %q", lang, k)
			}
		}
		for k := range labels[lang] {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: label %q unknown in English", lang, k)
			}
		}
	}
	if got := LabelLanguages(); len(got) < 2 || got[0] != "de" || got[1] != "en" {
		t.Errorf("languages %v", got)
	}
}

func TestLabelsCoverCodes(t *testing.T) {
	en := labels[DefaultLang]
	for _, c := range rules.Codes() {
		if en["cell."+string(c)] == "" {
			t.Errorf("no label for reading code %q", c)
		}
	}
	for _, c := range checkCodes {
		if en["check."+string(c)] == "" {
			t.Errorf("no label for check code %q", c)
		}
	}
	for _, s := range []sheet.PlyStatus{sheet.PlyAgreed, sheet.PlySingle, sheet.PlyResolved, sheet.PlyDiffer, sheet.PlyDoubtful, sheet.PlyDecided, sheet.PlyNone} {
		if en["status."+string(s)] == "" {
			t.Errorf("no label for ply status %q", s)
		}
	}
	for _, s := range sheet.GameStates {
		if en[stateLabels[s]] == "" {
			t.Errorf("no label for state %q", s)
		}
	}
}

func TestLabelFallbacks(t *testing.T) {
	for _, tc := range []struct{ lang, key, want string }{
		{"de", "round", "Runde"},
		{"de_AT.UTF-8", "board", "Brett"},
		{"de-CH", "white", "Weiß"},
		{"DE", "black", "Schwarz"},
		{"", "round", "Round"},
		{"xx", "round", "Round"},
		{"de", "no-such-key", "no-such-key"},
	} {
		if got := Label(tc.lang, tc.key); got != tc.want {
			t.Errorf("Label(%q, %q) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
}
