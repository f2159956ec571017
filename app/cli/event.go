package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

var eventCommand = &command{
	name:    "event",
	summary: "create an event, add games, enter a copy's cells, show games and checks, copy an event",
	args:    "new|set|add-game|enter|result|mark|decide|show|copy|journal|bye|withdraw|add-player|byes|pair EVENT [FLAGS]",
	help: `
  scoresheet event new FILE --name NAME [--site S] [--start DATE] [--end DATE] [--tc TC] [--kind KIND] [--lang CODE] [--rounds N] [--round-dates DATES]
  scoresheet event set FILE [--name NAME] [--site S] [--start DATE] [--end DATE] [--tc TC] [--kind KIND] [--lang CODE] [--rounds N] [--round-dates DATES] [--pairing-engine COMMAND]
  scoresheet event add-game FILE --round R --board B --white NAME --black NAME [--white-elo N] [--black-elo N] [--date D] [--result R] [--fen FEN] [--lang CODE|event]
  scoresheet event enter FILE --round R --board B --copy white|black [--lang CODE|event] [--from PLY]
  scoresheet event result FILE --round R --board B [--game RESULT] [--white-copy RESULT] [--black-copy RESULT]
  scoresheet event mark FILE --round R --board B --copy white|black --ply N --mark MARK
  scoresheet event decide FILE --round R --board B --ply N --take SAN|DECISION|none [--by NAME]
  scoresheet event show FILE [--json]
  scoresheet event copy SRC DST
  scoresheet event journal FILE --from JOURNAL [--send]
  scoresheet event bye FILE --round R --player N --kind H|Z|F|none
  scoresheet event withdraw FILE --player N --from R
  scoresheet event add-player FILE --name NAME [--rating N] [--sex m|w] [--title T] [--fed FED] [--fide-id ID] [--birth DATE] [--earlier KINDS]
  scoresheet event byes FILE
  scoresheet event pair FILE [--round N]

FILE is an event file, or an event on a PostgreSQL server that a team
types at once: postgres://USER@HOST[:PORT]/DATABASE?event=NAME (several
events may share a database, each under its name). The password is
never part of it: libpq's PGPASSWORD, ~/.pgpass (PGPASSFILE) or a
service file (PGSERVICEFILE, ?service=NAME) hold it; sslmode and the
other connection parameters go after the event's name. When the server
cannot be reached, a command says so and exits 3: what it printed as
stored is stored, the rest was not saved.

"copy" copies a whole event from SRC to DST, two files or locations of
any kind: to the server at the start of the event, back to a file at its
end. Everything goes with it: the event's fields, language and rounds,
every game's header and tags, both copies with their language, result,
consulted flag and every cell with its clock, note, draw offer and mark,
the decisions and the pairing program's TRF. DST must not exist yet (an
event is never replaced); it appears whole or not at all, and is read
back and compared with SRC before "copy" says it is done. Copy an event
nobody is typing into: one written to during the copy is refused as not
identical. An event file refused as not this program's schema (a file
from a stranger) is read as data only, never run, so that "copy" makes
a clean event of it.

"enter" reads the cells of one copy from stdin, one per line (an empty
line is a blank cell) or as movetext ("1.e4 e5 2.Nf3"), and stores each
cell as soon as it is read; it prints "PLY<TAB>WRITTEN<TAB>STATUS" for each
stored cell. Cells go after the last written cell unless --from is given.
"--from N" past the copy's end makes the copy consulted: the arbiter
types it only at the half-moves he looks up (where the copy typed in
full is in doubt); the cells before N stay blank, not typed, and are no
finding (no missing cell, no short copy), while what is typed counts as
that copy's word on the move. "--consulted=false" says the copy is typed
in full after all (its blank cells are then missing moves).
A cell that another program changed since "enter" read the copy is never
written over: "enter" stops saving there, says which cell and what it
holds, lists every cell of its input not saved on stderr ("not
saved<TAB>PLY<TAB>WRITTEN") and exits 1. While other programs write the
event file, every command waits its turn (up to 30 s; on a server 5 s,
then it says who holds the event and exits 4) instead of failing.
A line of any length is read; one longer than 1 MiB is not stored: it is
said with its number, the lines after it are stored, and the exit status
is 1. "(=)" after a move is the cell's draw offer, as in the window. A
result ending the movetext ("1-0", "1:0", "1/2") is the result written
on the copy; the game takes it too while it has none.

"result" sets the game's result and the result written on each copy
(only those given; "" for none), in any spelling "enter" reads ("1:0",
"½"; forfeits "+-", "-:-"). Where the copies, the game, the final
position and the pairing program's result disagree, "show" lists a
check (8.7, 5.1, 5.2).

--kind is the kind of play: standard (the default), rapid (Appendix A of
the Laws) or blitz (Appendix B). The checks cite its articles, and in
rapid and blitz play missing moves are no findings (A.2).

--lang on "new" and "set" is the event's notation language (the piece
letters its scoresheets are written in: en, de, fr, ...; English unless
given): every copy is read in it unless the copy has a language of its
own. "add-game --lang" and "enter --lang" give the copy (both copies for
add-game) a language of its own; "--lang event" makes it take the
event's again. Without --lang, "enter" reads the copy in the language it
has, its own or the event's.

"mark" marks one cell of a copy (--ply is the cell's half-move, from 1;
one past the last cell adds a blank cell) as: claim-repetition or
claim-fifty-moves (the player wrote this move, did not play it, and
claimed a draw under 9.2 or 9.3 with it), sealed (the move sealed at an
adjournment), recording-stopped (the player stopped recording here under
8.4), or none. "show" gives each cell's mark and the checks' verdicts.

"set" changes only the event fields it is given; --rounds N makes the
rounds 1..N (their dates kept unless --round-dates gives them). Dates are
written YYYY.MM.DD; --round-dates lists rounds 1, 2, ... in order, "-" for
a date not known yet.

"bye", "withdraw" and "add-player" are what the arbiter enters before a
round is paired, kept in the event's TRF as the pairing engine reads
them (a TRF-26 240 record, and the block "0000 - H" of the round to
pair in the export): "bye" a bye asked for in a round not paired yet
(H half-point, Z zero-point or absent, F full-point; none takes it
back); "withdraw" a player absent (Z) from round R to the last, never
paired again; "add-player" a late entry with the next starting rank,
absent (Z) in the rounds already paired unless --earlier says H or F
(one letter for all of them, or one a round: "H,Z"). "byes" lists them.

"set --pairing-engine COMMAND" keeps the event's pairing engine: the
bbpPairings or JaVaFo command line ("/opt/bbp/bbpPairings.exe --dutch",
"javafo.jar"; a .jar alone is run with java -jar, bbpPairings without a
system is given --dutch; "" for none). "pair" writes the event's TRF as
export --format trf does (refused while a finished round lacks a
result), runs COMMAND INPUT -p OUTPUT, and imports the engine's pairing
list as the next round (--round, if given, must be that round), saying
what it did as import does. No engine set, an engine that cannot be
started, fails or writes no list: said with the engine's own words,
nothing imported, exit 1.

"decide" makes the arbiter's decision at a half-move (--ply, from 1), as
the window does, in the same history of decisions: --take names a move
(SAN with English letters, "Nc6", or UCI), a realignment of a copy out
of step as "show --json" gives it (its "decision": "realign:black:remove",
"realign:white:insert:g8f6"; an insertion may name one of its
alternatives), "realign:white:reject" to refuse one, or "none" to take
back what is decided at that half-move (a decision is never erased: the
withdrawal is recorded after it). It prints "PLY<TAB>MOVE<TAB>STATUS" and
"state<TAB>STATE".

"show" prints every game: both copies, the reconciled moves, the
findings of the notation reader and the arbiter checks; --json prints one
JSON document.

"journal --from JOURNAL" lists the writes a window kept while the event
could not be written (its journal next to the window's settings, or one
it put aside at its start): "kept<TAB>ROUND<TAB>BOARD<TAB>COPY<TAB>PLY
<TAB>OP<TAB>TEXT" for a cell. With --send they are sent to the event in
order, each only where the event still holds what the window showed; each
one refused is said on stderr ("not saved<TAB>...") and the exit status is
1. A journal of another event is refused.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		return func(args []string, stdio IO) int { return runEvent(args, stdio) }
	},
}

// openGameAt opens the event file for event cmd and reads the game of
// round and board; the store is closed again when that fails.
func openGameAt(file, cmd string, stdio IO, round, board int) (sheet.EventStore, sheet.Game, error) {
	st, err := openStore(file, "event "+cmd, stdio)
	if err != nil {
		return nil, sheet.Game{}, err
	}
	g, err := st.GameAt(round, board)
	if err != nil {
		st.Close()
		return nil, sheet.Game{}, err
	}
	return st, g, nil
}

// eventSubcommands run with their own flag sets: FILE comes first, flags after.
var eventSubcommands = map[string]func(file string, args []string, stdio IO) int{
	"new":        eventNew,
	"set":        eventSet,
	"add-game":   eventAddGame,
	"enter":      eventEnter,
	"result":     eventResult,
	"mark":       eventMark,
	"decide":     eventDecide,
	"show":       eventShow,
	"copy":       eventCopy,
	"journal":    eventJournal,
	"bye":        eventBye,
	"withdraw":   eventWithdraw,
	"add-player": eventAddPlayer,
	"byes":       eventByes,
	"pair":       eventPair,
}

func runEvent(args []string, stdio IO) int {
	if len(args) < 2 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event: want a subcommand (new, set, add-game, enter, result, mark, decide, show, copy, journal, bye, withdraw, add-player, byes, pair) and FILE\n")
		return ExitUsage
	}
	run, ok := eventSubcommands[args[0]]
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet event: unknown subcommand %q\n", args[0])
		return ExitUsage
	}
	file, rest := args[1], args[2:]
	if strings.HasPrefix(file, "-") {
		// Flags first is allowed too: the file is then the last argument.
		if len(args) < 3 {
			fmt.Fprintf(stdio.Stderr, "scoresheet event %s: want FILE\n", args[0])
			return ExitUsage
		}
		file, rest = args[len(args)-1], args[1:len(args)-1]
	}
	return run(file, rest, stdio)
}

func subFlags(name string, stdio IO) *flag.FlagSet {
	fs := flag.NewFlagSet("scoresheet event "+name, flag.ContinueOnError)
	fs.SetOutput(stdio.Stderr)
	return fs
}

// gameFlags is subFlags of a command that changes one game, with the
// game's --round and --board (both required).
func gameFlags(name string, stdio IO) (fs *flag.FlagSet, round, board *int) {
	fs = subFlags(name, stdio)
	return fs, fs.Int("round", 0, "round number (required)"), fs.Int("board", 0, "board number (required)")
}

func parseFlags(fs *flag.FlagSet, args []string) int {
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return ExitUsage
	}
	return ExitOK
}

func fail(stdio IO, cmd string, err error) int {
	fmt.Fprintf(stdio.Stderr, "scoresheet event %s: %s\n", cmd, Explain(err))
	return exitFor(err)
}

// openEvent opens the event file for "event cmd" and reads its event; on
// an error it says so on stderr and returns ExitError, the store closed.
func openEvent(file, cmd string, stdio IO) (sheet.EventStore, sheet.Event, int) {
	st, err := openStore(file, "event "+cmd, stdio)
	if err != nil {
		return nil, sheet.Event{}, fail(stdio, cmd, err)
	}
	ev, err := st.Event()
	if err != nil {
		st.Close()
		return nil, sheet.Event{}, fail(stdio, cmd, err)
	}
	return st, ev, ExitOK
}

// flagsThenEvent is the head of an event command that reads flags and
// then the event: args parsed into fs (from subFlags), checked by valid
// (nil: nothing to check; false: "scoresheet event CMD: " and want said,
// ExitUsage), then the event opened as openEvent does. On ExitOK the
// caller closes the store.
func flagsThenEvent(fs *flag.FlagSet, args []string, valid func() bool, want, file string, stdio IO) (sheet.EventStore, sheet.Event, int) {
	if c := parseFlags(fs, args); c != ExitOK {
		return nil, sheet.Event{}, c
	}
	if valid != nil && !valid() {
		fmt.Fprintf(stdio.Stderr, "%s: %s\n", fs.Name(), want)
		return nil, sheet.Event{}, ExitUsage
	}
	return openEvent(file, strings.TrimPrefix(fs.Name(), "scoresheet event "), stdio)
}

func eventNew(file string, args []string, stdio IO) int {
	fs := subFlags("new", stdio)
	var ev sheet.Event
	rounds := fs.Int("rounds", 0, "number of rounds")
	fs.StringVar(&ev.Name, "name", "", "the event's name (required)")
	fs.StringVar(&ev.Site, "site", "", "where it is played")
	fs.StringVar(&ev.StartDate, "start", "", "first day, YYYY.MM.DD")
	fs.StringVar(&ev.EndDate, "end", "", "last day, YYYY.MM.DD")
	fs.StringVar(&ev.TimeControl, "tc", "", `time control, FIDE style: "40/5400+30:1800+30"`)
	kind := fs.String("kind", "standard", "kind of play: standard, rapid or blitz")
	fs.StringVar(&ev.Lang, "lang", "", "the event's notation language, which every copy is read in unless it has its own (en, de, fr, ...; default English)")
	roundDates := fs.String("round-dates", "", `dates of rounds 1, 2, ... in order, "-" for one not known: "2026.11.20 2026.11.21 -"`)
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	var known bool
	if ev.Kind, known = kindRead(stdio, "new", *kind); !known {
		return ExitUsage
	}
	if ev.Lang, known = langRead(stdio, "new", ev.Lang, false); !known {
		return ExitUsage
	}
	if ev.Name == "" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event new: --name is required\n")
		return ExitUsage
	}
	if _, err := sheet.ParseTimeControl(ev.TimeControl); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet event new: --tc: %s\n", Explain(err))
		return ExitUsage
	}
	if !datesRead(stdio, "new", ev.StartDate, ev.EndDate) {
		return ExitUsage
	}
	if !roundsRead(stdio, "new", *rounds) {
		return ExitUsage
	}
	dates, ok := sheet.ParseRoundDates(*roundDates)
	if !ok || len(dates) > *rounds {
		fmt.Fprintf(stdio.Stderr, "scoresheet event new: --round-dates %q: want at most --rounds dates YYYY.MM.DD (\"-\" for one not known)\n", *roundDates)
		return ExitUsage
	}
	ev.Rounds = sheet.NumberedRounds(*rounds, dates)
	st, err := location.Create(file, ev)
	if err != nil {
		return fail(stdio, "new", err)
	}
	if err := st.Close(); err != nil {
		return fail(stdio, "new", err)
	}
	return ExitOK
}

// kindRead reads --kind, saying what it wants when it does not read.
func kindRead(stdio IO, cmd, s string) (sheet.EventKind, bool) {
	k, ok := sheet.ParseEventKind(strings.TrimSpace(s))
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet event %s: --kind %q: want standard, rapid or blitz\n", cmd, s)
	}
	return k, ok
}

// roundsRead reports whether --rounds is 0 to sheet.MaxRounds, saying
// what it wants when it is not.
func roundsRead(stdio IO, cmd string, n int) bool {
	if n < 0 || n > sheet.MaxRounds {
		fmt.Fprintf(stdio.Stderr, "scoresheet event %s: --rounds %d: want 0 to %d\n", cmd, n, sheet.MaxRounds)
		return false
	}
	return true
}

// langRead reads a --lang flag: a language code, or "" for none given;
// with event, also "event", the event's language (returned as "", what a
// copy that takes the event's holds). It says what it wants when the
// code is not known.
func langRead(stdio IO, cmd, s string, event bool) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || (event && s == "event") {
		return "", true
	}
	if _, ok := rules.LettersFor(s); ok {
		return s, true
	}
	also := ""
	if event {
		also = `, or "event" for the event's`
	}
	fmt.Fprintf(stdio.Stderr, "scoresheet event %s: unknown language %q (known: %s%s)\n", cmd, s, languageCodes(), also)
	return "", false
}

