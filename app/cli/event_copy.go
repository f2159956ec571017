package cli

import (
	"fmt"

	"scoresheet/sheet/location"
)

// eventCopy copies the event at src to dst (location.Copy) and says how
// many games it copied once the copy reads back identical.
func eventCopy(src string, args []string, stdio IO) int {
	if len(args) != 1 || args[0] == "" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event copy: want SRC and DST\n")
		return ExitUsage
	}
	dst := args[0]
	n, err := location.Copy(src, dst)
	if err != nil {
		return fail(stdio, "copy", err)
	}
	fmt.Fprintf(stdio.Stdout, "%s copied to %s; the copy reads back identical\n", plural(n, "game", "games"), dst)
	return ExitOK
}
