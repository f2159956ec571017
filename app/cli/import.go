package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"scoresheet/app/core"
	"scoresheet/export/pgn"
	"scoresheet/export/trf"
	"scoresheet/rules"
	"scoresheet/sheet"
)

var importCommand = &command{
	name:    "import",
	summary: "add the games of a PGN file, or a pairing program's TRF, to an event",
	args:    "--event EVENT [--lang CODE] FILE.pgn|FILE.trf",
	help: `
Adds every game of a PGN file to an event file: round and board from the
Round and Board tags (a Round "3.12" means round 3, board 12; without a
board, games are numbered in file order within their round), players,
ratings, FIDE ids, titles, result, date and start position from the tags.
A file with headers only (a pairing program's round file) creates the
boards with empty copies. Moves fill both copies as written in the file,
except where Scoresheet's own comments say what each copy had
([%copy white "..."]); draw offers and clock times are kept.
A game whose round and board already exist is not changed: it is
reported, and the exit status is 1.
A FIDE Tournament Report File (TRF16, TRF26, with XXR/XXC lines; told by
its content, not its name) sets the event's name, city, dates, rounds,
round dates and time control, and makes every round present into boards:
White is the player marked w, boards numbered as pairing programs do
(higher score of the pair, then the pair's total, then the higher-ranked
player), forfeits as boards with their result (tag TRFForfeit), byes
listed on stdout. Importing the next round's file again adds its boards
and updates the players; nothing is doubled and no typed cell is lost: a
board with typed cells whose pairing changed is kept and reported (exit
status 1). A file that does not read says file:line:col and changes
nothing; so does a file that is not text. Text that is not a game (no
tag pair and no legal first move: a letter, the wrong file) makes no
board: it is said with its line, and the exit status is 1.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		event := fs.String("event", "", "the event: a file or a server's location postgres://... (required)")
		lang := fs.String("lang", "en", "notation language of the PGN movetext")
		return func(args []string, stdio IO) int {
			return runImport(fs, *event, *lang, args, stdio)
		}
	},
}

func runImport(fs *flag.FlagSet, event, lang string, args []string, stdio IO) int {
	_, ok := rules.LettersFor(lang)
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: unknown language %q (known: %s)\n", lang, languageCodes())
		return ExitUsage
	}
	if event == "" || len(args) != 1 {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: want --event EVENT and one PGN file\n")
		fs.Usage()
		return ExitUsage
	}
	f, err := os.Open(args[0])
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		return ExitUsage
	}
	defer f.Close()
	// The file's kind is told by its content, not its name: a TRF, or
	// PGN text; anything else is refused before the event is opened.
	data, isTRF := core.ReadTRF(args[0])
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(64 << 10)
	if err := trf.CheckText(head); err != nil && !isTRF {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", explainTRF(args[0], err))
		return ExitError
	}
	st, err := openStore(event, "import", stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		return exitFor(err)
	}
	defer st.Close()
	if isTRF {
		return runImportTRF(st, args[0], data, lang, stdio)
	}
	res, err := core.Import(st, br, args[0], lang, &importPrinter{path: args[0], stderr: stdio.Stderr})
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		return exitFor(err)
	}
	added, skipped := res.Added, res.Skipped
	fmt.Fprintf(stdio.Stdout, "%s imported, %d skipped\n", plural(added, "game", "games"), skipped)
	if skipped > 0 {
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

func (p *importPrinter) Parsed(pg *pgn.PGNGame) {
	for _, pr := range pg.Problems {
		if pr.Severe {
			fmt.Fprintf(p.stderr, "%s: %s\n", "scoresheet import", pr.Error())
		}
	}
}
