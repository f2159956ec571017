package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// showEvent makes an event that reaches every field of "event show":
// event dates and round dates, copies that differ, clocks, draw offers,
// notes, illegible and unrecorded cells, tags, a decision, a game from a
// FEN, a game whose start cannot be read, an empty game, and names that
// need escaping in JSON (quotes, <, &, a newline). More games than one
// page of the store's reading.
func showEvent(t *testing.T) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "show.scoresheet")
	st, err := sqlitestore.Create(file, sheet.Event{Name: `Open "<A&B>"`, Site: "Zagreb", StartDate: "2026.11.20",
		EndDate: "2026.11.28", TimeControl: "40/5400+30:1800+30",
		Rounds: []sheet.Round{{Number: 1, Date: "2026.11.20"}, {Number: 2}, {Number: 3, Date: "2026.11.22"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cells := func(texts ...string) []sheet.Cell {
		var cs []sheet.Cell
		for _, s := range texts {
			cs = append(cs, sheet.Cell{Text: s})
		}
		return cs
	}
	at := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	var games []sheet.Game
	g := sheet.Game{Round: 1, Board: 1, Result: "1-0", Date: "2026.11.20",
		White: sheet.Player{Name: "Đurđević, \"Ivo\"", FideID: "14500000", Rating: 2412, Federation: "SRB", Title: "IM"},
		Black: sheet.Player{Name: "Крамник\nВ.", Rating: 2753},
		Tags:  map[string]string{"ECO": "C60", "Annotator": "<x> & y"}}
	g.Copies[0] = sheet.Copy{Lang: "de", Cells: cells("e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "Lc6:", "dc6", "0-0")}
	g.Copies[1] = sheet.Copy{Lang: "en", Cells: cells("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "bxc6", "O-O", "f6")}
	g.Copies[0].Cells[4].DrawOffer = true
	g.Copies[0].Cells[0].Clock = "1:29:50"
	g.Copies[1].Cells[1].Clock = "1:29:40"
	g.Copies[1].Cells[2].Note = "smudged"
	g.Copies[1].Cells[3].Illegible = true
	g.Copies[0].Cells[5].NotRecorded = true
	g.Decisions = []sheet.Decision{{Ply: 8, Move: "d7c6", By: "IA", At: at}}
	games = append(games, g)
	games = append(games, sheet.Game{Round: 1, Board: 2, Result: "*",
		FEN:    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		Copies: [2]sheet.Copy{{Lang: "en", Cells: cells("e4", "Kd7", "Kf2")}, {Lang: "en", Cells: cells("e4", "Ke7")}}})
	games = append(games, sheet.Game{Round: 2, Board: 1, FEN: "not a position",
		Copies: [2]sheet.Copy{{Lang: "en", Cells: cells("e4")}, {Lang: "en"}}})
	games = append(games, sheet.Game{Round: 3, Board: 1})
	for b := 2; b <= 70; b++ {
		w := sheet.Game{Round: 3, Board: b, White: sheet.Player{Name: "W"}, Black: sheet.Player{Name: "B"}, Result: "1/2-1/2"}
		w.Copies[0] = sheet.Copy{Lang: "en", Cells: cells("d4", "d5", "c4")[:b%4]}
		w.Copies[1] = sheet.Copy{Lang: "fr", Cells: cells("d4", "d5", "c4", "e6")[:b%5]}
		games = append(games, w)
	}
	if _, err := st.AddGames(games); err != nil {
		t.Fatal(err)
	}
	return file
}

// checkGolden compares got with testdata/name (rewritten with -update).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	xtest.Golden(t, filepath.Join("testdata", name), got, *updateGolden, nil, "go test ./app/cli -update")
}

// "event show" prints, byte for byte, what the golden files hold: they
// were written by the version that built the whole document in memory
// before printing it, so the streamed output is the same document.
func TestEventShowGolden(t *testing.T) {
	file := showEvent(t)
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"show.json.golden", []string{"event", "show", file, "--json"}},
		{"show.txt.golden", []string{"event", "show", file}},
	} {
		code, out, errs := run(t, "", c.args...)
		if code != ExitOK || errs != "" {
			t.Fatalf("%v: exit %d, %s", c.args, code, errs)
		}
		checkGolden(t, c.golden, out)
	}
}

// An event without games shows an empty list.
func TestEventShowNoGames(t *testing.T) {
	file := filepath.Join(t.TempDir(), "empty.scoresheet")
	if code, _, e := run(t, "", "event", "new", file, "--name", "Empty"); code != 0 {
		t.Fatal(e)
	}
	code, out, _ := run(t, "", "event", "show", file, "--json")
	want := "{\n  \"event\": {\n    \"name\": \"Empty\",\n    \"kind\": \"standard\",\n    \"rounds\": []\n  },\n  \"games\": []\n}\n"
	if code != ExitOK || out != want {
		t.Fatalf("exit %d\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = run(t, "", "event", "show", file)
	if code != ExitOK || out != "Empty\n" {
		t.Fatalf("exit %d %q", code, out)
	}
}

// The streamed JSON is the ShowDoc document encoded whole, as "event
// show --json" printed it before it streamed.
func TestShowJSONEqualsWholeDocument(t *testing.T) {
	st, err := sqlitestore.Open(showEvent(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ev, _ := st.Event()
	games, err := st.Games()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, len(games)} {
		doc := ShowDoc{Event: eventJSON(ev), Games: []GameDoc{}}
		var streamed bytes.Buffer
		bw := bufio.NewWriter(&streamed)
		s := newShowJSON(bw)
		if err := s.head(doc.Event); err != nil {
			t.Fatal(err)
		}
		for i := range games[:n] {
			gd := gameView(&games[i], ev.Conditions())
			doc.Games = append(doc.Games, gd)
			if err := s.game(gd); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.end(); err != nil {
			t.Fatal(err)
		}
		bw.Flush()
		var whole bytes.Buffer
		enc := json.NewEncoder(&whole)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			t.Fatal(err)
		}
		if streamed.String() != whole.String() {
			t.Fatalf("%d games: streamed JSON differs from the whole document:\n%s\nwant\n%s", n, streamed.String(), whole.String())
		}
	}
}
