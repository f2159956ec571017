package cli

import (
	"flag"
	"fmt"
	"io"

	"scoresheet/export"
	"scoresheet/sheet"
)

var exportCommand = &command{
	name:    "export",
	summary: "write the event, a round or a game as PGN",
	args:    "--format pgn [--round R] [--board B] --out FILE EVENTFILE",
	help: `
Writes the games of an event file in PGN export format (PGN standard 8):
all games, one round (--round), or one game (--round and --board). Draw
offers, clock times and what each copy had written where it differs from
the move taken go into comments Scoresheet reads back ({(=)},
[%clk h:mm:ss], [%copy white "..."]). The output file is written whole or
not at all.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		format := fs.String("format", "pgn", "output format: pgn")
		round := fs.Int("round", 0, "only this round")
		board := fs.Int("board", 0, "only this board (with --round)")
		out := fs.String("out", "", "output file (required)")
		return func(args []string, stdio IO) int {
			return runExport(fs, *format, *round, *board, *out, args, stdio)
		}
	},
}

// exportFormats are the formats the export command writes, by name.
var exportFormats = map[string]func(w io.Writer, ev *sheet.Event, games []sheet.Game) error{
	"pgn": export.WriteGames,
}

func runExport(fs *flag.FlagSet, format string, round, board int, out string, args []string, stdio IO) int {
	write, ok := exportFormats[format]
	switch {
	case !ok:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: unknown --format %q\n", format)
		return ExitUsage
	case out == "" || len(args) != 1:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: want --out FILE and one EVENTFILE\n")
		fs.Usage()
		return ExitUsage
	case board != 0 && round == 0:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: --board needs --round\n")
		return ExitUsage
	}
	st, err := sheet.Open(args[0])
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %v\n", err)
		return ExitError
	}
	defer st.Close()
	ev, err := st.Event()
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %v\n", err)
		return ExitError
	}
	all, err := st.Games()
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %v\n", err)
		return ExitError
	}
	var games []sheet.Game
	for _, g := range all {
		if (round == 0 || g.Round == round) && (board == 0 || g.Board == board) {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: no game matches (round %d, board %d)\n", round, board)
		return ExitError
	}
	if err := writeFileAtomic(out, func(w io.Writer) error { return write(w, &ev, games) }); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %v\n", err)
		return ExitError
	}
	fmt.Fprintf(stdio.Stdout, "%d games written to %s\n", len(games), out)
	return ExitOK
}
