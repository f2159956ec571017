package cli

import (
	"flag"
	"fmt"
	"strings"

	"scoresheet/sheet"
)

// resultWords lists results as a flag's help and a refusal say them:
// "1-0, 0-1, ... or \"\"" (the game's, sheet.Results) or the copies'
// (sheet.CopyResults, "" for none written).
func resultWords(list []sheet.Result) string {
	var words []string
	for _, r := range list {
		if r != sheet.NoResult {
			words = append(words, string(r))
		}
	}
	return strings.Join(words, ", ") + ` or ""`
}

// readResult reads a result flag (sheet.ParseResult): a game's when game,
// else a copy's. A refusal is said on stderr; ok is false.
func readResult(stdio IO, cmd, flag, value string, game bool) (sheet.Result, bool) {
	r, ok := sheet.ParseResult(value)
	list := sheet.Results
	if !game {
		ok, list = ok && sheet.ValidCopyResult(r), append([]sheet.Result{sheet.NoResult}, sheet.CopyResults...)
	}
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet %s: --%s %q: want %s\n", cmd, flag, value, resultWords(list))
	}
	return r, ok
}

// eventResult sets a board's results: the game's (--game), and the one
// written on White's or Black's copy (--white-copy, --black-copy; ""
// for none written). Only the flags given change; every value is checked
// before anything is written.
func eventResult(file string, args []string, stdio IO) int {
	fs, round, board := gameFlags("result", stdio)
	game := fs.String("game", "", "the game's result: "+resultWords(sheet.Results)+" (forfeits +/-, -/+, -/-)")
	var copies [2]*string
	copies[sheet.WhiteCopy] = fs.String("white-copy", "", "the result written on White's copy: "+resultWords(sheet.CopyResults)+" (none)")
	copies[sheet.BlackCopy] = fs.String("black-copy", "", "the result written on Black's copy: "+resultWords(sheet.CopyResults)+" (none)")
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
	result, ok := readResult(stdio, "event result", "game", *game, true)
	if !ok {
		return ExitUsage
	}
	var copyResults [2]sheet.Result
	for s, r := range copies {
		if copyResults[s], ok = readResult(stdio, "event result", sheet.Side(s).String()+"-copy", *r, false); !ok {
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
	ed := sheet.NewEditor(st, &g)
	for s, r := range copyResults {
		if set[sheet.Side(s).String()+"-copy"] {
			if err := ed.SetCopyResult(sheet.Side(s), r); err != nil {
				return failWrite(stdio, "result", err)
			}
		}
	}
	if set["game"] {
		h := g
		h.Result = result
		if err := ed.SetHeader(h); err != nil {
			return failWrite(stdio, "result", err)
		}
	}
	return ExitOK
}
