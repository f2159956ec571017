package cli

import (
	"fmt"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// eventJournal is the command line's face of the window's journal
// (app/session/journal.go): the writes a window kept while the event was
// away, in a file next to its settings, or put aside when it offered
// them at its start. It lists them ("KEPT<TAB>ROUND<TAB>BOARD<TAB>COPY
// <TAB>PLY<TAB>TEXT" for a cell, "KEPT<TAB>ROUND<TAB>BOARD<TAB>OP" for
// another write); with --send it sends them to the event in order, each
// on its condition, as the window does, and lists each one refused
// ("not saved<TAB>..."), exit 1 then. A journal of another event is
// refused.
func eventJournal(file string, args []string, stdio IO) int {
	fs := subFlags("journal", stdio)
	from := fs.String("from", "", "the journal's file (required)")
	send := fs.Bool("send", false, "send the writes to the event, in order, each on its condition")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	if *from == "" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event journal: --from is required\n")
		return ExitUsage
	}
	j, err := session.ReadJournalFile(*from)
	if err != nil {
		return fail(stdio, "journal", err)
	}
	st, err := openStore(file, "event journal", stdio)
	if err != nil {
		return fail(stdio, "journal", err)
	}
	defer st.Close()
	if j.Location() != st.Location() {
		fmt.Fprintf(stdio.Stderr, "scoresheet event journal: %s is the journal of %s, not of %s\n", *from, j.Location(), st.Location())
		return ExitUsage
	}
	if !*send {
		for _, op := range j.Ops() {
			fmt.Fprintln(stdio.Stdout, journalLine("kept", st, op))
		}
		return ExitOK
	}
	refused, err := j.Send(st)
	for _, r := range refused {
		fmt.Fprintln(stdio.Stderr, journalLine("not saved", st, r.Op))
	}
	if err != nil {
		return fail(stdio, "journal", err)
	}
	if len(refused) > 0 {
		return ExitError
	}
	return ExitOK
}

// journalLine says a write kept: its board, and its cell and text for a
// cell's write.
func journalLine(what string, st sheet.EventStore, op session.JournalOp) string {
	round, board := 0, 0
	if g, err := st.Game(op.Game); err == nil {
		round, board = g.Round, g.Board
	}
	if at, ok := op.Cursor(); ok {
		return fmt.Sprintf("%s\t%d\t%d\t%s\t%d\t%s\t%s", what, round, board, at.Side, at.Index+1, op.Op, op.Cell.Text)
	}
	return fmt.Sprintf("%s\t%d\t%d\t%s", what, round, board, op.Op)
}
