package pgn

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// TestBroadcastResults: every result a board can hold goes to a broadcast
// as a PGN token a reader scores rightly, never "0-0" (Lichess's draw);
// a game not played says so (Termination), and a double forfeit, sent as
// "*", says it in a comment before its empty movetext, so that no one
// takes it for a game under way. Round is "R.B".
func TestBroadcastResults(t *testing.T) {
	ev := &sheet.Event{Name: "Open", Site: "Zagreb"}
	tests := []struct {
		result            sheet.Result
		importedTag       string // an imported game's Result tag, which must not win
		token, term, lead string
		moves             int
	}{
		{result: sheet.WhiteWins, token: "1-0", moves: 2},
		{result: sheet.Drawn, token: "1/2-1/2", moves: 2},
		{result: sheet.NoResult, importedTag: "0-0", token: "*", moves: 2},
		{result: sheet.Unfinished, token: "*", moves: 2},
		{result: sheet.WhiteForfeitWin, token: "1-0", term: sheet.TermForfeit},
		{result: sheet.BlackForfeitWin, token: "0-1", term: sheet.TermForfeit},
		{result: sheet.DoubleForfeit, importedTag: "0-0", token: "*", term: sheet.TermForfeit, lead: DoubleForfeitComment},
	}
	for _, tt := range tests {
		t.Run(string(tt.result)+"/"+tt.importedTag, func(t *testing.T) {
			g := sheet.Game{Round: 3, Board: 12, Result: tt.result,
				White: sheet.Player{Name: "A", FideID: "1"}, Black: sheet.Player{Name: "B", FideID: "2"}}
			if tt.importedTag != "" {
				g.Tags = map[string]string{"Result": tt.importedTag}
			}
			if tt.moves > 0 {
				g.Copies[sheet.WhiteCopy].Cells = cellsOf("1.e4 e5")
			}
			var buf bytes.Buffer
			if err := WriteBroadcastGame(&buf, ev, &g); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(buf.String(), "0-0") {
				t.Fatalf("0-0 sent:\n%s", buf.String())
			}
			gs := readGames(t, buf.Bytes(), nil)
			if len(gs) != 1 {
				t.Fatalf("%d games read back:\n%s", len(gs), buf.String())
			}
			r := gs[0]
			if r.Tag("Result") != tt.token || r.Result != tt.token {
				t.Errorf("Result tag %q, token %q; want %q:\n%s", r.Tag("Result"), r.Result, tt.token, buf.String())
			}
			if got := r.Tag("Termination"); got != tt.term {
				t.Errorf("Termination %q, want %q", got, tt.term)
			}
			if r.Tag("Round") != "3.12" || r.Tag("Board") != "12" {
				t.Errorf("Round %q Board %q, want 3.12 and 12", r.Tag("Round"), r.Tag("Board"))
			}
			if len(r.Moves) != tt.moves {
				t.Errorf("%d moves read back, want %d", len(r.Moves), tt.moves)
			}
			lead := strings.Join(r.Comments, " ")
			if tt.lead != "" && !strings.Contains(lead, tt.lead) || tt.lead == "" && strings.Contains(lead, DoubleForfeitComment) {
				t.Errorf("comments before the moves %q, want %q", r.Comments, tt.lead)
			}
		})
	}
}
