package pgn

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// cellsOf makes a copy's cells from movetext as a player wrote it: "_" is
// a blank cell, "~" marks a draw offer on the cell before, "@1:32" its
// clock time.
func cellsOf(movetext string) []sheet.Cell {
	var cells []sheet.Cell
	for _, w := range strings.Fields(movetext) {
		switch {
		case strings.HasPrefix(w, "@"):
			cells[len(cells)-1].Clock = w[1:]
			continue
		case w == "~":
			cells[len(cells)-1].DrawOffer = true
			continue
		case w == "_":
			cells = append(cells, sheet.Cell{})
			continue
		case w == "(=)" || w == "e.p.":
			cells[len(cells)-1].Text += " " + w
			continue
		}
		for _, c := range rules.SplitMovetext(w).Cells {
			cells = append(cells, sheet.Cell{Text: c.Text})
		}
	}
	return cells
}

func gameOf(round, board int, white, black, result, fen, lang, whiteCopy, blackCopy string) sheet.Game {
	g := sheet.Game{Round: round, Board: board, Result: sheet.Result(result), FEN: fen, Date: "2026.11.21",
		White: sheet.Player{Name: white, Rating: 2345, FideID: "14109603", Title: "IM", Federation: "CRO"},
		Black: sheet.Player{Name: black, Rating: 2760}}
	g.Copies[sheet.WhiteCopy] = sheet.Copy{Lang: lang, Cells: cellsOf(whiteCopy)}
	g.Copies[sheet.BlackCopy] = sheet.Copy{Lang: "en", Cells: cellsOf(blackCopy)}
	return g
}

// exportGames is a varied set: promotions, both castlings, en passant,
// draw offers, clocks, an illegal cell, copies that differ, a FEN start,
// quotes, backslashes and non-Latin names.
func exportGames() (*sheet.Event, []sheet.Game) {
	ev := &sheet.Event{Name: `5th "Mikis Theodorakis" Open`, Site: `Zagreb \ Sesvete`, StartDate: "2026.11.20",
		TimeControl: "40/5400+30:1800+30", Rounds: []sheet.Round{{Number: 5, Date: "2026.11.21"}}}
	games := []sheet.Game{
		gameOf(5, 1, "Đurđević, Ante", "Крамник, Владимир", "1-0", "", "hr",
			"1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.L:c6 dc6 5.0-0 f6 6.d4 ed 7.S:d4 c5 8.Sb3 D:d1 9.T:d1 Lg4 10.f3 Le6 (=) ~ "+
				"11.Le3 b6 12.a4 Kf7 13.a5 b5 14.Sc5 Lc4 @1:32 15.Sc3 Se7",
			"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O f6 6.d4 exd4 7.Nxd4 c5 8.Nb3 Qxd1 9.Rxd1 Bg4 10.f3 Be6 ~ "+
				"11.Be3 b6 12.a4 Kf7 13.a5 b5 14.Nc5 Bc4 @1:29 15.Nc3 Ne7"),
		gameOf(5, 2, `O'Brien "The Rock"`, "Müller", "1/2-1/2", "", "en",
			"1.e4 d5 2.e5 f5 3.exf6 Nxf6 4.d4 Nc6 5.Nf3 Bg4 6.Be2 Qd7 7.O-O O-O-O 8.Nd2 e5 9.c3",
			"1.e4 d5 2.e5 f5 3.exf6ep Nxf6 4.d4 Nc6 5.Nf3 Bg4 6.Be2 Qd7 7.O-O O-O-O 8.Nbd2 e5 9.c3"),
		gameOf(5, 3, "Promoter", "Defender", "1-0", "8/P6k/8/8/8/8/6pK/8 w - - 0 60", "en",
			"60.a8Q g1=Q+ 61.Kxg1 Kg6 62.Qg8+ Kf5 63.Qg3",
			"60.a8=Q g1Q+ 61.Kxg1 Kg6 62.Qg8+ Kf5 63.Qg3"),
		gameOf(5, 4, "Illegal", "Writer", "0-1", "", "en",
			"1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.Qc2 O-O 5.Ne4 d5",
			"1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.Qc2 O-O 5.a3 Bxc3+"),
	}
	// The results written on the copies of board 2: they differ.
	games[1].Copies[sheet.WhiteCopy].Result, games[1].Copies[sheet.BlackCopy].Result = "1/2-1/2", "0-1"
	return ev, games
}

