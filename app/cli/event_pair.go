package cli

import (
	"errors"
	"fmt"
	"strings"

	"scoresheet/app/core"
)

// eventPair pairs the next round with the event's pairing engine: event
// pair FILE [--round N]. It says the export's counts, the engine's
// command, then what the list's import did, as import does.
func eventPair(file string, args []string, stdio IO) int {
	fs := subFlags("pair", stdio)
	round := fs.Int("round", 0, "the round to pair: the one after the last paired (the default)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	if *round < 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event pair: --round must be positive\n")
		return ExitUsage
	}
	st, _, code := openEvent(file, "pair", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	done, err := core.Pair(st, *round)
	var me *core.MissingResultsError
	if errors.As(err, &me) {
		sayMissing(me.Boards, stdio)
		fmt.Fprintf(stdio.Stderr, "scoresheet event pair: nothing paired: %s of a finished round without a result (the engine cannot read its file): enter them first\n",
			plural(len(me.Boards), "board", "boards"))
		return ExitError
	}
	var ee *core.EngineError
	if errors.As(err, &ee) {
		sayEngine(ee, stdio)
		return ExitError
	}
	if err != nil {
		return fail(stdio, "pair", err)
	}
	fmt.Fprintf(stdio.Stdout, "round %d paired by %s\n", done.Round, strings.Join(done.Command[:len(done.Command)-3], " "))
	return reportTRF(done.Imported, stdio)
}

// sayEngine says why the engine made no pairing, its own words quoted.
func sayEngine(ee *core.EngineError, stdio IO) {
	s := said("engine."+ee.Code, ee.Code)
	if ee.Command != "" {
		s += fmt.Sprintf(" (%s)", ee.Command)
	}
	if ee.Err != nil && ee.Code != core.EngineNoList {
		s += ": " + ee.Err.Error()
	}
	fmt.Fprintf(stdio.Stderr, "scoresheet event pair: %s\n", s)
	for _, l := range strings.Split(ee.Output, "\n") {
		if l = strings.TrimRight(l, "\r "); l != "" {
			fmt.Fprintf(stdio.Stderr, "  %s\n", l)
		}
	}
}

// setEngine keeps --pairing-engine ("" none) and says it.
func setEngine(file, command string, stdio IO) int {
	st, _, code := openEvent(file, "set", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	if err := core.SetPairingEngine(st, command); err != nil {
		return fail(stdio, "set", err)
	}
	if strings.TrimSpace(command) == "" {
		fmt.Fprintln(stdio.Stdout, "pairing engine: none")
	} else {
		fmt.Fprintf(stdio.Stdout, "pairing engine: %s\n", strings.Join(core.EngineArgs(command, "INPUT", "OUTPUT"), " "))
	}
	return ExitOK
}
