package app

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// TestWindowExportResults: the export dialog offers the results list; it
// takes a paper but no notation, is saved beside the event as
// NAME-rROUND-results.pdf, and lists the round's board with its result
// and the copies' disagreement.
func TestWindowExportResults(t *testing.T) {
	m, s := newTestWindow(t)
	sessiontest.Type(t, s, []string{"e4", "e5"})
	s.Commit()
	m.gv.copies[sheet.WhiteCopy].result.SetSelected("1-0")
	m.gv.copies[sheet.BlackCopy].result.SetSelected("0-1")
	c := m.newExportChoice()
	c.format.SetSelected(T("ui.export.format.results-pdf"))
	if c.Format() != session.FormatResults || c.paper.Disabled() || !c.notation.Disabled() {
		t.Fatalf("format %s, paper disabled %v, notation disabled %v", c.Format(), c.paper.Disabled(), c.notation.Disabled())
	}
	job, sd := exportToSave(t, m, s, c.Format(), session.ScopeRound, c.Options())
	want := filepath.Join(filepath.Dir(s.Store().Location()), "Test Open-r1-results.pdf")
	if sd.path.Text != want {
		t.Fatalf("proposed %q, want %q", sd.path.Text, want)
	}
	sd.kd.dismiss()
	m.writeExport(sd.path.Text, job)
	m.busy.Wait()
	pdftotext := xtest.NeedTool(t, "pdftotext")
	out, err := exec.Command(pdftotext, "-layout", want, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	g := s.Game()
	line := "1 " + g.White.Name + " "
	for _, w := range []string{"Results", "Round 1", line, "! Board 1: the results on the copies differ (8.7)"} {
		if !strings.Contains(text, w) {
			t.Errorf("the list lacks %q:\n%s", w, text)
		}
	}
}
