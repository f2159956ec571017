package app

import (
	"errors"
	"os"
	"strings"
	"testing"

	"scoresheet/app/core"
	"scoresheet/trf"
)

// TestWindowSaysTRFErrorInWords: a TRF that does not read, imported in
// the window in German, is said in German words with its line and
// column (in characters, after a name with umlauts), in the dialog and
// on the status line, never as the code or the reader's English: the
// words core's Explainer gives the command line.
func TestWindowSaysTRFErrorInWords(t *testing.T) {
	m, s := newEmptyWindow(t)
	m.setLanguage("de")
	bad := "012 Ödön\n001    1 m    Müller, Jörg                      1800 GER    12345678 2000/01/01  0.0    x\n"
	path := writeTemp(t, t.TempDir(), "bad.trf", []byte(bad))
	m.runImport(path, core.ImportOptions{Lang: "en"})
	m.busy.Wait()
	_, text := topDialog(t, m)
	want := `Zeile 2, Spalte 86: Dieses Feld muss eine Zahl sein (Elo, Punkte, Platz oder Rundenzahl). ("   x")`
	if text != want {
		t.Errorf("the dialog says %q, want %q", text, want)
	}
	if !strings.HasSuffix(m.status.Text, want) || strings.Contains(m.status.Text, "trf-") {
		t.Errorf("the status line says %q", m.status.Text)
	}
	// The command line says the same words, in English, with the code.
	data, _ := os.ReadFile(path)
	_, err := trf.Parse(data)
	var te *trf.Error
	if !errors.As(err, &te) || (core.Explainer{Lang: "de"}).Explain(err) != want {
		t.Errorf("the Explainer says %v otherwise", err)
	}
	if games := s.Games(); len(games) != 0 {
		t.Errorf("%d boards imported from a TRF that does not read", len(games))
	}
}
