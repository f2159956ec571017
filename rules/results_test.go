package rules

import "testing"

// TestResultSpellings: every spelling reads as its result; a forfeit's
// is a result for a flag, never in a cell; anything else is no result.
func TestResultSpellings(t *testing.T) {
	tests := []struct {
		written, result string
		inCell          bool
	}{
		{"1-0", "1-0", true}, {"1:0", "1-0", true}, {"0:1", "0-1", true}, {"½", "1/2-1/2", true},
		{"0.5-0.5", "1/2-1/2", true}, {"*", "*", true},
		{"+/-", "+/-", false}, {"--", "-/-", false}, {"-:+", "-/+", false},
		{"1-0 ", "", false}, {"1-1", "", false}, {"", "", false}, {"-", "", false},
	}
	for _, tt := range tests {
		got, ok := ResultSpelling(tt.written)
		if got != tt.result || ok != (tt.result != "") {
			t.Errorf("ResultSpelling(%q) = %q %v, want %q", tt.written, got, ok, tt.result)
		}
		tok, ok := ResultToken(tt.written)
		if ok != tt.inCell || ok && tok != tt.result {
			t.Errorf("ResultToken(%q) = %q %v, want in a cell %v", tt.written, tok, ok, tt.inCell)
		}
	}
}
