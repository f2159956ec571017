package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"scoresheet/export/pgn"
	"scoresheet/export/trf"
	"scoresheet/rules"
	"scoresheet/sheet"
)

var importCommand = &command{
	name:    "import",
	summary: "add the games of a PGN file, or a pairing program's TRF, to an event",
	args:    "--event EVENTFILE [--lang CODE] FILE.pgn|FILE.trf",
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
nothing; so does a file that is not text.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		event := fs.String("event", "", "the event file (required)")
		lang := fs.String("lang", "en", "notation language of the PGN movetext")
		return func(args []string, stdio IO) int {
			return runImport(fs, *event, *lang, args, stdio)
		}
	},
}

func runImport(fs *flag.FlagSet, event, lang string, args []string, stdio IO) int {
	letters, ok := rules.LettersFor(lang)
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: unknown language %q (known: %s)\n", lang, languageCodes())
		return ExitUsage
	}
	if event == "" || len(args) != 1 {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: want --event EVENTFILE and one PGN file\n")
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
	data, isTRF := readTRF(args[0])
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(64 << 10)
	if err := trf.CheckText(head); err != nil && !isTRF {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", explainTRF(args[0], err))
		return ExitError
	}
	st, err := openStore(event, "import", stdio)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		return ExitError
	}
	defer st.Close()
	if isTRF {
		return runImportTRF(st, args[0], data, lang, stdio)
	}
	im := &pgnImport{st: st, path: args[0], lang: lang, letters: letters,
		skipped: func(pg *pgn.PGNGame, g *sheet.Game) {
			fmt.Fprintf(stdio.Stderr, "%s:%d: game %d: round %d board %d exists: not imported\n", args[0], pg.Line, pg.Index+1, g.Round, g.Board)
		},
		parsed: func(pg *pgn.PGNGame) {
			for _, p := range pg.Problems {
				if p.Severe {
					fmt.Fprintf(stdio.Stderr, "%s: %s\n", "scoresheet import", p.Error())
				}
			}
		}}
	if err := im.run(br); err != nil {
		var ie *importError
		if errors.As(err, &ie) {
			fmt.Fprintf(stdio.Stderr, "scoresheet import: %s:%d: %s\n", args[0], ie.line, Explain(ie.err))
		} else {
			fmt.Fprintf(stdio.Stderr, "scoresheet import: %s\n", Explain(err))
		}
		return ExitError
	}
	added, skipped := im.added, im.skips
	fmt.Fprintf(stdio.Stdout, "%s imported, %d skipped\n", plural(added, "game", "games"), skipped)
	if skipped > 0 {
		return ExitError
	}
	return ExitOK
}

// pgnTagsKept are the tags that become fields of the game; the others are
// kept as further tags.
var pgnTagsKept = map[string]bool{
	"Event": true, "Site": true, "Date": true, "Round": true, "Board": true, "White": true, "Black": true,
	"Result": true, "WhiteElo": true, "BlackElo": true, "WhiteFideId": true, "BlackFideId": true,
	"WhiteTitle": true, "BlackTitle": true, "WhiteFed": true, "BlackFed": true, "FEN": true, "SetUp": true,
	"EventDate": true, "TimeControl": true,
}

// gameFromPGN makes a game of a PGN game: the header from the tags, the
// moves as written into both copies.
func gameFromPGN(pg *pgn.PGNGame, lang string) sheet.Game {
	g := sheet.Game{Date: pg.Tag("Date"), FEN: strings.TrimSpace(pg.Tag("FEN")), Tags: map[string]string{}}
	round := pg.Tag("Round")
	if r, b, ok := strings.Cut(round, "."); ok {
		g.Round, _ = strconv.Atoi(r)
		g.Board, _ = strconv.Atoi(b)
	} else {
		g.Round, _ = strconv.Atoi(round)
	}
	if b, err := strconv.Atoi(pg.Tag("Board")); err == nil {
		g.Board = b
	}
	// ExactTag: a name PGN could not hold as written comes back from its [%tag] comment.
	g.White = sheet.Player{Name: pg.ExactTag("White"), FideID: pg.ExactTag("WhiteFideId"), Title: pg.ExactTag("WhiteTitle"), Federation: pg.ExactTag("WhiteFed")}
	g.Black = sheet.Player{Name: pg.ExactTag("Black"), FideID: pg.ExactTag("BlackFideId"), Title: pg.ExactTag("BlackTitle"), Federation: pg.ExactTag("BlackFed")}
	g.White.Rating, _ = strconv.Atoi(pg.Tag("WhiteElo"))
	g.Black.Rating, _ = strconv.Atoi(pg.Tag("BlackElo"))
	switch res := pg.Tag("Result"); res {
	case "1-0", "0-1", "1/2-1/2", "*":
		g.Result = res
	}
	if g.Result == "" || g.Result == "*" {
		if pg.Result != "" {
			g.Result = pg.Result
		}
	}
	if g.White.Name == "?" {
		g.White.Name = ""
	}
	if g.Black.Name == "?" {
		g.Black.Name = ""
	}
	for _, t := range pg.Tags {
		if !pgnTagsKept[t.Name] && t.Value != "" {
			g.Tags[t.Name] = pg.ExactTag(t.Name)
		}
	}
	for s := range g.Copies {
		g.Copies[s].Lang = lang
	}
	for i, m := range pg.Moves {
		mover := sheet.Side(i % 2)
		if pg.Start != nil && pg.Start.Turn() == rules.Black {
			mover = 1 - mover
		}
		for s := range g.Copies {
			c := sheet.Cell{Text: m.Text, DrawOffer: m.DrawOffer}
			if m.Written[s] != "" {
				c.Text = m.Written[s]
			}
			if sheet.Side(s) == mover {
				c.Clock = m.Clock
			}
			g.Copies[s].Cells = append(g.Copies[s].Cells, c)
		}
	}
	return g
}