func TestWriteReadBack(t *testing.T) {
	ev, games := exportGames()
	var buf bytes.Buffer
	if err := WriteGames(&buf, ev, games); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for i, line := range strings.Split(out, "\n") {
		if len(line) >= 80 {
			t.Errorf("line %d has %d characters: %q", i+1, len(line), line)
		}
		if strings.Contains(line, "  ") {
			t.Errorf("line %d has a double blank: %q", i+1, line)
		}
	}
	for _, want := range []string{`[Event "5th \"Mikis Theodorakis\" Open"]`, `[Site "Zagreb \\ Sesvete"]`, `[Round "5"]`,
		`[Board "2"]`, `[White "O'Brien \"The Rock\""]`, `[WhiteCopyResult "1/2-1/2"]`, `[BlackCopyResult "0-1"]`, "O-O-O", "exf6", "a8=Q", "{(=)}", "[%clk 1:29:00]", `[%copy white "Ne4"]`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s", want)
		}
	}
	first := strings.Split(out, "\n")[:9]
	for i, name := range sevenTags {
		if !strings.HasPrefix(first[i], "["+name+" ") {
			t.Fatalf("tag %d is %q, want %s", i+1, first[i], name)
		}
	}

	sp := NewSplitter(strings.NewReader(out))
	ps := &Parser{File: "out.pgn", KeepMoves: true}
	for gi := range games {
		c, ok := sp.Next()
		if !ok {
			t.Fatalf("game %d missing on read-back", gi+1)
		}
		pg := ps.Parse(c)
		g := &games[gi]
		for _, tag := range GameTags(ev, g) {
			if got := pg.Tag(tag.Name); got != tag.Value {
				t.Errorf("game %d tag %s = %q, want %q", gi+1, tag.Name, got, tag.Value)
			}
		}
		if sheet.Result(pg.Result) != g.Result || sheet.Result(pg.Tag("Result")) != g.Result {
			t.Errorf("game %d result %q / tag %q, want %q", gi+1, pg.Result, pg.Tag("Result"), g.Result)
		}
		rec, _ := sheet.Reconcile(g)
		taken := 0
		for _, ply := range rec.Plies {
			if ply.Move == rules.NoMove {
				break
			}
			if taken >= len(pg.Moves) {
				t.Fatalf("game %d: %d moves read back, want more", gi+1, len(pg.Moves))
			}
			m := pg.Moves[taken]
			if m.Move != ply.Move {
				t.Errorf("game %d ply %d: read %q, wrote %s", gi+1, ply.Ply, m.Text, ply.Before.SAN(ply.Move))
			}
			offer := false
			for _, c := range ply.Copies {
				offer = offer || c != nil && (c.Cell.DrawOffer || c.Reading.DrawOffer)
			}
			if m.DrawOffer != offer {
				t.Errorf("game %d ply %d: draw offer %v, want %v", gi+1, ply.Ply, m.DrawOffer, offer)
			}
			mover := int(ply.Before.Turn())
			if c := ply.Copies[mover]; c != nil {
				if secs, ok := sheet.ParseClock(c.Cell.Clock); ok && m.Clock != formatClock(secs) {
					t.Errorf("game %d ply %d: clock %q, want %s", gi+1, ply.Ply, m.Clock, formatClock(secs))
				}
			}
			for s, c := range ply.Copies {
				if c == nil {
					continue
				}
				named := (c.Reading.Status == rules.StatusOK || c.Reading.Status == rules.StatusNonstandard) && c.Reading.Move == ply.Move
				want := ""
				if !named {
					want = c.Cell.Text
				}
				if m.Written[s] != want {
					t.Errorf("game %d ply %d: copy %d text %q, want %q", gi+1, ply.Ply, s, m.Written[s], want)
				}
			}
			taken++
		}
		if taken != len(pg.Moves) {
			t.Errorf("game %d: %d moves read back, wrote %d", gi+1, len(pg.Moves), taken)
		}
		if !pg.Legal() {
			t.Errorf("game %d read back with problems: %v", gi+1, pg.Problems)
		}
	}
}

// TestWritePGNExtract: pgn-extract reads our export without one error or
// warning.
func TestWritePGNExtract(t *testing.T) {
	bin := xtest.NeedTool(t, "pgn-extract", "/usr/games/pgn-extract")
	ev, games := exportGames()
	path := filepath.Join(t.TempDir(), "export.pgn")
	var buf bytes.Buffer
	if err := WriteGames(&buf, ev, games); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-r", path)
	var report bytes.Buffer
	cmd.Stdout, cmd.Stderr = &report, &report
	if err := cmd.Run(); err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, report.String())
	}
	// -r prints "Processing FILE", one line per game (its players and
	// event), and the count; any problem adds lines before a game's line.
	lines := strings.Split(strings.TrimSpace(report.String()), "\n")
	ok := len(lines) == len(games)+2 && strings.HasPrefix(lines[0], "Processing ") &&
		lines[len(lines)-1] == "4 games matched out of 4."
	for i := 0; ok && i < len(games); i++ {
		ok = strings.HasPrefix(lines[i+1], strings.ReplaceAll(games[i].White.Name, `"`, `\"`)+" - ")
	}
	if !ok {
		t.Fatalf("pgn-extract reported problems:\n%s", report.String())
	}
}
