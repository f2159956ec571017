package cli

import (
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestShowBadFENInWords: a game whose start position does not read (an
// event file from before imports refused it) is shown with its error in
// words, where in the FEN and what, not the raw code.
func TestShowBadFENInWords(t *testing.T) {
	g := &sheet.Game{Round: 1, Board: 1, FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"}
	d := gameView(g, sheet.Conditions{})
	if d.Error == "" || strings.HasPrefix(d.Error, "fen-") || !strings.Contains(d.Error, "FEN character") {
		t.Errorf("event show says the bad FEN as %q; want it in words", d.Error)
	}
}
