package cli

import (
	"errors"
	"fmt"

	"scoresheet/sheet"
)

// eventMark marks one cell of a copy as the Laws' special cases need it
// (sheet.CellMark): a draw claimed with the intended move, a sealed move,
// where recording stopped under 8.4, or nothing, through sheet.Editor.Mark
// as the window does (one past the last cell adds a blank cell). The
// cell's writing is kept as it is; the cell is written only if no other
// program changed it since it was read (store-conflict otherwise).
func eventMark(file string, args []string, stdio IO) int {
	fs, round, board := gameFlags("mark", stdio)
	copyName := fs.String("copy", "", "whose copy: white or black (required)")
	ply := fs.Int("ply", 0, "the cell's half-move, from 1; one past the last cell adds a blank cell (required)")
	markText := fs.String("mark", "", "claim-repetition, claim-fifty-moves, sealed, recording-stopped or none (required)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	side, known := sheet.Who(*copyName).Side()
	if !known {
		fmt.Fprintf(stdio.Stderr, "scoresheet event mark: --copy must be white or black\n")
		return ExitUsage
	}
	mark, ok := sheet.ParseCellMark(*markText)
	if *markText == "none" {
		mark, ok = sheet.MarkNone, true
	} else if mark == sheet.MarkNone {
		ok = false // "" is not a mark's name: none is said
	}
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet event mark: --mark %q: want claim-repetition, claim-fifty-moves, sealed, recording-stopped or none\n", *markText)
		return ExitUsage
	}
	if *ply < 1 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event mark: --ply is required and from 1\n")
		return ExitUsage
	}
	st, g, err := openGameAt(file, "mark", stdio, *round, *board)
	if err != nil {
		return fail(stdio, "mark", err)
	}
	defer st.Close()
	err = sheet.NewEditor(st, &g).Mark(side, *ply-1, mark)
	var ee *sheet.EditError
	if errors.As(err, &ee) && ee.Code == "edit-bad-index" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event mark: --ply %d: the copy has %d cells\n", *ply, len(g.Copies[side].Cells))
		return ExitUsage
	}
	if err != nil {
		return failWrite(stdio, "mark", err)
	}
	return ExitOK
}
