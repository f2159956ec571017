package app

import (
	"strings"
	"testing"

	"scoresheet/rules"
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
