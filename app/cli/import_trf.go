package cli

import (
	"fmt"

	"scoresheet/app/core"
)

// reportTRF says what the import of a TRF or a pairing list did: the
// byes on stdout, the notes on stderr (exit status 1 when there are any,
// as for a PGN game not imported), then the boards.
func reportTRF(done core.Imported, stdio IO) int {
	for _, b := range done.Byes {
		fmt.Fprintf(stdio.Stdout, "round %d: bye %c: %d %s\n", b.Round, byeCode(b.Result), b.Player.Rank, b.Player.Name)
	}
	for _, n := range done.Notes {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: round %d board %d (%s - %s): %s\n", n.Round, n.Board, n.White, n.Black,
			said("trf."+string(n.Code), string(n.Code)))
	}
	s := fmt.Sprintf("%s added, %d updated, %d kept, %d removed", plural(done.Added, "board", "boards"), done.Updated, done.Kept, done.Removed)
	if done.Replaced > 0 {
		s += fmt.Sprintf(", %d replaced", done.Replaced)
	}
	if done.Kind == core.KindPairs {
		s = fmt.Sprintf("round %d: %s", done.Round, s)
	}
	fmt.Fprintln(stdio.Stdout, s)
	if len(done.Notes) > 0 {
		return ExitError
	}
	return ExitOK
}

// refusedReplace says the boards an import would have replaced, and that
// nothing was imported.
func refusedReplace(re *core.ReplaceError, stdio IO) int {
	for _, n := range re.Boards {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: round %d board %d (%s - %s): %s\n", n.Round, n.Board, n.White, n.Black,
			said("trf."+string(n.Code), string(n.Code)))
	}
	fmt.Fprintf(stdio.Stderr, "scoresheet import: nothing imported: %s hold moves or a result and would be replaced (give --replace to replace them)\n",
		plural(len(re.Boards), "board", "boards"))
	return ExitError
}

// byeCode is a bye's result code, Z where the file leaves it blank.
func byeCode(c byte) byte {
	if c == ' ' {
		return 'Z'
	}
	return c
}
