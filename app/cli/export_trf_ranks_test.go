package cli

import (
	"bytes"
	"testing"

	"scoresheet/trf"
)

// TestSayRanks: how the export says the ranks were made, for each shape
// of trf.RanksWritten. A 202 line none of whose codes is computed here
// ranks by points, then starting rank: it was said "points, then
// starting rank (the file's 202)", as if the 202 had been followed.
func TestSayRanks(t *testing.T) {
	for _, tc := range []struct {
		r              trf.RanksWritten
		stdout, stderr string
	}{
		{trf.RanksWritten{}, "ranks: as read (no round has a result)\n", ""},
		{trf.RanksWritten{Round: 2, TieBreaks: trf.TieBreaksDefault, Changed: 3},
			"ranks after round 2: points, then starting rank (the file names no tie-breaks: no 202 line); 3 changed\n", ""},
		{trf.RanksWritten{Round: 2, TieBreaks: []string{"BH", "SB"}, Unknown: []string{"XYZ"}, Changed: 1},
			"ranks after round 2: points, then BH, SB, starting rank (the file's 202); 1 changed\n",
			"scoresheet export: tie-breaks of the file not computed here, left out: XYZ\n"},
		{trf.RanksWritten{Round: 2, Unknown: []string{"XYZ"}},
			"ranks after round 2: points, then starting rank (none of the tie-breaks of the file's 202 is computed here); 0 changed\n",
			"scoresheet export: tie-breaks of the file not computed here, left out: XYZ\n"},
	} {
		var out, errOut bytes.Buffer
		sayRanks(tc.r, IO{Stdout: &out, Stderr: &errOut})
		if out.String() != tc.stdout || errOut.String() != tc.stderr {
			t.Errorf("%+v: said %q, %q; want %q, %q", tc.r, out.String(), errOut.String(), tc.stdout, tc.stderr)
		}
	}
}
