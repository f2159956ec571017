package pgn

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestWriteRealign: a copy read realigned says so after the move where it
// went out of step, "proposed" until the arbiter accepts it; the moves
// after it are the game's, with no [%copy] comment for the shifted cells.
func TestWriteRealign(t *testing.T) {
	g := gameOf(1, 1, "A", "B", "*", "", "en",
		"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7",
		"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7")
	for _, tc := range []struct {
		decisions []sheet.Decision
		want      string
	}{
		{nil, "6. Re1 {[%realign black insert proposed]} 6... b5"},
		{[]sheet.Decision{{Ply: 11, Move: "realign:black:insert:f1e1", By: "IA"}}, "6. Re1 {[%realign black insert]} 6... b5"},
	} {
		g.Decisions = tc.decisions
		var buf bytes.Buffer
		if err := WriteGame(&buf, &sheet.Event{Name: "E"}, &g); err != nil {
			t.Fatal(err)
		}
		out := strings.Join(strings.Fields(buf.String()), " ")
		if !strings.Contains(out, tc.want) || strings.Contains(out, "%copy") || !strings.Contains(out, "10. d4 Nbd7") {
			t.Errorf("decisions %v: PGN\n%s\nwant %q and no [%%copy]", tc.decisions, buf.String(), tc.want)
		}
	}
}
