package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/sheet/sheettest"
	"scoresheet/trf"
)

// TestWindowExportTRFMissing: the window judges as the command line: a
// finished round with a board without a result stops the TRF export,
// the dialog names the board in words, and Export anyway (the command
// line's --allow-missing) goes on to the save dialog, which says each
// round's count and how the ranks were made.
func TestWindowExportTRFMissing(t *testing.T) {
	m, s := windowWithC9(t)
	g, err := s.Store().GameAt(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	g.Result = ""
	if err := sheettest.SetHeader(s.Store(), g); err != nil {
		t.Fatal(err)
	}
	job, err := s.PrepareExport(session.FormatTRF, session.ScopeEvent, session.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m.runTRF(session.ScopeEvent, job)
	m.busy.Wait()
	kd, text := topDialog(t, m)
	if !strings.HasPrefix(text, "1 boards of a finished round have no result") ||
		!strings.Contains(text, "Round 1, board 2") || !strings.Contains(text, "This board of a finished round has no result") {
		t.Fatalf("the dialog says %q", text)
	}
	kd.confirm()
	m.busy.Wait()
	kd, text = topDialog(t, m)
	if !strings.Contains(text, "Round 1: 1 results (1 changed in the file)") || !strings.Contains(text, "Ranks after round 1: points, then starting rank") {
		t.Fatalf("the save dialog says %q", text)
	}
	kd.dismiss()
	out := filepath.Join(t.TempDir(), "back.trf")
	m.writeExport(out, job)
	m.busy.Wait()
	if got, err := os.ReadFile(out); err != nil || !strings.Contains(string(got), "0.0    4     2 w\n") || !strings.Contains(string(got), "1.0    1     3 w 1\n") {
		t.Errorf("the TRF saved: %v\n%s", err, got)
	}
}

// TestTRFRanksSaid: the save dialog says how the ranks were made; a 202
// line none of whose codes is computed here said "points, then  (the
// file's 202), then starting rank", the tie-breaks left blank.
func TestTRFRanksSaid(t *testing.T) {
	for _, tc := range []struct {
		r    trf.RanksWritten
		want []string
	}{
		{trf.RanksWritten{Round: 2, TieBreaks: trf.TieBreaksDefault, Changed: 3},
			[]string{"Ranks after round 2: points, then starting rank (the file names no tie-breaks); 3 changed"}},
		{trf.RanksWritten{Round: 2, TieBreaks: []string{"BH"}, Changed: 1},
			[]string{"Ranks after round 2: points, then BH (the file's 202), then starting rank; 1 changed"}},
		{trf.RanksWritten{Round: 2, Unknown: []string{"XYZ"}}, []string{
			"Ranks after round 2: points, then starting rank (none of the tie-breaks of the file's 202 is computed here); 0 changed",
			"Tie-breaks the file names that are not computed here, left out: XYZ"}},
	} {
		if got := trfRoundsSaid(core.TRFWritten{Ranks: tc.r}); !slices.Equal(got, tc.want) {
			t.Errorf("%+v: said %q, want %q", tc.r, got, tc.want)
		}
	}
}
