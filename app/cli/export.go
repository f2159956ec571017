package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"scoresheet/export"
	"scoresheet/internal/atomicfile"
	"scoresheet/locales"
	"scoresheet/sheet"
)

var exportCommand = &command{
	name:    "export",
	summary: "write the event, a round or a game as PGN, PDF scoresheets, blank forms or a workbook",
	args:    "--format pgn|pdf|forms|xlsx|trf|csv [--round R] [--board B] [--paper a4|letter] [--notation figurine|CODE] [--lang CODE] --out FILE EVENTFILE",
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
  trf    the pairing program's TRF the event was imported from, with the
         results entered here in both players' round blocks (all rounds,
         or --round); every other line and column as read;
  csv    the results list of a round (or all): board, players with their
         starting ranks and ratings, result (forfeits +/-), then the
         byes; headings in --lang.
--notation spells the moves in PDF and workbook: figurine, or the piece
letters of a language (de, fr, ...); PGN is always English SAN. --lang is
the language of the printed words (headings, footnotes) of pdf, forms and
xlsx. The output file is written whole or not at all.
--out never replaces an event file (nor its -wal, -shm or -journal), a
folder, a read-only file, or a file that does not already hold the format
written (PGN text, a PDF, a workbook): the export is refused, exit status
1. A file replaced keeps its permissions; a symbolic link is written
through (the file it leads to is replaced, the link stays).`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		var o exportOptions
		fs.StringVar(&o.format, "format", "pgn", "output format: pgn, pdf, forms, xlsx, trf or csv")
		fs.IntVar(&o.round, "round", 0, "only this round")
		fs.IntVar(&o.board, "board", 0, "only this board (with --round)")
		fs.StringVar(&o.paper, "paper", "a4", "paper size of pdf and forms: a4 or letter")
		fs.StringVar(&o.notation, "notation", "", "notation of pdf and xlsx: figurine, or a language code (default English letters)")
		fs.StringVar(&o.lang, "lang", locales.Default, "language of the printed words of pdf, forms and xlsx: "+strings.Join(locales.Languages(), ", "))
		fs.StringVar(&o.out, "out", "", "output file (required)")
		return func(args []string, stdio IO) int {
			return runExport(fs, o, args, stdio)
		}
	},
}

type exportOptions struct {
	format, paper, notation, lang, out string
	round, board                       int
}

// exportWriter returns the writer of a format with its options applied.
func exportWriter(o exportOptions) (func(w io.Writer, ev *sheet.Event, games export.Games) error, error) {
	paper, err := export.ParsePaper(o.paper)
	if err != nil {
		return nil, err
	}
	notation, err := export.ParseNotation(o.notation)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(locales.Languages(), o.lang) {
		return nil, fmt.Errorf("unknown --lang %q (known: %s)", o.lang, strings.Join(locales.Languages(), ", "))
	}
	pdf := export.PDFOptions{Paper: paper, Notation: notation, Lang: o.lang}
	switch o.format {
	case "pgn":
		return export.WriteGamesFrom, nil
	case "pdf":
		return func(w io.Writer, ev *sheet.Event, g export.Games) error { return export.WritePDFFrom(w, ev, g, pdf) }, nil
	case "forms":
		return func(w io.Writer, ev *sheet.Event, g export.Games) error { return export.WriteFormsFrom(w, ev, g, pdf) }, nil
	case "xlsx":
		x := export.XLSXOptions{Notation: notation, Lang: o.lang}
		return func(w io.Writer, ev *sheet.Event, g export.Games) error { return export.WriteXLSXFrom(w, ev, g, x) }, nil
	}
	return nil, fmt.Errorf("unknown --format %q", o.format)
}

func runExport(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) int {
	switch o.format {
	case "trf":
		return runExportTRF(fs, o, args, stdio)
	case "csv":
		return runExportResults(fs, o, args, stdio)
	}
	round, board, out := o.round, o.board, o.out
	write, err := exportWriter(o)
	switch {
	case err != nil:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitUsage
	case out == "" || len(args) != 1:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: want --out FILE and one EVENTFILE\n")
		fs.Usage()
		return ExitUsage
	case board != 0 && round == 0:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: --board needs --round\n")
		return ExitUsage
	}
	st, ok := openForExport(out, o.format, args[0], stdio)
	if !ok {
		return ExitError
	}
	defer st.Close()
	ev, err := st.Event()
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitError
	}
	// The games are read from the store a page at a time as they are
	// written: the event is never in memory whole.
	filter := sheet.GameFilter{Round: round, Board: board}
	total, err := st.CountGames(filter)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitError
	}
	if total == 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: no game matches (round %d, board %d)\n", round, board)
		return ExitError
	}
	written := 0
	src := export.StoreGames(st, filter, total)
	games := export.Games{Total: total, Each: func(fn func(g *sheet.Game) error) error {
		return src.Each(func(g *sheet.Game) error { written++; return fn(g) })
	}}
	if err := atomicfile.Write(out, func(w io.Writer) error { return write(w, &ev, games) }); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitError
	}
	fmt.Fprintf(stdio.Stdout, "%s written to %s\n", plural(written, "game", "games"), out)
	return ExitOK
}

// openForExport checks --out, then opens the event: before anything is
// read, --out must not be the event or a file of another kind
// (export.CheckOut says which files are replaced). ok is false when
// either failed, said on stderr.
func openForExport(out, format, event string, stdio IO) (st *sheet.Store, ok bool) {
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
