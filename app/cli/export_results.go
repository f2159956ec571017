package cli

import (
	"fmt"
	"io"

	"scoresheet/app/core"
	"scoresheet/export"
	"scoresheet/internal/atomicfile"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// runExportResults is "scoresheet export --format csv": the results list
// of a round (or of every round).
func runExportResults(st sheet.EventStore, o exportOptions, event string, stdio IO) int {
	var games []sheet.Game
	err := st.EachGame(sheet.GameFilter{Round: o.round}, func(g *sheet.Game) error {
		h := *g
		h.Copies, h.Decisions = [2]sheet.Copy{}, nil
		games = append(games, h)
		return nil
	})
	var byes []trf.Bye
	if err == nil {
		byes, err = core.RoundByes(st, o.round)
	}
	if err == nil {
		err = atomicfile.Write(o.out, func(w io.Writer) error { return export.WriteResultsCSV(w, games, byes, o.lang) })
	}
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet export: %s\n", english.ExplainIn(event, err))
		return ExitError
	}
	fmt.Fprintf(stdio.Stdout, "%s and %d byes written to %s\n", plural(len(games), "board", "boards"), len(byes), o.out)
	return ExitOK
}
