package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// TestResultsCSVFormulas: a name a spreadsheet would take for a formula
// (OWASP's CSV injection: a cell starting with = + - @, a tab or a
// carriage return) is written quoted with a single quote before it; the
// results, ours, are written as pairing programs read them (+/-, -/+,
// 1/2-1/2); a result that is not one of ours (from a crafted event file)
// is no result (sheet.Result: the list writes only the results it knows).
func TestResultsCSVFormulas(t *testing.T) {
	ranks := map[string]string{trf.TagWhite: "3", trf.TagBlack: "4"}
	games := []sheet.Game{
		{Round: 1, Board: 1, White: sheet.Player{Name: "=cmd|' /C calc'!A0", Rating: 2100}, Black: sheet.Player{Name: "+49 30 1234"}, Result: "1/2-1/2"},
		{Round: 1, Board: 2, White: sheet.Player{Name: "-2+3+cmd|' /C calc'!A0"}, Black: sheet.Player{Name: "@SUM(A1:A2)"}, Result: sheet.WhiteForfeitWin, Tags: ranks},
		{Round: 1, Board: 3, White: sheet.Player{Name: "\tTab"}, Black: sheet.Player{Name: "\rReturn"}, Result: sheet.BlackForfeitWin, Tags: ranks},
		{Round: 1, Board: 4, White: sheet.Player{Name: "Müller, Hans"}, Black: sheet.Player{Name: `Đurđević "Đuro"`}, Result: "=HYPERLINK(\"x\")"},
		{Round: 1, Board: 5, White: sheet.Player{Name: "-"}, Black: sheet.Player{Name: "Plain"}, Result: "*"},
	}
	byes := []trf.Bye{{Round: 1, Player: &trf.Player{Rank: 9, Name: "=1+1"}, Result: 'H'}}
	var buf bytes.Buffer
	if err := WriteResultsCSV(&buf, games, byes, "en"); err != nil {
		t.Fatal(err)
	}
	raw := buf.String()
	rows, err := csv.NewReader(strings.NewReader(raw)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	want := [][]string{
		{"1", "1", "", "'=cmd|' /C calc'!A0", "2100", "1/2-1/2", "", "'+49 30 1234", ""},
		{"1", "2", "3", "'-2+3+cmd|' /C calc'!A0", "", "+/-", "4", "'@SUM(A1:A2)", ""},
		{"1", "3", "3", "'\tTab", "", "-/+", "4", "'\rReturn", ""},
		{"1", "4", "", "Müller, Hans", "", "", "", `Đurđević "Đuro"`, ""},
		{"1", "5", "", "'-", "", "", "", "Plain", ""},
		{"1", "", "9", "'=1+1", "", "Bye H", "", "", ""},
	}
	if len(rows) != len(want)+1 {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(want)+1, raw)
	}
	for i, w := range want {
		if strings.Join(rows[i+1], "|") != strings.Join(w, "|") {
			t.Errorf("row %d:\n got %q\nwant %q", i+1, rows[i+1], w)
		}
	}
	// OWASP: the neutralised cell is also quoted, so that a reader
	// splitting on the separator alone still sees one cell.
	for _, s := range []string{`"'=cmd|' /C calc'!A0"`, `"'+49 30 1234"`, `"'=1+1"`} {
		if !strings.Contains(raw, s) {
			t.Errorf("%s not in the file:\n%s", s, raw)
		}
	}
	// No cell of the file starts a formula unquoted.
	for _, line := range strings.Split(raw, "\n") {
		for _, cell := range strings.Split(line, ",") {
			if cell != "" && !csvResults[cell] && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("a cell starts with %q: %s", cell[0], line)
			}
		}
	}
}
