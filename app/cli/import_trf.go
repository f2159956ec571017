package cli

import (
	"errors"
	"fmt"

	"scoresheet/app/core"
	"scoresheet/export/trf"
	"scoresheet/sheet"
)

// explainTRF says a TRF error with its file, line and column.
func explainTRF(path string, err error) string {
	var te *trf.Error
	if !errors.As(err, &te) {
		return Explain(err)
	}
	s := fmt.Sprintf("%s:%d:%d: %s", path, te.Line, te.Col, said("trf."+string(te.Code), string(te.Code)))
	if te.Text != "" {
		s += fmt.Sprintf(" (%q)", te.Text)
	}
	return s
}

// runImportTRF is "scoresheet import" of a TRF: the rounds' boards and
// byes on stdout, the notes on stderr (exit status 1 when there are any,
// as for a PGN game not imported).
func runImportTRF(st sheet.EventStore, path string, data []byte, lang string, stdio IO) int {
	done, err := core.ImportTRF(st, path, data, lang)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", explainTRF(path, err))
		return ExitError
	}
	for _, b := range done.Byes {
		fmt.Fprintf(stdio.Stdout, "round %d: bye %c: %d %s\n", b.Round, byeCode(b.Result), b.Player.Rank, b.Player.Name)
	}
	for _, n := range done.Notes {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: round %d board %d (%s - %s): %s\n", n.Round, n.Board, n.White, n.Black,
			said("trf."+string(n.Code), string(n.Code)))
	}
	fmt.Fprintf(stdio.Stdout, "%s added, %d updated, %d removed\n", plural(done.Added, "board", "boards"), done.Updated, done.Removed)
	if len(done.Notes) > 0 {
		return ExitError
	}
	return ExitOK
}

// byeCode is a bye's result code, Z where the file leaves it blank.
func byeCode(c byte) byte {
	if c == ' ' {
		return 'Z'
	}
	return c
}
