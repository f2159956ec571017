package cli

import (
	"os"
	"testing"
)

// TestEventUsage: an event command whose flags are missing or bad says
// what it wants on stderr, exits 2 and leaves the event file as it was
// (it is not even opened).
func TestEventUsage(t *testing.T) {
	file := newEventGames(t, 1)
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"bye", file, "--round", "0", "--player", "1", "--kind", "H"}, "scoresheet event bye: want --round R --player N --kind H|Z|F|none\n"},
		{[]string{"bye", file, "--round", "1", "--player", "1", "--kind", "Q"}, "scoresheet event bye: want --round R --player N --kind H|Z|F|none\n"},
		{[]string{"withdraw", file, "--player", "1"}, "scoresheet event withdraw: want --player N --from R\n"},
		{[]string{"add-player", file, "--name", "A, B", "--earlier", "H,none"}, "scoresheet event add-player: want --name NAME, and --earlier as Z, H or F, one for all rounds or one a round (\"H,Z\")\n"},
		{[]string{"add-player", file, "--name", " "}, "scoresheet event add-player: want --name NAME, and --earlier as Z, H or F, one for all rounds or one a round (\"H,Z\")\n"},
		{[]string{"pair", file, "--round", "-1"}, "scoresheet event pair: --round must be positive\n"},
		{[]string{"decide", file, "--round", "1", "--board", "1", "--ply", "1"}, "scoresheet event decide: --ply (from 1) and --take are required\n"},
		{[]string{"byes", file, "extra"}, "scoresheet event byes: unexpected argument \"extra\"\n"},
		{[]string{"show", file, "extra"}, "scoresheet event show: unexpected argument \"extra\"\n"},
	}
	for _, tc := range tests {
		code, out, errOut := run(t, "", append([]string{"event"}, tc.args...)...)
		if code != ExitUsage || out != "" || errOut != tc.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", tc.args, code, out, errOut, ExitUsage, tc.stderr)
		}
	}
	if after, err := os.ReadFile(file); err != nil || string(after) != string(before) {
		t.Errorf("the event file changed (%v)", err)
	}
}
