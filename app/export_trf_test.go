package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/internal/xtest"
)

// TestWindowExportTRFMissing: the window judges as the command line: a
// finished round with a board without a result stops the TRF export,
// the dialog names the board in words, and Export anyway (the command
// line's --allow-missing) goes on to the save dialog, which says each
// round's count and how the ranks were made.
func TestWindowExportTRFMissing(t *testing.T) {
	m, s := newEmptyWindow(t)
	c9, err := os.ReadFile(xtest.Corpus(t, "trf", "bbpPairings_dutch_2025_C9.trf"))
	if err != nil {
		t.Fatal(err)
	}
	m.runImport(xtest.WriteFile(t, t.TempDir(), "c9.trf", c9), core.ImportOptions{Lang: "en"})
	m.busy.Wait()
	kd, _ := topDialog(t, m)
	kd.dismiss()
	g, err := s.Store().GameAt(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	g.Result = ""
	if err := s.Store().SetHeader(g); err != nil {
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
