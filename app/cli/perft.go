package cli

import (
	"bufio"
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"scoresheet/rules"
)

// maxPerftDepth bounds DEPTH; deeper searches would run for days.
const maxPerftDepth = 12

var perftCommand = &command{
	name:    "perft",
	summary: "count the leaf nodes of the legal move tree from a position",
	args:    "[--divide] FEN DEPTH",
	help: `
Prints the number of move sequences of exactly DEPTH plies from the
position FEN (DEPTH 0 to 12). FEN is best quoted as one argument; its
fields may also be given as separate arguments.

With --divide, prints one line "MOVE: NODES" per legal move, sorted by
its UCI notation, then a blank line and "Nodes searched: N", like
Stockfish's "go perft", so the two outputs can be compared with diff.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		divide := fs.Bool("divide", false, "print the node count below each legal move")
		return func(args []string, stdio IO) int {
			return runPerft(fs, *divide, args, stdio)
		}
	},
}

func runPerft(fs *flag.FlagSet, divide bool, args []string, stdio IO) int {
	if len(args) < 2 {
		fmt.Fprintf(stdio.Stderr, "scoresheet perft: want FEN and DEPTH\n")
		fs.Usage()
		return ExitUsage
	}
	fen := strings.Join(args[:len(args)-1], " ")
	depthArg := args[len(args)-1]
	depth, err := strconv.Atoi(depthArg)
	if err != nil || depth < 0 || depth > maxPerftDepth {
		fmt.Fprintf(stdio.Stderr, "scoresheet perft: DEPTH must be an integer from 0 to %d, not %q\n", maxPerftDepth, depthArg)
		return ExitUsage
	}
	if divide && depth < 1 {
		fmt.Fprintf(stdio.Stderr, "scoresheet perft: --divide needs DEPTH 1 or more\n")
		return ExitUsage
	}
	pos, err := rules.ParseFEN(fen)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet perft: %s\n", Explain(err))
		return ExitUsage
	}

	w := bufio.NewWriter(stdio.Stdout)
	if !divide {
		fmt.Fprintln(w, rules.Perft(pos, depth))
	} else {
		type line struct {
			uci   string
			nodes uint64
		}
		entries := rules.PerftDivide(pos, depth)
		lines := make([]line, len(entries))
		for i, e := range entries {
			lines[i] = line{e.Move.UCI(), e.Nodes}
		}
		sort.Slice(lines, func(i, j int) bool { return lines[i].uci < lines[j].uci })
		var total uint64
		for _, l := range lines {
			fmt.Fprintf(w, "%s: %d\n", l.uci, l.nodes)
			total += l.nodes
		}
		fmt.Fprintf(w, "\nNodes searched: %d\n", total)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet perft: %s\n", Explain(err))
		return ExitError
	}
	return ExitOK
}
