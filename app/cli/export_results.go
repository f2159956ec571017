package cli

import (
	"flag"
	"fmt"
	"io"

	"scoresheet/export"
	"scoresheet/export/trf"
	"scoresheet/internal/atomicfile"
	"scoresheet/sheet"
)

// roundByes returns the byes of a round (every round when round is 0)
// from the TRF the event was imported from; none when there is none.
func roundByes(st *sheet.Store, round int) ([]trf.Bye, error) {
	src, ok, err := st.Source("trf")
	if err != nil || !ok {
		return nil, err
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return nil, err
	}
	var byes []trf.Bye
	for r := 1; r <= f.RoundsPresent(); r++ {
		if round == 0 || r == round {
			_, bs := f.Round(r)
			byes = append(byes, bs...)
		}
	}
	return byes, nil
}

// runExportResults is "scoresheet export --format csv": the results list
// of a round (or of every round).
func runExportResults(fs *flag.FlagSet, o exportOptions, args []string, stdio IO) int {
	st, code := openRoundExport(fs, o, args, stdio)
	if st == nil {
		return code
	}
	defer st.Close()
	var games []sheet.Game
	err := st.EachGame(sheet.GameFilter{Round: o.round}, func(g *sheet.Game) error {
		h := *g
		h.Copies, h.Decisions = [2]sheet.Copy{}, nil
		games = append(games, h)
		return nil
	})
	var byes []trf.Bye
	if err == nil {
		byes, err = roundByes(st, o.round)
	}
	if err == nil {
		err = atomicfile.Write(o.out, func(w io.Writer) error { return export.WriteResultsCSV(w, games, byes, o.lang) })
	}
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", explainTRF(args[0], err))
		return ExitError
	}
	fmt.Fprintf(stdio.Stdout, "%s and %d byes written to %s\n", plural(len(games), "board", "boards"), len(byes), o.out)
	return ExitOK
}
