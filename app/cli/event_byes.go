package cli

import (
	"fmt"
	"strings"

	"scoresheet/app/core"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// The arbiter's entries before a round is paired: a bye asked for (H, Z,
// F), a withdrawal, a late entry, and the list of them. They go into the
// event's TRF (core.RequestBye, core.Withdraw, core.AddPlayer), which
// export --format trf and event pair give the engine.

// byeKind reads a bye's kind: H, Z, F, or none (taken back, 0).
func byeKind(s string) (byte, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "NONE" {
		return 0, true
	}
	if len(s) == 1 && strings.Contains(trf.ByeKinds, s) {
		return s[0], true
	}
	return 0, false
}

// playerName is a starting rank and its name in f ("5 Rossi, Anna").
func playerName(f *trf.File, rank int) string {
	if p := f.Player(rank); p != nil {
		return fmt.Sprintf("%d %s", rank, p.Name)
	}
	return fmt.Sprint(rank)
}

// eventBye records a bye asked for: event bye FILE --round R --player N
// --kind H|Z|F|none.
func eventBye(file string, args []string, stdio IO) int {
	fs := subFlags("bye", stdio)
	round := fs.Int("round", 0, "the round, not paired yet (required)")
	player := fs.Int("player", 0, "the player's starting rank (required)")
	kindText := fs.String("kind", "", "H half-point bye, Z zero-point (absent), F full-point bye, none to take it back (required)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	kind, ok := byeKind(*kindText)
	if !ok || *round <= 0 || *player <= 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event bye: want --round R --player N --kind H|Z|F|none\n")
		return ExitUsage
	}
	st, _, code := openEvent(file, "bye", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	if err := core.RequestBye(st, *round, *player, kind); err != nil {
		return fail(stdio, "bye", err)
	}
	return sayRequests(st, stdio, func(q trf.Request) bool { return q.Rank == *player && q.Round == *round }, "bye",
		fmt.Sprintf("round %d: no bye for %d", *round, *player))
}

// eventWithdraw records a withdrawal: event withdraw FILE --player N
// --from R.
func eventWithdraw(file string, args []string, stdio IO) int {
	fs := subFlags("withdraw", stdio)
	player := fs.Int("player", 0, "the player's starting rank (required)")
	from := fs.Int("from", 0, "the first round he does not play, not paired yet (required)")
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	if *player <= 0 || *from <= 0 {
		fmt.Fprintf(stdio.Stderr, "scoresheet event withdraw: want --player N --from R\n")
		return ExitUsage
	}
	st, _, code := openEvent(file, "withdraw", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	rounds, err := core.Withdraw(st, *player, *from)
	if err != nil {
		return fail(stdio, "withdraw", err)
	}
	_, f, err := core.Requests(st)
	if err != nil {
		return fail(stdio, "withdraw", err)
	}
	fmt.Fprintf(stdio.Stdout, "%s withdraws: absent (Z) in rounds %d-%d, never paired again\n", playerName(f, *player), rounds[0], rounds[len(rounds)-1])
	return ExitOK
}

// eventAddPlayer adds a late entry: event add-player FILE --name NAME
// [--rating N] ... [--earlier KINDS].
func eventAddPlayer(file string, args []string, stdio IO) int {
	fs := subFlags("add-player", stdio)
	var np trf.NewPlayer
	fs.StringVar(&np.Name, "name", "", `the player's name, "Lastname, Firstname" (required)`)
	fs.IntVar(&np.Rating, "rating", 0, "rating")
	fs.StringVar(&np.Sex, "sex", "", "m or w")
	fs.StringVar(&np.Title, "title", "", "title: GM, IM, WGM, ... (or g, m, wg ...)")
	fs.StringVar(&np.Federation, "fed", "", "federation, three letters")
	fs.StringVar(&np.FideID, "fide-id", "", "FIDE ID")
	fs.StringVar(&np.BirthDate, "birth", "", "birth date as the file writes it (YYYY/MM/DD)")
	earlierText := fs.String("earlier", "", `the rounds already paired, each Z (absent, the default), H or F: one letter for all ("Z") or one a round ("H,Z")`)
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	earlier, ok := earlierKinds(*earlierText)
	if !ok || strings.TrimSpace(np.Name) == "" {
		fmt.Fprintf(stdio.Stderr, "scoresheet event add-player: want --name NAME, and --earlier as Z, H or F, one for all rounds or one a round (\"H,Z\")\n")
		return ExitUsage
	}
	st, _, code := openEvent(file, "add-player", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	rank, err := core.AddPlayer(st, np, earlier)
	if err != nil {
		return fail(stdio, "add-player", err)
	}
	rs, f, err := core.Requests(st)
	if err != nil {
		return fail(stdio, "add-player", err)
	}
	var kinds []string
	for _, q := range rs {
		if q.Rank == rank {
			kinds = append(kinds, fmt.Sprintf("round %d %c", q.Round, q.Kind))
		}
	}
	fmt.Fprintf(stdio.Stdout, "late entry: %s, starting rank %d", playerName(f, rank), rank)
	if len(kinds) > 0 {
		fmt.Fprintf(stdio.Stdout, "; %s", strings.Join(kinds, ", "))
	}
	fmt.Fprintln(stdio.Stdout)
	return ExitOK
}

// earlierKinds reads --earlier: "" (Z in every round paired), one kind
// for all, or one a round separated by commas.
func earlierKinds(s string) ([]byte, bool) {
	if strings.TrimSpace(s) == "" {
		return nil, true
	}
	var out []byte
	for _, w := range strings.Split(s, ",") {
		k, ok := byeKind(w)
		if !ok || k == 0 {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}

// eventByes lists the byes asked for: event byes FILE.
func eventByes(file string, args []string, stdio IO) int {
	fs := subFlags("byes", stdio)
	if c := parseFlags(fs, args); c != ExitOK {
		return c
	}
	st, _, code := openEvent(file, "byes", stdio)
	if code != ExitOK {
		return code
	}
	defer st.Close()
	return sayRequests(st, stdio, func(trf.Request) bool { return true }, "byes", "no byes asked for")
}

// sayRequests prints the byes asked for that keep says, "round 3: bye
// H: 5 Rossi, Anna" a line, or none when there are none.
func sayRequests(st sheet.EventStore, stdio IO, keep func(trf.Request) bool, cmd, none string) int {
	rs, f, err := core.Requests(st)
	if err != nil {
		return fail(stdio, cmd, err)
	}
	n := 0
	for _, q := range rs {
		if keep(q) {
			fmt.Fprintf(stdio.Stdout, "round %d: bye %c: %s\n", q.Round, q.Kind, playerName(f, q.Rank))
			n++
		}
	}
	if n == 0 {
		fmt.Fprintln(stdio.Stdout, none)
	}
	return ExitOK
}
