package sheet

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseResult: every listed result reads as itself, the usual other
// spellings as the result they mean, anything else not at all.
func TestParseResult(t *testing.T) {
	for _, r := range Results {
		if got, ok := ParseResult(string(r)); !ok || got != r {
			t.Errorf("ParseResult(%q) = %q %v", r, got, ok)
		}
	}
	for in, want := range map[string]Result{"½-½": Drawn, "+-": WhiteForfeitWin, "-+": BlackForfeitWin, "--": DoubleForfeit, "-:-": DoubleForfeit, "1:0": WhiteWins, "½": Drawn, "0.5-0.5": Drawn} {
		if got, ok := ParseResult(in); !ok || got != want {
			t.Errorf("ParseResult(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"1-0 forfeit", "0-0", "1:0 ", "+", "-", "1/2-1/2*", "forfeit"} {
		if got, ok := ParseResult(in); ok {
			t.Errorf("ParseResult(%q) = %q, want refused", in, got)
		}
	}
}

// TestResultKinds: which results end a game, which are forfeits, and
// the points each gives.
func TestResultKinds(t *testing.T) {
	var got []string
	for _, r := range Results {
		w, b, ok := r.Points()
		got = append(got, fmt.Sprintf("%q decided=%v forfeit=%v points=%v/%v/%v", r, r.Decided(), r.Forfeit(), w, b, ok))
	}
	want := []string{
		`"" decided=false forfeit=false points=0/0/false`,
		`"1-0" decided=true forfeit=false points=1/0/true`,
		`"0-1" decided=true forfeit=false points=0/1/true`,
		`"1/2-1/2" decided=true forfeit=false points=0.5/0.5/true`,
		`"*" decided=false forfeit=false points=0/0/false`,
		`"+/-" decided=true forfeit=true points=1/0/true`,
		`"-/+" decided=true forfeit=true points=0/1/true`,
		`"-/-" decided=true forfeit=true points=0/0/true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if Result("1-0 forfeit").Decided() || ValidCopyResult(WhiteForfeitWin) || ValidCopyResult(Unfinished) || !ValidCopyResult(Drawn) {
		t.Error("an unknown result is decided, or a copy holds a forfeit or *")
	}
}

// TestResultPGN: each result goes to a PGN token (a forfeit with
// Termination "rules infraction") and comes back as itself.
func TestResultPGN(t *testing.T) {
	want := map[Result]string{"": "", "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*",
		"+/-": "1-0 forfeit", "-/+": "0-1 forfeit", "-/-": "* forfeit"}
	for _, r := range Results {
		tok, forfeit := r.PGNResult()
		got := tok
		if forfeit {
			got += " forfeit"
		}
		if got != want[r] {
			t.Errorf("%q: PGN %q, want %q", r, got, want[r])
		}
		if back, ok := ResultFromPGN(tok, forfeit); !ok || back != r {
			t.Errorf("%q: read back as %q %v", r, back, ok)
		}
	}
	if r, ok := ResultFromPGN("1/2-1/2", true); !ok || r != Drawn {
		t.Errorf("a draw said to end by rules infraction: %q %v, want a draw", r, ok)
	}
	if _, ok := ResultFromPGN("+/-", false); ok {
		t.Error("+/- is no PGN token")
	}
}