// datesRead reports whether the --start and --end dates are empty or
// YYYY.MM.DD, saying which is not.
func datesRead(stdio IO, cmd, start, end string) bool {
	for _, e := range []struct{ flag, date string }{{"start", start}, {"end", end}} {
		if e.date != "" && !sheet.IsPGNDate(e.date) {
			fmt.Fprintf(stdio.Stderr, "scoresheet event %s: --%s %q: want a date YYYY.MM.DD\n", cmd, e.flag, e.date)
			return false
		}
	}
	return true
}

// eventSet changes the event fields given as flags and keeps the rest.
func eventSet(file string, args []string, stdio IO) int {
	fs := subFlags("set", stdio)
	name := fs.String("name", "", "the event's name")
	site := fs.String("site", "", "where it is played")
	start := fs.String("start", "", "first day, YYYY.MM.DD")
	end := fs.String("end", "", "last day, YYYY.MM.DD")
	tc := fs.String("tc", "", `time control, FIDE style: "40/5400+30:1800+30"`)
	kindText := fs.String("kind", "", "kind of play: standard, rapid or blitz")
	langText := fs.String("lang", "", "the event's notation language, which every copy is read in unless it has its own (en, de, fr, ...)")
	rounds := fs.Int("rounds", 0, "number of rounds")
	roundDates := fs.String("round-dates", "", `dates of rounds 1, 2, ... in order, "-" for one not known: "2026.11.20 2026.11.21 -"`)
	engine := fs.String("pairing-engine", "", `the pairing engine's command line, bbpPairings or JaVaFo ("" none)`)
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if c, done := engineFlag(file, set, *engine, stdio); done {
		return c
	}
	if len(set) == 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event set: nothing to change (give --name, --site, --start, --end, --tc, --kind, --lang, --rounds, --round-dates or --pairing-engine)\n")
		return ExitUsage
	}
	if set["name"] && strings.TrimSpace(*name) == "" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event set: --name must not be empty\n")
		return ExitUsage
	}
	if _, err := sheet.ParseTimeControl(*tc); err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet event set: --tc: %s\n", Explain(err))
		return ExitUsage
	}
	kind, known := kindRead(stdio, "set", *kindText)
	if !known {
		return ExitUsage
	}
	lang, known := langRead(stdio, "set", *langText, false)
	if !known {
		return ExitUsage
	}
	if !roundsRead(stdio, "set", *rounds) {
		return ExitUsage
	}
	if !datesRead(stdio, "set", strings.TrimSpace(*start), strings.TrimSpace(*end)) {
		return ExitUsage
	}
	dates, ok := sheet.ParseRoundDates(*roundDates)
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet event set: --round-dates %q: want dates YYYY.MM.DD in round order (\"-\" for one not known)\n", *roundDates)
		return ExitUsage
	}
	st, ev, code := openEvent(file, "set", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	was := ev
	for _, f := range []struct {
		flag     string
		from, to *string
	}{{"name", name, &ev.Name}, {"site", site, &ev.Site}, {"start", start, &ev.StartDate}, {"end", end, &ev.EndDate}, {"tc", tc, &ev.TimeControl}} {
		if set[f.flag] {
			*f.to = strings.TrimSpace(*f.from)
		}
	}
	setKindLang(&ev, set, kind, lang)
	n := 0 // the last round
	for _, r := range ev.Rounds {
		n = max(n, r.Number)
	}
	if set["rounds"] {
		n = *rounds
	}
	if set["round-dates"] && len(dates) > n {
		fmt.Fprintf(stdio.Stderr, "scoresheet event set: --round-dates: %d dates for %d rounds\n", len(dates), n)
		return ExitUsage
	}
	if set["rounds"] || set["round-dates"] {
		if !set["round-dates"] {
			dates = sheet.RoundDates(ev.Rounds, n) // kept
		}
		ev.Rounds = sheet.NumberedRounds(n, dates)
	}
	// The copies read in the event's notation are read again in a new
	// one: what that changes is judged before and said after it is written.
	reread, err := notationChange(st, was, ev)
	if err != nil {
		return fail(stdio, "set", err)
	}
	// Only the fields given are written, each only if it still holds what
	// was read: another writer's change meanwhile is not overwritten.
	if err := st.SetEventIf(was, ev); err != nil {
		return failWrite(stdio, "set", err)
	}
	sayNotationChange(reread, ev.Lang, stdio)
	return ExitOK
}

