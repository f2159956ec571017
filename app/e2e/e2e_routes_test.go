package e2e

import (
	"strings"
	"testing"
)

// Issue 31: the routes of the key table that move between copies,
// checks and cells, typed key by key through the real window, and what
// the store holds after each.

// ruyWhite is White's copy with slips at half-moves 5 (Bb9) and 11 (Re9).
const ruyWhite = "e4 e5 Nf3 Nc6 Bb9 a6 Ba4 Nf6 O-O Be7 Re9 b5 Bb3 d6 c3 O-O"

// The consult route of docs/window.md: Ctrl+K to the check, Space to its
// half-move, F6 to the other copy (consulted there), the move typed,
// Enter; then Ctrl+K to the next check and the same again. White's copy
// stays as typed; Black's copy holds the two half-moves looked up.
func TestRouteConsultTwoChecks(t *testing.T) {
	need(t, "Xvfb", "xdotool")
	bin := binary(t)
	event := newEvent(t, bin, "en")
	enterCopy(t, bin, event, "white", "en", ruyWhite)
	w := startWindow(t, bin, event, "--round", "1", "--board", "1")
	w.key(t, "ctrl+k", "space", "F6")
	w.typeText(t, "Bb5")
	w.key(t, "Return")
	w.key(t, "ctrl+k", "space", "F6")
	w.typeText(t, "Re1")
	w.key(t, "Return")
	black := make([]string, 11)
	black[4], black[10] = "Bb5", "Re1"
	waitStored(t, bin, event, copyWant{1, 1, "white", strings.Fields(ruyWhite)}, copyWant{1, 1, "black", black})
}
