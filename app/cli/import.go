package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"scoresheet/app/core"
	"scoresheet/pgn"
	"scoresheet/sheet"
)

var importCommand = &command{
	name:    "import",
	summary: "add the games of a PGN file, a pairing program's TRF or a pairing engine's pairing list to an event",
	args:    "--event EVENT [--lang CODE] [--round R] [--replace] FILE|-",
	help: `
Adds to an event file what FILE holds, told by its content, not its name
(FILE "-", or /dev/stdin, a pipe or a FIFO, is read once, from its start):

A PGN file: every game, round and board from the Round and Board tags (a
Round "3.12" means round 3, board 12; without a board, games are numbered
in file order within their round), players, ratings, FIDE ids, titles,
result (a forfeit is its result with Termination "rules infraction"),
date and start position from the tags. A file with headers only (a round
file) creates the boards with empty copies. Moves fill both copies as
written in the file, except where Scoresheet's own comments say what each
copy had ([%copy white "..."]); draw offers and clock times are kept.
A game whose round and board already exist is not changed: it is
reported, and the exit status is 1. So is a game a board would not hold
as the file has it, which is not imported: one cut at the size limit,
with a start position (FEN) that does not read, a chess variant, or
beyond what a game holds (1,000 tags, 1,000 half-moves, a move of 100
bytes).

A FIDE Tournament Report File (TRF16, TRF26, with XXR/XXC lines) sets the
event's name, city, dates, rounds, round dates and time control, and
makes every round present into boards: White is the player marked w,
boards numbered as pairing programs do (higher score of the pair, then
the pair's total, then the higher-ranked player), forfeits as boards
with their result (+/-, -/+, -/-), byes listed on stdout. Importing the
next round's file adds its boards and updates the players and the
results the event has none of; nothing is doubled. A pairing whose two
blocks give no result (both players claim a win) is a board with none,
reported: its checks say it until a result is entered.

A pairing engine's pairing list (JaVaFo's and bbpPairings' -p output:
the number of pairs, then "white black" starting ranks a line, 0 for the
bye) is round --round of the event's TRF, which must have been imported
before: the boards in the list's order, White first, the byes listed;
the round's blocks are written into the TRF the event keeps, so that
"export --format trf" gives the engine the whole tournament. Without
--round it is the round after the last one with boards (the same list
again is the round it made). A round past the event's last is refused,
and so is a list pairing two players who met in an earlier round (a
forfeit aside), which no engine does.

No import removes or replaces a board that holds moves, a decision or a
result: a TRF or pairing list that would (the pairing of such a board is
not in it any more) lists those boards and changes nothing, exit status
1, unless --replace is given. The number of rounds never shrinks; it
grows only to the TRF's rounds line (XXR, 142) or its rounds played, at
most 99 (XXR 99999999999 is refused at once). A file that does not read
says file:line:col and changes nothing; so does a file that is not text.
Text that is not a game (no tag pair and no legal first move: a letter,
the wrong file) makes no board: it is said with its line, and the exit
status is 1.

--lang is the notation language of a PGN's movetext (English unless
given); the boards a TRF or pairing list makes are read in the event's
notation language (event set --lang) unless --lang gives their copies one
of their own.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		event := fs.String("event", "", "the event: a file or a server's location postgres://... (required)")
		lang := fs.String("lang", "", "notation language: of a PGN's movetext (default en), of a TRF's new boards (default the event's)")
		round := fs.Int("round", 0, "the round a pairing list pairs (default: the round after the last one with boards)")
		replace := fs.Bool("replace", false, "let a TRF or pairing list remove or replace boards that hold moves or a result")
		return func(args []string, stdio IO) int {
			return runImport(fs, *event, args, core.ImportOptions{Lang: *lang, Round: *round, Replace: *replace}, stdio)
		}
	},
}

func runImport(fs *flag.FlagSet, event string, args []string, opt core.ImportOptions, stdio IO) int {
	if opt.Lang != "" {
		if _, ok := lettersFor("import", opt.Lang, stdio); !ok {
			return ExitUsage
		}
	}
	if event == "" || len(args) != 1 || opt.Round < 0 || opt.Round > sheet.MaxRounds {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: want --event EVENT, one FILE (- for standard input) and a --round from 1 to %d\n", sheet.MaxRounds)
		fs.Usage()
		return ExitUsage
	}
	path := args[0]
	in := stdio.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
			return ExitUsage
		}
		defer f.Close()
		in = f
	}
	// The input is read once, as a stream: its kind is told from its
	// first bytes, kept by the reader, which goes on from there (a pipe
	// read twice lost its start). Bytes that are not text are refused
	// before anything is stored.
	st, err := openStore(event, "import", stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		return exitFor(err)
	}
	defer st.Close()
	done, err := core.ImportStream(st, in, path, 0, opt, &importPrinter{path: path, stderr: stdio.Stderr})
	var re *core.ReplaceError
	switch {
	case errors.As(err, &re):
		return refusedReplace(re, stdio)
	case err != nil:
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", english.ExplainIn(path, err))
		return exitFor(err)
	case done.Kind != core.KindPGN:
		return reportTRF(done, stdio)
	}
	fmt.Fprintf(stdio.Stdout, "%s imported, %d skipped", plural(done.Added, "game", "games"), done.Skipped)
	if done.Refused > 0 {
		fmt.Fprintf(stdio.Stdout, ", %d not imported", done.Refused)
	}
	fmt.Fprintln(stdio.Stdout)
	if done.Skipped > 0 || done.Refused > 0 {
		return ExitError
	}
	return ExitOK
}

// importPrinter is the command line's observer of an import: it says
// each game skipped and each severe problem of the games read.
type importPrinter struct {
	core.NoObserver
	path   string
	stderr io.Writer
}

func (p *importPrinter) Skipped(pg *pgn.PGNGame, g *sheet.Game) {
	fmt.Fprintf(p.stderr, "%s:%d: game %d: round %d board %d exists: not imported\n", p.path, pg.Line, pg.Index+1, g.Round, g.Board)
}

func (p *importPrinter) NotAGame(pg *pgn.PGNGame) {
	fmt.Fprintf(p.stderr, "%s:%d: game %d: not a game (no tag pair, no legal first move): not imported\n", p.path, pg.Line, pg.Index+1)
}

// Refused says a game not imported, where and why.
func (p *importPrinter) Refused(pg *pgn.PGNGame, err error) {
	fmt.Fprintf(p.stderr, "scoresheet import: %s: game %d not imported\n", Explain(err), pg.Index+1)
}

func (p *importPrinter) Parsed(pg *pgn.PGNGame) {
	for _, pr := range pg.Problems {
		if pr.Severe {
			fmt.Fprintf(p.stderr, "%s: %s\n", "scoresheet import", pr.Error())
		}
	}
}
