package core

import (
	"bytes"
	"strings"
	"testing"

	"scoresheet/pgn"
	"scoresheet/sheet"
)

// readOne parses the one game of a PGN text.
func readOne(t *testing.T, text string) *pgn.PGNGame {
	t.Helper()
	c, ok := pgn.NewSplitter(strings.NewReader(text)).Next()
	if !ok {
		t.Fatal("no game")
	}
	return (&pgn.Parser{File: "g.pgn", KeepMoves: true}).Parse(c)
}

// TestPGNCopyResults: the results written on the copies go out as
// WhiteCopyResult and BlackCopyResult and come back on the copies; a
// value no copy can hold stays a tag of the game, as written.
func TestPGNCopyResults(t *testing.T) {
	g := sheet.Game{Round: 1, Board: 1, Result: "0-1", White: sheet.Player{Name: "A"}, Black: sheet.Player{Name: "B"}}
	g.Copies[sheet.WhiteCopy] = sheet.Copy{Lang: "en", Cells: []sheet.Cell{{Text: "e4"}}, Result: "1-0"}
	g.Copies[sheet.BlackCopy] = sheet.Copy{Lang: "en", Cells: []sheet.Cell{{Text: "e4"}}, Result: "0-1"}
	var buf bytes.Buffer
	if err := pgn.WriteGame(&buf, nil, &g); err != nil {
		t.Fatal(err)
	}
	back := GameFromPGN(readOne(t, buf.String()), "en")
	if back.Copies[sheet.WhiteCopy].Result != "1-0" || back.Copies[sheet.BlackCopy].Result != "0-1" || len(back.Tags) != 0 {
		t.Errorf("read back: copies' results %q %q, tags %v\n%s", back.Copies[0].Result, back.Copies[1].Result, back.Tags, buf.String())
	}
	odd := GameFromPGN(readOne(t, "[White \"A\"]\n[Black \"B\"]\n[WhiteCopyResult \"2-0\"]\n\n1. e4 *\n"), "en")
	if odd.Copies[sheet.WhiteCopy].Result != "" || odd.Tags["WhiteCopyResult"] != "2-0" {
		t.Errorf("a result no copy holds: copy %q, tags %v", odd.Copies[sheet.WhiteCopy].Result, odd.Tags)
	}
}
