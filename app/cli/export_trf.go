package cli

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"slices"

	"scoresheet/export/trf"
	"scoresheet/internal/atomicfile"
	"scoresheet/locales"
	"scoresheet/sheet"
)

// TRFResults writes the results of an event's boards (all rounds, or
// round when not 0) into the TRF it was imported from, and returns the
// file's bytes: only the result columns of the two players' blocks of a
// board whose result differs from the file's change. notInFile is told
// of each board with a result whose pairing the file does not have.
func TRFResults(st sheet.EventStore, round int, notInFile func(g *sheet.Game)) (out []byte, changed int, err error) {
	src, ok, err := st.Source("trf")
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		return nil, 0, &trf.Error{Line: 1, Col: 1, Code: trf.CodeNoSource}
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return nil, 0, err
	}
	err = st.EachGame(sheet.GameFilter{Round: round}, func(g *sheet.Game) error {
		w, _, fromTRF := trf.Ranks(g)
		if !fromTRF || g.Result == "" || g.Result == "*" {
			return nil
		}
		c, ok := f.SetResult(g.Round, w, g.Result)
		if !ok && notInFile != nil {
			notInFile(g)
		}
		if c {
			changed++
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	out = f.Bytes()
	if bom := []byte("\ufeff"); bytes.HasPrefix(src.Body, bom) {
		out = append(bom, out...)
	}
	return out, changed, nil
}

// runExportTRF is "scoresheet export --format trf".
func runExportTRF(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) int {
	st, code := openRoundExport(fs, o, args, stdio)
	if st == nil {
		return code
	}
	defer st.Close()
	missing := 0
	data, changed, err := TRFResults(st, o.round, func(g *sheet.Game) {
		missing++
		fmt.Fprintf(stdio.Stderr, "scoresheet export: round %d board %d: %s\n", g.Round, g.Board, said("trf."+string(trf.CodeNotInFile), string(trf.CodeNotInFile)))
	})
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", explainTRF(args[0], err))
		return ExitError
	}
	if err := atomicfile.Write(o.out, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", Explain(err))
		return exitFor(err)
	}
	fmt.Fprintf(stdio.Stdout, "%s changed, written to %s\n", plural(changed, "result", "results"), o.out)
	if missing > 0 {
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