// setKindLang sets the event's kind of play and language where given.
func setKindLang(ev *sheet.Event, set map[string]bool, kind sheet.EventKind, lang string) {
	if set["kind"] {
		ev.Kind = kind
	}
	if set["lang"] {
		ev.Lang = lang
	}
}

// engineFlag keeps --pairing-engine when given (setEngine) and takes it
// out of set; done says the command is over (the engine alone was given,
// or it failed), with its exit status.
func engineFlag(file string, set map[string]bool, engine string, stdio IO) (code int, done bool) {
	if !set["pairing-engine"] {
		return ExitOK, false
	}
	delete(set, "pairing-engine")
	if c := setEngine(file, engine, stdio); c != ExitOK || len(set) == 0 {
		return c, true
	}
	return ExitOK, false
}

func eventAddGame(file string, args []string, stdio IO) int {
	fs := subFlags("add-game", stdio)
	var g sheet.Game
	lang := fs.String("lang", "", `notation language of both copies (default the event's: "event")`)
	fs.IntVar(&g.Round, "round", 0, "round number (required)")
	fs.IntVar(&g.Board, "board", 0, "board number (required)")
	fs.StringVar(&g.White.Name, "white", "", "White's name")
	fs.StringVar(&g.Black.Name, "black", "", "Black's name")
	fs.IntVar(&g.White.Rating, "white-elo", 0, "White's rating")
	fs.IntVar(&g.Black.Rating, "black-elo", 0, "Black's rating")
	fs.StringVar(&g.Date, "date", "", "date of the game, YYYY.MM.DD")
	result := fs.String("result", "", "result: "+resultWords(sheet.Results))
	fs.StringVar(&g.FEN, "fen", "", "start position, for a game not from the initial position")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	if g.Round <= 0 || g.Board <= 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event add-game: --round and --board are required and positive\n")
		return ExitUsage
	}
	own, known := langRead(stdio, "add-game", *lang, true)
	if !known {
		return ExitUsage
	}
	if g.FEN != "" {
		if _, err := rules.ParseFEN(g.FEN); err != nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet event add-game: --fen: %s\n", Explain(err))
			return ExitUsage
		}
	}
	var ok bool
	if g.Result, ok = readResult(stdio, "event add-game", "result", *result, true); !ok {
		return ExitUsage
	}
	g.Copies[sheet.WhiteCopy].Lang, g.Copies[sheet.BlackCopy].Lang = own, own
	st, err := openStore(file, "event add-game", stdio)
	if err != nil {
		return fail(stdio, "add-game", err)
	}
	defer st.Close()
	id, err := st.AddGame(g)
	if err != nil {
		return fail(stdio, "add-game", err)
	}
	fmt.Fprintf(stdio.Stdout, "%d\n", id)
	return ExitOK
}

