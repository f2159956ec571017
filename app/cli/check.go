package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"scoresheet/rules"
)

var checkCommand = &command{
	name:    "check",
	summary: "read one scoresheet's movetext and judge every cell",
	args:    "[--lang CODE] [--fen FEN] [--json] [FILE]",
	help: `
Reads the movetext of one copy of a scoresheet, exactly as the player
wrote it (stdin when no FILE is given), in the piece letters of the sheet's
language, and prints one line per ply: the cell as written, its status
(ok, nonstandard, ambiguous, illegal, unreadable, missing), the move taken
in SAN, the findings with the rule each applies, and for every cell that
is not ok the legal moves it could have meant.

With --json, prints one JSON object per line per ply.
Exit status: 0 when the input was read, 2 on bad usage, an unknown
language, a bad --fen or an unreadable file.`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		lang := fs.String("lang", "en", "the sheet's notation language (ISO 639-1 code: en, de, fr, nl, hr, ru, ...)")
		fen := fs.String("fen", "", "start position (FEN) for a game that does not start from the initial position")
		asJSON := fs.Bool("json", false, "print one JSON object per ply")
		return func(args []string, stdio IO) int {
			return runCheck(fs, *lang, *fen, *asJSON, args, stdio)
		}
	},
}

// checkPly is the JSON form of the check command: one object a ply,
// whose findings have the shape of "event show"'s (findingDoc).
type checkPly struct {
	Ply        int          `json:"ply"`
	Number     int          `json:"number"`
	Side       string       `json:"side"`
	Written    string       `json:"written"`
	Offset     int          `json:"offset"`
	Status     string       `json:"status"`
	SAN        string       `json:"san,omitempty"`
	Candidates []string     `json:"candidates"`
	Findings   []findingDoc `json:"findings"`
	DrawOffer  bool         `json:"draw_offer"`
	FEN        string       `json:"fen"`
	// Realign is set at the ply where the copy went out of step: the
	// realignment proposed (kind insert/remove/merge/split, the move).
	Realign *realignDoc `json:"realign,omitempty"`
}

func runCheck(fs *flag.FlagSet, lang, fen string, asJSON bool, args []string, stdio IO) int {
	letters, ok := lettersFor("check", lang, stdio)
	if !ok {
		return ExitUsage
	}
	start := rules.NewPosition()
	if fen != "" {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet check: --fen: %s\n", Explain(err))
			return ExitUsage
		}
		start = p
	}
	var in io.Reader = stdio.Stdin
	name := "stdin"
	switch len(args) {
	case 0:
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "scoresheet check: %s\n", Explain(err))
			return ExitUsage
		}
		defer f.Close()
		in, name = f, args[0]
	default:
		fmt.Fprintf(stdio.Stderr, "scoresheet check: want at most one FILE\n")
		fs.Usage()
		return ExitUsage
	}
	text, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stdio.Stderr, "scoresheet check: %s: %s\n", name, Explain(err))
		return ExitUsage
	}
	moves, mt := rules.ReadMovetext(start, string(text), letters)
	realigns := copyRealignments(start, letters.Code, mt.Cells)
	w := bufio.NewWriter(stdio.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, m := range moves {
		ply := plyReport(m, mt.Cells[i].Pos.Offset)
		if r, ok := realigns[ply.Ply]; ok {
			ply.Realign = &r
		}
		if asJSON {
			if err := enc.Encode(ply); err != nil {
				fmt.Fprintf(stdio.Stderr, "scoresheet check: %s\n", Explain(err))
				return ExitError
			}
			continue
		}
		writePlyLine(w, ply)
	}
	return ExitOK
}

func plyReport(m rules.SheetMove, offset int) checkPly {
	side := "white"
	if m.Before.Turn() == rules.Black {
		side = "black"
	}
	r := checkPly{
		Ply: m.Ply, Number: m.Before.MoveNumber(), Side: side, Written: m.Written, Offset: offset,
		Status: m.Status.String(), Candidates: []string{}, Findings: []findingDoc{},
		DrawOffer: m.DrawOffer, FEN: m.After.FEN(),
	}
	if m.Taken != rules.NoMove {
		r.SAN = m.Before.SAN(m.Taken)
	}
	for _, c := range m.Candidates {
		r.Candidates = append(r.Candidates, m.Before.SAN(c))
	}
	for _, f := range m.Findings {
		r.Findings = append(r.Findings, readingJSON(f, m.Ply))
	}
	return r
}

// plyLabel returns how a text report prints a ply's move number ("12." for
// White, "12..." for Black) and its move in SAN ("-" when none was taken);
// check and event show print them alike.
func plyLabel(number int, side, san string) (num, move string) {
	num = fmt.Sprintf("%d.", number)
	if side == "black" {
		num = fmt.Sprintf("%d...", number)
	}
	if san == "" {
		san = "-"
	}
	return num, san
}

func writePlyLine(w io.Writer, p checkPly) {
	num, san := plyLabel(p.Number, p.Side, p.SAN)
	fmt.Fprintf(w, "%-6s %-12s %-11s %-8s", num, p.Written, p.Status, san)
	for _, f := range p.Findings {
		fmt.Fprintf(w, " %s", f.Code)
		if f.Rule != "" {
			fmt.Fprintf(w, "(%s)", f.Rule)
		}
	}
	if len(p.Candidates) > 0 {
		fmt.Fprintf(w, " candidates: %s", strings.Join(p.Candidates, " "))
	}
	if p.DrawOffer {
		fmt.Fprintf(w, " (=)")
	}
	if r := p.Realign; r != nil {
		fmt.Fprintf(w, " realign: %s %s", r.Kind, r.Move)
	}
	fmt.Fprintln(w)
}

// lettersFor returns the piece letters of language code, or says on
// stderr that command cmd does not know it and returns false.
func lettersFor(cmd, code string, stdio IO) (*rules.Letters, bool) {
	letters, ok := rules.LettersFor(code)
	if !ok {
		fmt.Fprintf(stdio.Stderr, "scoresheet %s: unknown language %q (known: %s)\n", cmd, code, languageCodes())
	}
	return letters, ok
}

func languageCodes() string {
	var codes []string
	for _, l := range rules.Languages() {
		codes = append(codes, l.Code)
	}
	return strings.Join(codes, " ")
}
