package pgn

import (
	"testing"

	"scoresheet/rules"
)

// TestResultTokensSpelt: every result token the splitter and the parser
// take (resultAt) is a spelling of the one table (rules.ResultSpelling),
// and a game's result is what that table says: PGN, the window and the
// command line cannot read a result two ways.
func TestResultTokensSpelt(t *testing.T) {
	for tok, want := range map[string]string{"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "1/2": "1/2-1/2", "*": "*"} {
		if n := resultAt([]byte(tok)); n != len(tok) {
			t.Errorf("resultAt(%q) = %d, want %d", tok, n, len(tok))
		}
		if got, ok := rules.ResultSpelling(tok); !ok || got != want {
			t.Errorf("rules.ResultSpelling(%q) = %q %v, want %q", tok, got, ok, want)
		}
		st := &parseState{g: &PGNGame{}}
		st.result(tok, 0)
		if st.g.Result != want {
			t.Errorf("result %q read as %q, want %q", tok, st.g.Result, want)
		}
	}
}
