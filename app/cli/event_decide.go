package cli

import (
	"bufio"
	"fmt"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// eventDecide makes one of the arbiter's decisions at a ply, as the
// window does (sheet.Editor.Take): a move, a realignment accepted or
// refused, or the decisions there taken back. It is recorded in the
// game's one history of decisions, as the window records it. It prints
// the ply as it now reads and the game's state.
func eventDecide(file string, args []string, stdio IO) int {
	fs, round, board := gameFlags("decide", stdio)
	ply := fs.Int("ply", 0, "the half-move decided, from 1 (required)")
	take := fs.String("take", "", `the decision: a move in SAN ("Nc6") or UCI, a realignment as "event show --json" gives it ("realign:black:remove"), "realign:white:reject", or "none" to take back what is decided there (required)`)
	by := fs.String("by", "arbiter", "who decides, as recorded with the decision")
	st, ev, code := flagsThenEvent(fs, args, func() bool { return *ply >= 1 && *take != "" },
		"--ply (from 1) and --take are required", file, stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	g, err := st.GameAt(*round, *board)
	if err != nil {
		return fail(stdio, "decide", err)
	}
	ed := sheet.NewEditor(st, &g)
	if err := ed.Take(*ply, *take, *by); err != nil {
		return fail(stdio, "decide", err)
	}
	a := sheet.Analyse(&g, ev.Conditions())
	out := bufio.NewWriter(stdio.Stdout)
	defer out.Flush()
	if a.Rec != nil && *ply <= len(a.Rec.Plies) {
		p := a.Rec.Plies[*ply-1]
		san := ""
		if p.Move != rules.NoMove {
			san = p.Before.SAN(p.Move)
		}
		fmt.Fprintf(out, "%d\t%s\t%s\n", p.Ply, san, p.Status)
	}
	fmt.Fprintf(out, "state\t%s\n", a.State)
	return ExitOK
}
