package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"scoresheet/app/core"
	"scoresheet/export"
	"scoresheet/internal/atomicfile"
	"scoresheet/locales"
	"scoresheet/sheet"
)

var exportCommand = &command{
	name:    "export",
	summary: "write the event, a round or a game as PGN, PDF scoresheets, blank forms or a workbook",
	args:    "--format pgn|pdf|forms|xlsx|results-pdf|trf|csv [--round R] [--board B] [--paper a4|letter] [--notation figurine|CODE] [--lang CODE] [--allow-missing] --out FILE EVENT",
	help: `
Writes the games of an event file: all games, one round (--round), or
one game (--round and --board), as
  pgn    PGN export format (PGN standard 8); draw offers, clock times and
         what each copy had written where it differs from the move taken
         go into comments Scoresheet reads back ({(=)}, [%clk h:mm:ss],
         [%copy white "..."]);
  pdf    filled scoresheets, one per game, with the findings as footnotes;
  forms  blank scoresheets for the round, one per player per board, with
         the header filled in;
  xlsx   the event workbook: a Games sheet and a sheet per game;
  results-pdf
         the results list of a round (or of each round, a page each),
         for the wall and for typing into the pairing program: board,
         White (rating), result, Black (rating), then the byes; a result
         the arbiter checks question (copies' results differ, the
         pairing program's differs, the position does not allow it) is
         marked "!" in red and said under the list;
  trf    the pairing program's TRF the event was imported from, with the
         results entered here in both players' round blocks (all rounds,
         or --round; a board with none blank), every player's points
         (columns 81-84) counted again from his blocks, and the ranks
         (columns 86-89) from the standings after the last round with
         results (tie-breaks of the file's 202 line, else points then
         starting rank); every other line and column as read. A board of
         a finished round (one with a result, or followed by a paired
         round) without a result is listed and nothing is written
         (exit status 1) unless --allow-missing;
  csv    the results list of a round (or all): board, players with their
         starting ranks and ratings, result (forfeits +/-), then the
         byes; headings in --lang.
--notation spells the moves in PDF and workbook: figurine, or the piece
letters of a language (de, fr, ...); PGN is always English SAN. --lang is
the language of the printed words (headings, footnotes) of pdf, forms,
results-pdf and xlsx. The output file is written whole or not at all.
--out never replaces an event file (nor its -wal, -shm or -journal), a
folder, a read-only file, a file you may not write (another user's), or a
file that does not already hold the format written (PGN text, a PDF, a
workbook): the export is refused, exit status 1. A file replaced keeps its
permissions, owner and group; a new file gets the mode of your umask; a
symbolic link is written through (the file it leads to is replaced, the
link stays).`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		var o exportOptions
		fs.StringVar(&o.format, "format", "pgn", "output format: pgn, pdf, forms, xlsx, results-pdf, trf or csv")
		fs.IntVar(&o.round, "round", 0, "only this round")
		fs.IntVar(&o.board, "board", 0, "only this board (with --round)")
		fs.StringVar(&o.paper, "paper", "a4", "paper size of pdf, forms and results-pdf: a4 or letter")
		fs.StringVar(&o.notation, "notation", "", "notation of pdf and xlsx: figurine, or a language code (default English letters)")
		fs.StringVar(&o.lang, "lang", locales.Default, "language of the printed words of pdf, forms and xlsx: "+strings.Join(locales.Languages(), ", "))
		fs.StringVar(&o.out, "out", "", "output file (required)")
		fs.BoolVar(&o.allowMissing, "allow-missing", false, "trf: write the file even with boards of a finished round without a result (their blocks blank)")
		return func(args []string, stdio IO) int {
			return runExport(fs, o, args, stdio)
		}
	},
}

type exportOptions struct {
	format, paper, notation, lang, out string
	round, board                       int
	allowMissing                       bool // trf: write a finished round's boards without a result
}

// parse reads the flags' format and printing options.
func (o exportOptions) parse() (core.Format, core.Options, error) {
	format, err := core.ParseFormat(o.format)
	if err != nil {
		return "", core.Options{}, err
	}
	paper, err := export.ParsePaper(o.paper)
	if err != nil {
		return "", core.Options{}, err
	}
	notation, err := export.ParseNotation(o.notation)
	if err != nil {
		return "", core.Options{}, err
	}
	if !slices.Contains(locales.Languages(), o.lang) {
		return "", core.Options{}, fmt.Errorf("unknown --lang %q (known: %s)", o.lang, strings.Join(locales.Languages(), ", "))
	}
	return format, core.Options{Paper: paper, Notation: notation, Lang: o.lang}, nil
}

func runExport(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) int {
	switch o.format {
	case "trf":
		return runRoundExport(fs, o, args, stdio, runExportTRF)
	case "csv":
		return runRoundExport(fs, o, args, stdio, runExportResults)
	}
	scope, out := core.Scope{Round: o.round, Board: o.board}, o.out
	format, opt, err := o.parse()
	switch {
	case err != nil:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitUsage
	case out == "" || len(args) != 1:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: want --out FILE and one EVENT\n")
		fs.Usage()
		return ExitUsage
	case scope.Board != 0 && scope.Round == 0:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: --board needs --round\n")
		return ExitUsage
	}
	st, ok := openForExport(out, string(format), args[0], stdio)
	if !ok {
		return ExitError
	}
	defer st.Close()
	ev, err := st.Event()
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return exitFor(err)
	}
	// The games are read from the store a page at a time as they are
	// written: the event is never in memory whole.
	written := 0
	var left *core.NotWrittenError
	err = atomicfile.Write(out, func(w io.Writer) error {
		written, err = core.Export(w, st, &ev, format, scope, opt, nil)
		if errors.As(err, &left) && written > 0 {
			return nil // the others are written; the games left out are said
		}
		return err
	})
	var xe *core.ExportError
	if errors.As(err, &xe) && xe.Code == "export-nogame" {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: no game matches (round %d, board %d)\n", scope.Round, scope.Board)
		return ExitError
	}
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return exitFor(err)
	}
	one, many := "game", "games"
	if format == core.FormatResults {
		one, many = "board", "boards" // as the results list's CSV says them
	}
	fmt.Fprintf(stdio.Stdout, "%s written to %s\n", plural(written, one, many), out)
	if left != nil {
		for _, line := range strings.Split(Explain(left), "\n") {
			fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", line)
		}
		return ExitError
	}
	return ExitOK
}

// openForExport checks --out, then opens the event: before anything is
// read, --out must not be the event or a file of another kind
// (export.CheckOut says which files are replaced). ok is false when
// either failed, said on stderr.
func openForExport(out, format, event string, stdio IO) (st sheet.EventStore, ok bool) {
	if err := export.CheckOut(out, format); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return nil, false
	}
	st, err := openStore(event, "export", stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return nil, false
	}
	return st, true
}
