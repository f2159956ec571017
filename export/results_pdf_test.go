package export

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// resultsGames is a round given out of board order: a forfeit, a draw,
// a board without a result, and one whose copies' results differ.
func resultsGames() []sheet.Game {
	mate := []sheet.Cell{{Text: "f3"}, {Text: "e5"}, {Text: "g4"}, {Text: "Qh4#"}}
	return []sheet.Game{
		{Round: 4, Board: 3, White: sheet.Player{Name: "Carlsen, Magnus", Title: "GM", Federation: "NOR", Rating: 2830},
			Black: sheet.Player{Name: "Đurđević, Ivan", Rating: 2412}, Result: "1/2-1/2",
			Tags: map[string]string{trf.TagWhite: "1", trf.TagBlack: "12"}},
		{Round: 4, Board: 1, White: sheet.Player{Name: "Anna"}, Black: sheet.Player{Name: "Ben", Rating: 1500}, Result: "+/-"},
		{Round: 4, Board: 2, White: sheet.Player{Name: "Cleo"}, Black: sheet.Player{Name: "Dan"}, Result: "0-1",
			Copies: [2]sheet.Copy{{Lang: "en", Cells: mate, Result: "1-0"}, {Lang: "en", Cells: mate, Result: "0-1"}}},
		{Round: 4, Board: 4, White: sheet.Player{Name: "Eve"}, Black: sheet.Player{Name: "Finn"}, Result: "*"},
	}
}

// TestResultsPDF: the list, read back with pdftotext, has the event, the
// round and its date, the boards by number with players, ratings and
// results (a forfeit +/-, a draw ½-½, none blank), the round's bye,
// and the disputed result marked and said with its article; the words
// in the language asked for.
func TestResultsPDF(t *testing.T) {
	ev := &sheet.Event{Name: "Zagreb Open", Site: "Zagreb", Rounds: []sheet.Round{{Number: 4, Date: "2026.11.23"}}}
	byes := []trf.Bye{{Round: 4, Player: &trf.Player{Rank: 7, Name: "Gabi", Rating: 1900}, Result: 'H'}}
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"en", []string{
			"Results",
			"Zagreb Open, Zagreb",
			"Round 4 · 2026.11.23",
			"Board ♔ White Rating Result ♚ Black Rating",
			"1 Anna +/- Ben 1500",
			"2 Cleo 0-1 ! Dan",
			"3 GM Carlsen, Magnus (NOR) (1) 2830 ½-½ Đurđević, Ivan (12) 2412",
			"4 Eve Finn",
			"Gabi (7) 1900 Bye H",
			"Results to be checked before they are posted or typed in:",
			"! Board 2: the results on the copies differ (8.7)",
			"Round 4 Page 1 of 1",
		}},
		{"de", []string{"Ergebnisse", "Runde 4 · 2026.11.23", "Brett ♔ Weiß Elo Ergebnis ♚ Schwarz Elo",
			"Gabi (7) 1900 Spielfrei H", "! Brett 2: die Ergebnisse auf den Formularen weichen ab (8.7)"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteResultsPDF(&buf, ev, GameSlice(resultsGames()), byes, PDFOptions{Lang: tc.lang}); err != nil {
				t.Fatal(err)
			}
			text := string(runTool(t, "pdftotext", "-layout", xtest.WriteFile(t, t.TempDir(), "results.pdf", buf.Bytes()), "-"))
			var lines []string
			for _, l := range strings.Split(text, "\n") {
				if l = strings.Join(strings.Fields(l), " "); l != "" {
					lines = append(lines, l)
				}
			}
			// Each wanted line, in order.
			at := 0
			for _, w := range tc.want {
				for at < len(lines) && lines[at] != w {
					at++
				}
				if at == len(lines) {
					t.Fatalf("line %q missing or out of order in:\n%s", w, strings.Join(lines, "\n"))
				}
			}
		})
	}
}

// TestResultsPDFRounds: each round starts a page; a long round goes on
// over as many pages as it needs, every board printed once.
func TestResultsPDFRounds(t *testing.T) {
	var games []sheet.Game
	for b := 1; b <= 60; b++ {
		games = append(games, sheet.Game{Round: 2, Board: b, White: sheet.Player{Name: "W" + itoa(b)}, Black: sheet.Player{Name: "B" + itoa(b)}, Result: "1-0"})
	}
	games = append(games, sheet.Game{Round: 1, Board: 1, White: sheet.Player{Name: "First"}, Black: sheet.Player{Name: "Round"}, Result: "0-1"})
	var buf bytes.Buffer
	if err := WriteResultsPDF(&buf, nil, GameSlice(games), nil, PDFOptions{}); err != nil {
		t.Fatal(err)
	}
	path := xtest.WriteFile(t, t.TempDir(), "results.pdf", buf.Bytes())
	pages := []string{}
	for p := 1; p <= 3; p++ {
		pages = append(pages, string(runTool(t, "pdftotext", "-f", itoa(p), "-l", itoa(p), "-layout", path, "-")))
	}
	if !strings.Contains(pages[0], "Round 1") || !strings.Contains(pages[0], "First") || strings.Contains(pages[0], "W1 ") {
		t.Errorf("page 1 is not round 1 alone:\n%s", pages[0])
	}
	for b := 1; b <= 60; b++ {
		on := 0
		for _, p := range pages[1:] {
			on += strings.Count(p, " W"+itoa(b)+" ")
		}
		if on != 1 {
			t.Errorf("board %d of round 2 printed %d times", b, on)
		}
	}
	if !strings.Contains(pages[1], "Page 1 of 2") || !strings.Contains(pages[2], "Page 2 of 2") {
		t.Errorf("round 2's pages are not numbered 1 and 2 of 2")
	}
}