func eventEnter(file string, args []string, stdio IO) int {
	fs, round, board := gameFlags("enter", stdio)
	copyName := fs.String("copy", "", "whose copy: white or black (required)")
	lang := fs.String("lang", "", `give the copy a notation language of its own first ("event": the event's again)`)
	from := fs.Int("from", 0, "ply of the first cell entered (1-based); default after the last written cell. Past the end of the copy, it is consulted")
	consulted := fs.Bool("consulted", false, "the copy is consulted: typed only at the half-moves looked up (--consulted=false: typed in full)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	if *from < 0 || *from > maxFromPly {
		fmt.Fprintf(stdio.Stderr, "scoresheet event enter: --from %d: want a ply from 1 to %d\n", *from, maxFromPly)
		return ExitUsage
	}
	setConsulted := false
	fs.Visit(func(f *flag.Flag) { setConsulted = setConsulted || f.Name == "consulted" })
	side, known := sheet.Who(*copyName).Side()
	if !known {
		fmt.Fprintf(stdio.Stderr, "scoresheet event enter: --copy must be white or black\n")
		return ExitUsage
	}
	own, known := langRead(stdio, "enter", *lang, true)
	if !known {
		return ExitUsage
	}
	st, g, err := openGameAt(file, "enter", stdio, *round, *board)
	if err != nil {
		return fail(stdio, "enter", err)
	}
	defer st.Close()
	ed := sheet.NewEditor(st, &g)
	if *lang != "" {
		if err := ed.SetLang(side, own); err != nil {
			return failWrite(stdio, "enter", err)
		}
	}
	if err = consult(ed, side, *from-1, *consulted, setConsulted); err != nil {
		return failWrite(stdio, "enter", err)
	}
	cells := g.Copies[side].Cells
	next := len(cells)
	for next > 0 && cells[next-1].Text == "" {
		next--
	}
	if *from > 0 {
		next = *from - 1
	}
	e := &enterer{ed: ed, side: side, next: next, out: bufio.NewWriter(stdio.Stdout), stdio: stdio, reader: sheet.NewReader()}
	return e.run(stdio.Stdin)
}

