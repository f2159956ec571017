package cli

import (
	"strings"
	"testing"
)

// TestCheckLooksAlikeFirst (issue 24, defect 3): "Bb7" where Bb1 and
// Bb5+ are legal lists Bb1 first: 1 and 7 look alike, 5 and 7 do not,
// however near b5 is to b7.
func TestCheckLooksAlikeFirst(t *testing.T) {
	for _, tc := range []struct{ lang, text string }{{"en", "1.Bb7"}, {"de", "1.Lb7"}} {
		code, out, e := run(t, tc.text+"\n", "check", "--lang", tc.lang, "--fen", "4k3/8/8/8/8/3B4/8/4K3 w - - 0 1")
		if code != 0 || !strings.Contains(out, "candidates: Bb1 ") {
			t.Errorf("check %s: %d %q %s", tc.text, code, out, e)
		}
	}
}
