package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"scoresheet/app/core"
	"scoresheet/internal/atomicfile"
	"scoresheet/locales"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// runExportTRF is "scoresheet export --format trf".
func runExportTRF(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) int {
	st, code := openRoundExport(fs, o, args, stdio)
	if st == nil {
		return code
	}
	defer st.Close()
	data, done, err := core.TRFResults(st, sheet.GameFilter{Round: o.round})
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", english.ExplainIn(args[0], err))
		return ExitError
	}
	for _, g := range done.NotInFile {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: round %d board %d: %s\n", g.Round, g.Board, said("trf."+string(trf.CodeNotInFile), string(trf.CodeNotInFile)))
	}
	if err := atomicfile.Write(o.out, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return ExitError
	}
	fmt.Fprintf(stdio.Stdout, "%s changed, %s points set from their rounds, written to %s\n",
		plural(done.Results, "result", "results"), plural(done.Points, "player's", "players'"), o.out)
	if len(done.NotInFile) > 0 {
		return ExitError
	}
	return ExitOK
}

// openRoundExport checks the arguments of an export of whole rounds (trf,
// csv: --out, one event, --round but no --board, a known --lang) and
// opens the event as openForExport does. A nil store comes with the exit
// status, the reason said on stderr.
func openRoundExport(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) (sheet.EventStore, int) {
	if o.out == "" || len(args) != 1 || o.board != 0 || !slices.Contains(locales.Languages(), o.lang) {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: want --out FILE, one EVENT and a known --lang (--format %s takes --round, not --board)\n", o.format)
		fs.Usage()
		return nil, ExitUsage
	}
	st, ok := openForExport(o.out, o.format, args[0], stdio)
	if !ok {
		return nil, ExitError
	}
	return st, ExitOK
}
