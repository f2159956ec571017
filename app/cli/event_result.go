package cli

import (
	"flag"
	"fmt"
	"slices"

	"scoresheet/sheet"
)

// gameResults are the results a game can have ("" for none yet).
var gameResults = []string{"", "1-0", "0-1", "1/2-1/2", "*"}

// eventResult sets a board's results: the game's (--game), and the one
// written on White's or Black's copy (--white-copy, --black-copy; ""
// for none written). Only the flags given change; every value is checked
// before anything is written.
func eventResult(file string, args []string, stdio IO) int {
	fs := subFlags("result", stdio)
	round := fs.Int("round", 0, "round number (required)")
	board := fs.Int("board", 0, "board number (required)")
	game := fs.String("game", "", "the game's result: 1-0, 0-1, 1/2-1/2, * or \"\"")
	var copies [2]*string
	copies[sheet.WhiteCopy] = fs.String("white-copy", "", "the result written on White's copy: 1-0, 0-1, 1/2-1/2 or \"\" (none)")
	copies[sheet.BlackCopy] = fs.String("black-copy", "", "the result written on Black's copy: 1-0, 0-1, 1/2-1/2 or \"\" (none)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *round <= 0 || *board <= 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event result: --round and --board are required and positive\n")
		return ExitUsage
	}
	if !set["game"] && !set["white-copy"] && !set["black-copy"] {
		fmt.Fprintf(stdio.Stderr, "scoresheet event result: nothing to change (give --game, --white-copy or --black-copy)\n")
		return ExitUsage
	}
	if !slices.Contains(gameResults, *game) {
		fmt.Fprintf(stdio.Stderr, "scoresheet event result: --game %q: want 1-0, 0-1, 1/2-1/2, * or \"\"\n", *game)
		return ExitUsage
	}
	for s, r := range copies {
		if !sheet.ValidCopyResult(*r) {
			fmt.Fprintf(stdio.Stderr, "scoresheet event result: --%s-copy %q: want 1-0, 0-1, 1/2-1/2 or \"\" (none written)\n", sheet.Side(s), *r)
			return ExitUsage
		}
	}
	st, g, err := openGameAt(file, "result", stdio, *round, *board)
	if err != nil {
		return fail(stdio, "result", err)
	}
	defer st.Close()
	// Each result is written only if it still holds what was read: one
	// another writer set meanwhile is not overwritten (store-conflict).
	for s, r := range copies {
		if set[sheet.Side(s).String()+"-copy"] {
			if err := st.SetCopyResultIf(g.ID, sheet.Side(s), g.Copies[s].Result, *r); err != nil {
				sayConflict(stdio, "result", err)
				return fail(stdio, "result", err)
			}
		}
	}
	if set["game"] {
		n := g
		n.Result = *game
		if err := st.SetHeaderIf(g, n); err != nil {
			sayConflict(stdio, "result", err)
			return fail(stdio, "result", err)
		}
	}
	return ExitOK
}
