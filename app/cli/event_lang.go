package cli

import (
	"fmt"

	"scoresheet/app/core"
	"scoresheet/sheet"
)

// notationChange judges what event set's change of the event from was
// to ev reads again: nothing when the notation language stays.
func notationChange(st sheet.EventStore, was, ev sheet.Event) (core.NotationChange, error) {
	if ev.Lang == was.Lang {
		return core.NotationChange{}, nil
	}
	return core.NotationChangeOf(st, was, ev.Lang)
}

// sayNotationChange says what the new notation lang read again, as the
// window's event settings say it before their second OK, with the boards
// whose state changed:
//
//	notation en: 2 typed copies read again in it; 1 board changed its state:
//	  round 1, board 1: complete -> needs a decision
//
// Nothing is said when no typed copy takes the event's notation.
func sayNotationChange(c core.NotationChange, lang string, stdio IO) {
	if c.Copies == 0 {
		return
	}
	if lang == "" {
		lang = "none"
	}
	fmt.Fprintf(stdio.Stdout, "notation %s: %s read again in it; %s", lang,
		plural(c.Copies, "typed copy", "typed copies"), plural(len(c.Boards), "board changed its state", "boards changed their state"))
	if len(c.Boards) == 0 {
		fmt.Fprintln(stdio.Stdout)
		return
	}
	fmt.Fprintln(stdio.Stdout, ":")
	for _, b := range c.Boards {
		fmt.Fprintf(stdio.Stdout, "  round %d, board %d: %s -> %s\n", b.Round, b.Board, stateWords(b.Before), stateWords(b.After))
	}
}

// stateWords is a game's state in the words the window's navigator uses.
func stateWords(s sheet.GameState) string {
	if w := message("ui.state." + string(s)); w != "" {
		return w
	}
	return string(s)
}