// maxFromPly bounds event enter --from: far past any game played (the
// longest are under 600 half-moves), near enough that a slip of the
// keyboard does not fill a copy with blank cells by the million.
const maxFromPly = 2000

// consult makes the copy ready for event enter: where the first cell
// entered (index from) is past its end, the copy gets blank cells up to
// it and becomes consulted (typed only at the half-moves looked up,
// Editor.Consult); --consulted, when given (set), says whether it is
// (Editor.SetConsulted). Both writes hold only if the copy is as read:
// another writer's cells are never moved or taken for blanks
// (store-conflict).
func consult(ed *sheet.Editor, side sheet.Side, from int, consulted, set bool) error {
	if from > len(ed.Game().Copies[side].Cells) {
		if err := ed.Consult(side, from); err != nil {
			return err
		}
	}
	if set {
		return ed.SetConsulted(side, consulted)
	}
	return nil
}

func eventShow(file string, args []string, stdio IO) int {
	fs := subFlags("show", stdio)
	asJSON := fs.Bool("json", false, "print one JSON document")
	st, ev, code := flagsThenEvent(fs, args, nil, "", file, stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	// Game by game, as the store reads them: the event is never in
	// memory whole, however many games it has.
	out := bufio.NewWriter(stdio.Stdout)
	var w showWriter = &showText{w: out}
	if *asJSON {
		w = newShowJSON(out)
	}
	if err := w.head(eventJSON(ev)); err != nil {
		return fail(stdio, "show", err)
	}
	err := st.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		return w.game(gameView(g, ev.Conditions()))
	})
	if err == nil {
		err = w.end()
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return fail(stdio, "show", err)
	}
	return ExitOK
}

