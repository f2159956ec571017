package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"scoresheet/app/core"
	"scoresheet/pgn"
	"scoresheet/rules"
)

var validateCommand = &command{
	name:    "validate",
	summary: "check every game of PGN files: legality and notation, fast",
	args:    "[--lang CODE] [--json] [--jobs N] FILE...",
	help: `
Reads each PGN file as a stream and checks every game: tags, movetext
and every move against the rules of chess. Prints one line per game
with problems (file:line:col, game number, players, ply, written text, codes),
then a summary. With --json, prints one JSON object per game and a last
object with the summary.

A file in UTF-16 with its byte order mark is read as the mark says. A
file that is not text (a control character between the tags or the
moves in its first 64 KiB: an event file, UTF-16 without its mark) is
said at that place and not checked.

Exit status: 0 when every game is legal, 1 when some are not, 2 on bad
usage or an unreadable file (one that is not text too).`,
	setup: func(fs *flag.FlagSet) func([]string, IO) int {
		lang := fs.String("lang", "en", "notation language of the movetext (ISO 639-1 code)")
		asJSON := fs.Bool("json", false, "print one JSON object per game")
		jobs := fs.Int("jobs", runtime.NumCPU(), "games checked at once (at most the number of cores)")
		return func(args []string, stdio IO) int {
			return runValidate(fs, *lang, *asJSON, *jobs, args, stdio)
		}
	},
}

type verdictJSON struct {
	File     string        `json:"file"`
	Game     int           `json:"game"`
	Line     int           `json:"line"`
	White    string        `json:"white,omitempty"`
	Black    string        `json:"black,omitempty"`
	Plies    int           `json:"plies"`
	Legal    bool          `json:"legal"`
	Warnings bool          `json:"warnings"`
	Problems []problemJSON `json:"problems"`
}

type problemJSON struct {
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Code   string `json:"code"`
	Ply    int    `json:"ply,omitempty"`
	Text   string `json:"text,omitempty"`
	Severe bool   `json:"error"`
}

// sniffSize is how much of a file tells whether it is text, as import
// tells it.
const sniffSize = 64 << 10

type summaryJSON struct {
	Summary struct {
		Games             int     `json:"games"`
		Plies             int     `json:"plies"`
		GamesWithErrors   int     `json:"games_with_errors"`
		GamesWithWarnings int     `json:"games_with_warnings"`
		Seconds           float64 `json:"seconds"`
	} `json:"summary"`
}

