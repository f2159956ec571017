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
	done, err := location.Copy(src, dst)
	if err != nil {
		return fail(stdio, "copy", err)
	}
	if done.Salvaged {
		fmt.Fprintf(stdio.Stderr, "scoresheet event copy: %s is not this program's event file as it stands: only its tables' rows were read, nothing of it ran\n", src)
		for _, t := range done.Skipped {
			fmt.Fprintf(stdio.Stderr, "scoresheet event copy: %s has no table %s: copied empty\n", src, t)
		}
	}
	fmt.Fprintf(stdio.Stdout, "%s copied to %s; the copy reads back identical\n", plural(done.Games, "game", "games"), dst)
	return ExitOK
}
