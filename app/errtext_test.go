package app

import (
	"strings"
	"testing"

	"scoresheet/app/session/sessiontest"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// The window says where an error is, as the command line does (core's
// Explainer), in the UI language and without the code.
func TestErrTextKeepsThePosition(t *testing.T) {
	defer SetLanguage(Language())
	SetLanguage("de")
	_, err := rules.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1")
	if got, want := errText(err), "FEN Zeichen 43, Feld 1 (Figuren), Reihe 1, 'P': "; !strings.HasPrefix(got, want) || strings.Contains(got, "[") {
		t.Errorf("window says %q, want it to start %q, without the code", got, want)
	}
}

// TestWindowCellBound: text pasted into a cell beyond what a box holds is
// not saved, and the window says which box and why, in the UI language,
// quoting its start only; the cell keeps what it held.
func TestWindowCellBound(t *testing.T) {
	defer SetLanguage(Language())
	SetLanguage("de")
	s, _ := sessiontest.New(t)
	sessiontest.Type(t, s, []string{"e4"})
	long := strings.Repeat("N", 3900<<10)
	_, err := s.Type(long)
	if err == nil {
		t.Fatal("a 3.9 MB cell was taken")
	}
	got := errText(err)
	if len(got) > 400 || !strings.Contains(got, "Formular Weiß, Kästchen 2: Ein Kästchen fasst höchstens 100 Bytes") || !strings.Contains(got, "NNNN…") {
		t.Errorf("the window says (%d bytes) %.400q", len(got), got)
	}
	if c, _ := s.Cell(sheet.WhiteCopy, 1); c.Text != "" {
		t.Errorf("the cell holds %d bytes", len(c.Text))
	}
}