func runValidate(fs *flag.FlagSet, lang string, asJSON bool, jobs int, files []string, stdio IO) int {
	letters, ok := lettersFor("validate", lang, stdio)
	if !ok {
		return ExitUsage
	}
	if len(files) == 0 || jobs < 1 {
		fmt.Fprintf(stdio.Stderr, "scoresheet validate: want --jobs >= 1 and at least one FILE\n")
		fs.Usage()
		return ExitUsage
	}
	if cores := runtime.NumCPU(); jobs > cores {
		// Each job holds blocks of the file: more jobs than cores check
		// nothing faster, and 100,000 ran out of memory.
		fmt.Fprintf(stdio.Stderr, "scoresheet validate: --jobs %d: %d cores, %d games checked at once\n", jobs, cores, cores)
		jobs = cores
	}
	start := time.Now()
	out := bufio.NewWriterSize(stdio.Stdout, 64<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	emit := func(v *pgn.Verdict) {
		if asJSON {
			enc.Encode(toVerdictJSON(v))
			return
		}
		writeVerdict(out, v)
	}
	// The files are one stream for the workers (many small files keep
	// both cores busy); a file that cannot be opened, is no text or
	// cannot be read stops the run after the verdicts of those before it.
	var refusal string // what the opening said, when it refused a file
	inputs := make([]pgn.Input, len(files))
	for i, name := range files {
		inputs[i] = pgn.Input{Name: name, Open: func() (io.Reader, error) {
			r, err := openPGNText(name)
			if err != nil {
				refusal = err.Error()
			}
			return r, err
		}}
	}
	total, failed, err := pgn.ValidateFiles(inputs, pgn.ValidateOptions{Letters: letters, Jobs: jobs, All: asJSON}, emit)
	if failed >= 0 {
		out.Flush()
		if refusal == "" {
			refusal = files[failed] + ": " + Explain(err)
		}
		fmt.Fprintf(stdio.Stderr, "scoresheet validate: %s\n", refusal)
		return ExitUsage
	}
	secs := time.Since(start).Seconds()
	if asJSON {
		var s summaryJSON
		s.Summary.Games, s.Summary.Plies = total.Games, total.Plies
		s.Summary.GamesWithErrors, s.Summary.GamesWithWarnings = total.GamesWithErrors, total.GamesWithWarnings
		s.Summary.Seconds = secs
		enc.Encode(s)
	} else {
		fmt.Fprintf(out, "games %d, plies %d, games with errors %d, games with warnings %d, seconds %.3f\n",
			total.Games, total.Plies, total.GamesWithErrors, total.GamesWithWarnings, secs)
	}
	if total.GamesWithErrors > 0 {
		return ExitError
	}
	return ExitOK
}

// refusedFile is a file validate will not read, said as the command
// line says it.
type refusedFile struct{ said string }

func (e refusedFile) Error() string { return e.said }

// openPGNText opens a PGN file for validate, decoded from UTF-16 when its
// mark says so. A file that is no text (an event file given by mistake)
// is said once, as import says it, not read as one game of thousands of
// problems.
func openPGNText(name string) (io.Reader, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, refusedFile{Explain(err)}
	}
	br := bufio.NewReaderSize(core.DecodeUTF16(f), sniffSize)
	head, _ := br.Peek(sniffSize)
	if err := core.NotPGNText(head); err != nil {
		f.Close()
		return nil, refusedFile{english.ExplainIn(name, err)}
	}
	return struct {
		io.Reader
		io.Closer
	}{br, f}, nil
}

func toVerdictJSON(v *pgn.Verdict) verdictJSON {
	j := verdictJSON{File: v.File, Game: v.Index + 1, Line: v.Line, White: v.White, Black: v.Black,
		Plies: v.Plies, Legal: v.Legal, Warnings: v.Warnings, Problems: []problemJSON{}}
	for _, p := range v.Problems {
		j.Problems = append(j.Problems, problemJSON{Line: p.Pos.Line, Col: p.Pos.Col, Code: p.Code(), Ply: p.Ply, Text: p.Text, Severe: p.Severe})
	}
	return j
}

// writeVerdict prints one line for a game with problems.
func writeVerdict(w *bufio.Writer, v *pgn.Verdict) {
	// The line points at the first error (or, in a legal game, the first
	// warning) that is about a move, else at the first problem.
	at := -1
	for _, severe := range []bool{true, false} {
		for i, p := range v.Problems {
			if at < 0 && p.Ply > 0 && p.Severe == severe {
				at = i
			}
		}
	}
	pos, ply, text := rules.Pos{Line: v.Line, Col: 1}, 0, ""
	if at >= 0 {
		p := v.Problems[at]
		pos, ply, text = p.Pos, p.Ply, p.Text
	} else if len(v.Problems) > 0 {
		pos = v.Problems[0].Pos
	}
	var codes []string
	for _, p := range v.Problems {
		codes = append(codes, p.Code())
	}
	verdict := "warning"
	if !v.Legal {
		verdict = "error"
	}
	fmt.Fprintf(w, "%s:%s: game %d (%s - %s): %s", v.File, pos, v.Index+1, v.White, v.Black, verdict)
	if ply > 0 {
		fmt.Fprintf(w, " ply %d %q", ply, text)
	}
	fmt.Fprintf(w, ": %s\n", strings.Join(codes, " "))
}
