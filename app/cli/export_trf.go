package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"scoresheet/app/core"
	"scoresheet/internal/atomicfile"
	"scoresheet/locales"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// runExportTRF is "scoresheet export --format trf": the event's TRF
// with its results (core.TRFResults), refused while a finished round has
// boards without a result unless --allow-missing; each round's count,
// the ranks and the tie-breaks used are said.
func runExportTRF(st sheet.EventStore, o exportOptions, event string, stdio IO) int {
	data, done, err := core.TRFResults(st, sheet.GameFilter{Round: o.round}, core.TRFOptions{AllowMissing: o.allowMissing})
	var missing *core.MissingResultsError
	switch {
	case errors.As(err, &missing):
		sayMissing(missing.Boards, stdio)
		fmt.Fprintf(stdio.Stderr, "scoresheet export: nothing written: %s of a finished round without a result (enter them, or give --allow-missing to write their blocks blank)\n",
			plural(len(missing.Boards), "board", "boards"))
		return ExitError
	case err != nil:
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", english.ExplainIn(event, err))
		return ExitError
	}
	sayMissing(done.Missing, stdio)
	for _, g := range done.NotInFile {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: round %d board %d: %s\n", g.Round, g.Board, said("trf."+string(trf.CodeNotInFile), string(trf.CodeNotInFile)))
	}
	if err := atomicfile.Write(o.out, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitError
	}
	for _, rr := range done.Rounds {
		fmt.Fprintf(stdio.Stdout, "round %d: %s (%d changed in the file)\n", rr.Round, plural(rr.Results, "result", "results"), rr.Written)
	}
	sayRanks(done.Ranks, stdio)
	fmt.Fprintf(stdio.Stdout, "%s points set from their rounds, written to %s\n", plural(done.Points, "player's", "players'"), o.out)
	if len(done.NotInFile) > 0 {
		return ExitError
	}
	return ExitOK
}

// sayMissing lists the boards without a result, one a line on stderr.
func sayMissing(boards []sheet.Game, stdio IO) {
	for _, g := range boards {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: round %d board %d (%s - %s): %s\n", g.Round, g.Board, g.White.Name, g.Black.Name,
			said("trf."+string(trf.CodeMissingResult), string(trf.CodeMissingResult)))
	}
}

// sayRanks says how the ranks were written: after which round, by which
// tie-breaks, and the file's tie-breaks not computed.
func sayRanks(r trf.RanksWritten, stdio IO) {
	if r.Round == 0 {
		fmt.Fprintln(stdio.Stdout, "ranks: as read (no round has a result)")
		return
	}
	by := "points, then starting rank (the file names no tie-breaks: no 202 line)"
	switch {
	case slices.Equal(r.TieBreaks, trf.TieBreaksDefault):
	case len(r.TieBreaks) == 0: // a 202 line of codes none of which is computed here
		by = "points, then starting rank (none of the tie-breaks of the file's 202 is computed here)"
	default:
		by = "points, then " + strings.Join(append(slices.Clone(r.TieBreaks), "starting rank"), ", ") + " (the file's 202)"
	}
	fmt.Fprintf(stdio.Stdout, "ranks after round %d: %s; %d changed\n", r.Round, by, r.Changed)
	if len(r.Unknown) > 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: tie-breaks of the file not computed here, left out: %s\n", strings.Join(r.Unknown, ", "))
	}
}

// runRoundExport checks the arguments of an export of whole rounds (trf,
// csv: --out, one event, --round but no --board, a known --lang), opens
// the event as openForExport does and writes it with write
// (runExportTRF, runExportResults). A refusal is said on stderr.
func runRoundExport(fs *flag.FlagSet, o exportOptions, args []string, stdio IO,
	write func(st sheet.EventStore, o exportOptions, event string, stdio IO) int) int {
	if o.out == "" || len(args) != 1 || o.board != 0 || !slices.Contains(locales.Languages(), o.lang) {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: want --out FILE, one EVENT and a known --lang (--format %s takes --round, not --board)\n", o.format)
		fs.Usage()
		return ExitUsage
	}
	st, ok := openForExport(o.out, o.format, args[0], stdio)
	if !ok {
		return ExitError
	}
	defer st.Close()
	return write(st, o, args[0], stdio)
}