// ShowDoc is the JSON form of "event show"; exported for the end-to-end
// tests, which read what the binary writes into it.
type ShowDoc struct {
	Event eventDoc  `json:"event"`
	Games []GameDoc `json:"games"`
}

type eventDoc struct {
	Name        string `json:"name"`
	Site        string `json:"site,omitempty"`
	StartDate   string `json:"start_date,omitempty"`
	EndDate     string `json:"end_date,omitempty"`
	TimeControl string `json:"time_control,omitempty"`
	Kind        string `json:"kind"` // standard, rapid or blitz
	// Lang is the event's notation language, which every copy is read in
	// unless it has its own; none given (English), no field.
	Lang   string `json:"lang,omitempty"`
	Rounds []int  `json:"rounds"`
	// RoundDates maps a round number to its date, for the rounds that
	// have one.
	RoundDates map[string]string `json:"round_dates,omitempty"`
}

type playerDoc struct {
	Name       string `json:"name"`
	FideID     string `json:"fide_id,omitempty"`
	Rating     int    `json:"rating,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
}

// GameDoc is a game in ShowDoc.
type GameDoc struct {
	ID       int64              `json:"id"`
	Round    int                `json:"round"`
	Board    int                `json:"board"`
	White    playerDoc          `json:"white"`
	Black    playerDoc          `json:"black"`
	Result   string             `json:"result"`
	Date     string             `json:"date,omitempty"`
	FEN      string             `json:"fen,omitempty"`
	Error    string             `json:"error,omitempty"`
	State    string             `json:"state"` // as every face shows it: sheet.GameState
	Moves    []moveDoc          `json:"moves"`
	Copies   map[string]copyDoc `json:"copies"`
	Findings []findingDoc       `json:"findings"`
	// Realignments: copies read realigned (accepted) or proposed to be.
	Realignments []realignDoc      `json:"realignments"`
	Tags         map[string]string `json:"tags,omitempty"`
	Counts       map[string]int    `json:"counts"`
}

type moveDoc struct {
	Ply        int                    `json:"ply"`
	Number     int                    `json:"number"`
	Side       string                 `json:"side"`
	SAN        string                 `json:"san,omitempty"`
	Status     string                 `json:"status"`
	Decision   bool                   `json:"decision,omitempty"`
	Candidates []string               `json:"candidates,omitempty"`
	Copies     map[string]moveCopyDoc `json:"copies"`
	// DependsOn is the ply of a realignment still proposed before this
	// ply: the move is read as if it were accepted.
	DependsOn int `json:"depends_on,omitempty"`
}

type moveCopyDoc struct {
	Cell     int          `json:"cell"` // the copy's cell read at this ply, from 1 (another than the ply where the copy is realigned)
	Written  string       `json:"written"`
	Status   string       `json:"status"`
	Findings []findingDoc `json:"findings,omitempty"`
}

type copyDoc struct {
	Lang string `json:"lang"` // the notation language the copy is read in
	// EventLang: the copy has no language of its own; it takes the
	// event's, Lang.
	EventLang bool `json:"event_lang,omitempty"`
	// Consulted: the copy is typed only at the half-moves the arbiter
	// looked up; its cells left blank were not looked up, and are no
	// finding. No field for a copy typed in full.
	Consulted bool      `json:"consulted,omitempty"`
	Cells     []cellDoc `json:"cells"`
	// Result is the result written on the copy; none written, no field.
	Result string `json:"result,omitempty"`
}

type cellDoc struct {
	Written     string `json:"written"`
	Clock       string `json:"clock,omitempty"`
	DrawOffer   bool   `json:"draw_offer"`
	Note        string `json:"note,omitempty"`
	Illegible   bool   `json:"illegible,omitempty"`
	NotRecorded bool   `json:"not_recorded,omitempty"`
	Mark        string `json:"mark,omitempty"` // sheet.CellMark
}

// findingDoc is one finding in the JSON of "event show" and "check": a
// notation reader's finding about a cell (with the characters concerned,
// Offset to End) or an arbiter check's (with its details). Rule is
// Article, under the name the reader's findings had first; both stay for
// the scripts that read them.
type findingDoc struct {
	Code     string     `json:"code"`
	Severity string     `json:"severity"` // note, warning or error
	Ply      int        `json:"ply"`
	Article  string     `json:"article,omitempty"`
	Rule     string     `json:"rule,omitempty"`
	Offset   *int       `json:"offset,omitempty"`
	End      *int       `json:"end,omitempty"`
	Side     string     `json:"side,omitempty"`
	Copy     string     `json:"copy,omitempty"`
	Plies    []int      `json:"plies,omitempty"`
	Texts    *[2]string `json:"texts,omitempty"`
	Count    int        `json:"count,omitempty"`
	Want     int        `json:"want,omitempty"`
	Period   int        `json:"period,omitempty"`
}

func eventJSON(ev sheet.Event) eventDoc {
	d := eventDoc{Name: ev.Name, Site: ev.Site, StartDate: ev.StartDate, EndDate: ev.EndDate, TimeControl: ev.TimeControl, Kind: ev.Kind.Name(), Lang: ev.Lang, Rounds: []int{}}
	for _, r := range ev.Rounds {
		d.Rounds = append(d.Rounds, r.Number)
		if r.Date != "" {
			if d.RoundDates == nil {
				d.RoundDates = map[string]string{}
			}
			d.RoundDates[fmt.Sprint(r.Number)] = r.Date
		}
	}
	return d
}

func playerJSON(p sheet.Player) playerDoc {
	return playerDoc{Name: p.Name, FideID: p.FideID, Rating: p.Rating, Federation: p.Federation, Title: p.Title}
}

func gameView(g *sheet.Game, on sheet.Conditions) GameDoc {
	d := GameDoc{
		ID: g.ID, Round: g.Round, Board: g.Board, White: playerJSON(g.White), Black: playerJSON(g.Black),
		Result: string(g.Result), Date: g.Date, FEN: g.FEN, Tags: g.Tags,
		Moves: []moveDoc{}, Copies: map[string]copyDoc{}, Findings: []findingDoc{}, Counts: map[string]int{},
		Realignments: []realignDoc{},
	}
	for s, c := range g.Copies {
		cd := copyDoc{Lang: g.CopyLang(sheet.Side(s)), EventLang: c.Lang == "", Consulted: c.Consulted, Cells: []cellDoc{}, Result: string(c.Result)}
		for _, cell := range c.Cells {
			cd.Cells = append(cd.Cells, cellDoc{Written: cell.Text, Clock: cell.Clock, DrawOffer: cell.DrawOffer,
				Note: cell.Note, Illegible: cell.Illegible, NotRecorded: cell.NotRecorded, Mark: string(cell.Mark)})
		}
		d.Copies[sheet.Side(s).String()] = cd
	}
	a := sheet.Analyse(g, on)
	d.State = string(a.State)
	for _, f := range a.Checks {
		d.Findings = append(d.Findings, checkJSON(f))
	}
	rec := a.Rec
	if rec == nil {
		d.Error = Explain(a.StartErr) // in words, as every error the CLI says
		return d
	}
	for _, ply := range rec.Plies {
		md := moveDoc{Ply: ply.Ply, Number: ply.Before.MoveNumber(), Side: ply.Before.Turn().String(),
			Status: string(ply.Status), Decision: ply.Decision != nil, Copies: map[string]moveCopyDoc{}, DependsOn: ply.Depends}
		if ply.Realign != nil {
			d.Realignments = append(d.Realignments, realignJSON(*ply.Realign, ply.Before))
		}
		if ply.Move != rules.NoMove {
			md.SAN = ply.Before.SAN(ply.Move)
		}
		for _, c := range ply.Candidates {
			md.Candidates = append(md.Candidates, ply.Before.SAN(c))
		}
		for s, c := range ply.Copies {
			if c == nil {
				continue
			}
			mc := moveCopyDoc{Cell: c.Index + 1, Written: c.Cell.Text, Status: c.Reading.Status.String()}
			for _, f := range c.Reading.Findings {
				mc.Findings = append(mc.Findings, readingJSON(f, ply.Ply))
			}
			d.Counts[c.Reading.Status.String()]++
			md.Copies[sheet.Side(s).String()] = mc
		}
		d.Moves = append(d.Moves, md)
	}
	return d
}

// readingJSON is a notation reader's finding about a cell read at ply.
func readingJSON(f rules.Finding, ply int) findingDoc {
	off, end := f.Offset, f.End
	return findingDoc{Code: string(f.Code), Severity: f.Severity().String(), Ply: ply, Article: f.Article(), Rule: f.Article(), Offset: &off, End: &end}
}

// checkJSON is an arbiter check's finding.
func checkJSON(f sheet.CheckFinding) findingDoc {
	fd := findingDoc{Code: string(f.Code), Severity: f.Severity().String(), Ply: f.Ply, Article: f.Article, Rule: f.Article, Side: string(f.Side), Copy: string(f.Copy),
		Plies: f.Plies, Count: f.Count, Want: f.Want, Period: f.Period}
	if f.Texts != [2]string{} {
		t := f.Texts
		fd.Texts = &t
	}
	return fd
}

// showWriter prints "event show": the event, then each game as it is
// read.
type showWriter interface {
	head(eventDoc) error
	game(GameDoc) error
	end() error
}

// showJSON writes the ShowDoc document piece by piece, byte for byte as
// encoding it whole (indented by two spaces, HTML characters as they
// are) would: each piece is encoded with the prefix of its depth.
type showJSON struct {
	w     *bufio.Writer
	buf   bytes.Buffer
	games int
}

func newShowJSON(w *bufio.Writer) *showJSON { return &showJSON{w: w} }

// encode writes v as it appears at the depth of prefix, without the
// encoder's newline.
func (s *showJSON) encode(v any, prefix string) error {
	s.buf.Reset()
	enc := json.NewEncoder(&s.buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := s.w.Write(bytes.TrimSuffix(s.buf.Bytes(), []byte("\n")))
	return err
}

func (s *showJSON) head(e eventDoc) error {
	s.w.WriteString("{\n  \"event\": ")
	if err := s.encode(e, "  "); err != nil {
		return err
	}
	_, err := s.w.WriteString(",\n  \"games\": [")
	return err
}

func (s *showJSON) game(g GameDoc) error {
	sep := ",\n    "
	if s.games == 0 {
		sep = "\n    "
	}
	s.games++
	s.w.WriteString(sep)
	return s.encode(g, "    ")
}

func (s *showJSON) end() error {
	if s.games > 0 {
		s.w.WriteString("\n  ")
	}
	_, err := s.w.WriteString("]\n}\n")
	return err
}

// showText writes the text form of "event show".
type showText struct{ w *bufio.Writer }

func (s *showText) end() error { return nil }

func (s *showText) head(e eventDoc) error {
	w := s.w
	fmt.Fprintf(w, "%s\n", e.Name)
	var about []string
	if e.Site != "" {
		about = append(about, e.Site)
	}
	if e.StartDate != "" || e.EndDate != "" {
		about = append(about, strings.Trim(e.StartDate+" - "+e.EndDate, " -"))
	}
	if e.TimeControl != "" {
		about = append(about, "time control "+e.TimeControl)
	}
	if e.Kind != "standard" {
		about = append(about, e.Kind+" play")
	}
	if e.Lang != "" {
		about = append(about, "notation "+e.Lang)
	}
	if n := len(e.Rounds); n > 0 {
		r := plural(n, "round", "rounds")
		if len(e.RoundDates) > 0 {
			var dates []string
			for _, k := range e.Rounds {
				d := e.RoundDates[fmt.Sprint(k)]
				if d == "" {
					d = "-"
				}
				dates = append(dates, d)
			}
			r += " (" + strings.TrimRight(strings.Join(dates, " "), " -") + ")"
		}
		about = append(about, r)
	}
	if len(about) > 0 {
		fmt.Fprintf(w, "%s\n", strings.Join(about, ", "))
	}
	return nil
}

func (s *showText) game(g GameDoc) error {
	w := s.w
	fmt.Fprintf(w, "\nRound %d, board %d: %s - %s  %s\n", g.Round, g.Board, g.White.Name, g.Black.Name, g.Result)
	for _, side := range []string{"white", "black"} {
		if r := g.Copies[side].Result; r != "" {
			fmt.Fprintf(w, "  result on %s's copy: %s\n", side, r)
		}
		if g.Copies[side].Consulted {
			fmt.Fprintf(w, "  %s's copy: consulted (typed only at the half-moves looked up)\n", side)
		}
	}
	if g.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", g.Error)
		return nil
	}
	for _, m := range g.Moves {
		num, san := plyLabel(m.Number, m.Side, m.SAN)
		fmt.Fprintf(w, "  %-6s %-12s %-12s %-8s %s", num, m.Copies["white"].Written, m.Copies["black"].Written, san, m.Status)
		if len(m.Candidates) > 0 {
			fmt.Fprintf(w, " candidates: %s", strings.Join(m.Candidates, " "))
		}
		if m.DependsOn > 0 {
			fmt.Fprintf(w, " depends on the realignment at ply %d", m.DependsOn)
		}
		fmt.Fprintln(w)
	}
	for _, r := range g.Realignments {
		state := "proposed"
		if r.Accepted {
			state = "accepted"
		}
		fmt.Fprintf(w, "  realign %s copy at ply %d: %s %s (%s)\n", r.Copy, r.Ply, r.Kind, r.Move, state)
	}
	for _, side := range []string{"white", "black"} {
		for i, c := range g.Copies[side].Cells {
			if c.Mark != "" {
				fmt.Fprintf(w, "  mark %s copy at ply %d: %s\n", side, i+1, c.Mark)
			}
		}
	}
	for _, f := range g.Findings {
		fmt.Fprintf(w, "  ply %d: %s (%s)", f.Ply, f.Code, f.Article)
		if f.Copy != "" {
			fmt.Fprintf(w, " copy=%s", f.Copy)
		}
		if f.Side != "" {
			fmt.Fprintf(w, " side=%s", f.Side)
		}
		if f.Texts != nil {
			fmt.Fprintf(w, " texts=%q", *f.Texts)
		}
		fmt.Fprintln(w)
	}
	return nil
}
