package pgn

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

// The kokopu cases (pgn/weird/kokopu/<case>/): database.pgn and, for game
// N of it, N.txt (kokopu's dump of the game it read) or N.err (the error
// it raised: character offset, line, message). The comparer below holds
// our reading of each game against kokopu's.

// kokopuSkips are the cases whose expectations are not about standard
// chess: kokopu plays those variants, we do not. Their games must carry
// our pgn-variant problem instead.
var kokopuSkips = map[string]string{
	"antichess":      "antichess (Variant tag): captures are compulsory and the king is an ordinary piece",
	"horde":          "horde (Variant tag): White has 36 pawns and no king",
	"chess960":       "chess960 (Variant tag): castling from any start square, not standard chess",
	"optional-kings": "no-king / one-king variants (Variant tag): positions without two kings",
}

// kokopuDisagreements are the games where our verdict differs from
// kokopu's, each with why we hold ours right. The test fails on any other
// disagreement, and on an entry here that no longer disagrees.
var kokopuDisagreements = map[string]string{
	"misc/1":               "PGN standard 5: a brace comment ends at the first '}' (no escapes in comments), so 'ef\\ghij' is movetext, and 'ef' no legal move",
	"misc/6":               "a null move (--) is no move of chess: a game with one is not a legal game (pgn-null-move)",
	"misc/12":              "PGN standard 16.1.3.6: the FEN fullmove number is a positive integer; '0' makes the FEN malformed (pgn-bad-fen)",
	"syntactic-error-1/1":  "'Pe4' names exactly one legal move: a pawn letter is a warning (pawn-letter, FIDE C.4), not an error",
	"syntactic-error-1/7":  "'Pe4' names exactly one legal move: a pawn letter is a warning (pawn-letter, FIDE C.4), not an error",
	"syntactic-error-1/9":  "'Pe5' names exactly one legal move: a pawn letter is a warning (pawn-letter, FIDE C.4), not an error",
	"syntactic-error-1/10": "'Pe4' names exactly one legal move: a pawn letter is a warning (pawn-letter, FIDE C.4), not an error",
	"syntactic-error-1/2":  "a tag without name is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-1/3":  "a tag without value is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-1/17": "a tag without ']' is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-1/18": "a tag with a malformed name is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-1/19": "a tag with junk before ']' is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"redos-header/0":       "a tag value without closing quote is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-5/0":  "a tag value without closing quote is a warning (pgn-tag-syntax): validation judges the moves, and there are none",
	"syntactic-error-1/4":  "a line break inside a tag value (PGN 7: no newline in a string) is a warning (pgn-tag-syntax): the value is skipped to its closing quote, the tag not kept; validation judges the moves, and there are none",
	"syntactic-error-1/8":  "a line break inside a tag value (PGN 7: no newline in a string) is a warning (pgn-tag-syntax): the value is skipped to its closing quote, the tag not kept; validation judges the moves, 1. e4, legal",
	"syntactic-error-1/5":  "an unescaped quote inside a tag value is read as part of the value, as written names like '5th \"Mikis\" Open' need; no move is wrong",
	"syntactic-error-1/12": "an unclosed variation is skipped to the end of the game: a warning (pgn-unclosed-variation); the main line 1. e4 e5 is legal",
	"syntactic-error-1/13": "side lines are skipped unread, '((' included: the main line 1. e4 e5 is legal",
	"syntactic-error-1/14": "a stray ')' is a warning (pgn-unexpected): the main line 1. e4 e5 is legal",
	"syntactic-error-1/15": "a tag section after movetext starts a new game, as pgn-extract and python-chess split it: two games, both legal, the first without result (pgn-missing-result warning)",
}

// kokopuDump is what a N.txt file says about a game.
type kokopuDump struct {
	tags   map[string]string
	moves  []string // main line in SAN
	result string   // "1-0", "0-1", "1/2-1/2" or "*"
	plies  int
	board  string // the final position's board as 8 rows of 8 letters (' ' empty)
	state  string // side to move and castling: "w KQkq"
}

// kokopuError is what a N.err file says.
type kokopuError struct {
	offset, line int
	message      string
}

var (
	kokopuTagRe    = regexp.MustCompile(`^([A-Za-z][A-Za-z ]*) = \{(.*)\}$`)
	kokopuMoveRe   = regexp.MustCompile(`^\[\d+[wb]\]\s+\(\d+[wb]\) (\S+) \(#hm=`)
	kokopuRowRe    = regexp.MustCompile(`^\|( . \|){8}$`)
	kokopuStateRe  = regexp.MustCompile(`^([wb]) (\S+) (\S+)`)
	kokopuResultRe = regexp.MustCompile(`^\{(.*)\}\{(\d+) plies\}$`)
)

func readKokopuDump(t *testing.T, path string) *kokopuDump {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := &kokopuDump{tags: map[string]string{}}
	var rows []string
	started := false
	for _, line := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "[start]"):
			started = true
		case !started && kokopuTagRe.MatchString(line):
			m := kokopuTagRe.FindStringSubmatch(line)
			d.tags[m[1]] = m[2]
		case kokopuMoveRe.MatchString(line):
			d.moves = append(d.moves, kokopuMoveRe.FindStringSubmatch(line)[1])
		case kokopuRowRe.MatchString(line):
			var row strings.Builder
			for i := 2; i < len(line); i += 4 {
				row.WriteByte(line[i])
			}
			rows = append(rows, row.String())
		case kokopuStateRe.MatchString(line) && len(rows) >= 8:
			m := kokopuStateRe.FindStringSubmatch(line)
			d.board, d.state = strings.Join(rows[len(rows)-8:], "/"), m[1]+" "+m[2]
		case kokopuResultRe.MatchString(line):
			m := kokopuResultRe.FindStringSubmatch(line)
			d.result = map[string]string{"White wins": "1-0", "Black wins": "0-1", "Draw": "1/2-1/2", "Line": "*"}[m[1]]
			d.plies, _ = strconv.Atoi(m[2])
		}
	}
	if d.result == "" || d.board == "" {
		t.Fatalf("%s: not a kokopu dump", path)
	}
	return d
}

func readKokopuError(t *testing.T, path string) *kokopuError {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.SplitN(strings.TrimSpace(string(data)), "\n", 3)
	if len(f) != 3 {
		t.Fatalf("%s: not a kokopu error", path)
	}
	e := &kokopuError{message: strings.TrimSpace(f[2])}
	var err1, err2 error
	e.offset, err1 = strconv.Atoi(strings.TrimSpace(f[0]))
	e.line, err2 = strconv.Atoi(strings.TrimSpace(f[1]))
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: not a kokopu error", path)
	}
	return e
}

// kokopuTags gives our tags as kokopu presents them: blanks collapsed, "?"
// for unknown left out, the date as YYYY-MM-DD with ** for unknown or
// impossible parts, the round split into Round, SubRound, SubSubRound,
// Elo ratings and ECO codes only when well-formed.
func kokopuTags(g *PGNGame) map[string]string {
	out := map[string]string{}
	text := func(v string) string {
		v = strings.Join(strings.Fields(v), " ")
		if v == "?" {
			return ""
		}
		return v
	}
	for _, name := range []string{"White", "Black", "Event", "Site", "Annotator", "WhiteTitle", "BlackTitle"} {
		if v := text(g.Tag(name)); v != "" {
			out[name] = v
		}
	}
	for _, name := range []string{"WhiteElo", "BlackElo"} {
		if v := text(g.Tag(name)); v != "" {
			if n, err := strconv.Atoi(v); err == nil && n >= 0 {
				out[name] = v
			}
		}
	}
	if v := text(g.Tag("ECO")); regexp.MustCompile(`^[A-E][0-9][0-9]$`).MatchString(v) {
		out["ECO"] = v
	}
	if v := text(g.Tag("Round")); v != "" {
		parts := strings.Split(v, ".")
		ok := true
		for _, p := range parts {
			if _, err := strconv.Atoi(p); err != nil && p != "?" {
				ok = false
			}
		}
		for i, name := range []string{"Round", "SubRound", "SubSubRound"} {
			if ok && i < len(parts) && parts[i] != "?" {
				out[name] = parts[i]
			}
		}
	}
	if v := text(g.Tag("Date")); v != "" {
		p := strings.Split(v, ".")
		for len(p) < 3 {
			p = append(p, "??")
		}
		y, errY := strconv.Atoi(p[0])
		m, errM := strconv.Atoi(p[1])
		d, errD := strconv.Atoi(p[2])
		if errY == nil {
			month, day := "**", "**"
			if errM == nil && m >= 1 && m <= 12 {
				month = fmt.Sprintf("%02d", m)
				days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
				if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
					days = 29
				}
				if errD == nil && d >= 1 && d <= days {
					day = fmt.Sprintf("%02d", d)
				}
			}
			out["Date"] = fmt.Sprintf("%04d-%s-%s", y, month, day)
		}
	}
	return out
}

// boardOf writes a position's board as kokopu's diagram rows.
func boardOf(fen string) string {
	var rows []string
	for _, r := range strings.Split(strings.Fields(fen)[0], "/") {
		var b strings.Builder
		for _, c := range r {
			if c >= '1' && c <= '8' {
				b.WriteString(strings.Repeat(" ", int(c-'0')))
			} else {
				b.WriteRune(c)
			}
		}
		rows = append(rows, b.String())
	}
	return strings.Join(rows, "/")
}

// compareKokopuDump compares one game with kokopu's dump; it returns "" when we agree, else what
// differs.
func compareKokopuDump(g *PGNGame, d *kokopuDump) string {
	if !g.Legal() {
		return fmt.Sprintf("kokopu reads it, we find it not legal: %v", g.Problems)
	}
	var diffs []string
	if got := sanLine(g); strings.Join(got, " ") != strings.Join(d.moves, " ") {
		diffs = append(diffs, fmt.Sprintf("main line %v, kokopu %v", got, d.moves))
	}
	if g.Plies != d.plies {
		diffs = append(diffs, fmt.Sprintf("%d plies, kokopu %d", g.Plies, d.plies))
	}
	result := g.Result
	if result == "" {
		result = "*" // kokopu reads a missing result as "*"; we warn (pgn-missing-result)
	}
	if result != d.result {
		diffs = append(diffs, fmt.Sprintf("result %q, kokopu %q", result, d.result))
	}
	ours := kokopuTags(g)
	want := map[string]string{}
	for k, v := range d.tags {
		if k != "Initial move number" {
			want[k] = v
		}
	}
	if fmt.Sprint(ours) != fmt.Sprint(want) {
		diffs = append(diffs, fmt.Sprintf("tags %v, kokopu %v", ours, want))
	}
	fen := g.Final.FEN()
	if b := boardOf(fen); b != d.board {
		diffs = append(diffs, fmt.Sprintf("final board %s, kokopu %s", b, d.board))
	}
	if f := strings.Fields(fen); f[1]+" "+f[2] != d.state {
		diffs = append(diffs, fmt.Sprintf("final state %s %s, kokopu %s", f[1], f[2], d.state))
	}
	return strings.Join(diffs, "; ")
}

// compareKokopuError checks that we find the game not legal, with a
// severe problem of the same kind at the same place.
func compareKokopuError(g *PGNGame, e *kokopuError, col int) string {
	var severe []Problem
	for _, p := range g.Problems {
		if p.Severe {
			severe = append(severe, p)
		}
	}
	if len(severe) == 0 {
		return fmt.Sprintf("kokopu: %d:%d %s; we find it legal: %v", e.line, col, e.message, g.Problems)
	}
	p := severe[0]
	where := fmt.Sprintf("kokopu: %d:%d %s; we: %v", e.line, col, e.message, p)
	switch {
	case strings.HasPrefix(e.message, "Invalid move ("):
		move := strings.TrimPrefix(e.message, "Invalid move (")
		move = move[:strings.IndexByte(move, ')')]
		if p.Text != move || p.Pos.Line != e.line || p.Pos.Col != col {
			return where
		}
	case strings.HasPrefix(e.message, "Invalid FEN"):
		if p.Code() != string(ProblemBadFEN) || p.Pos.Line != e.line {
			return where
		}
	case strings.Contains(e.message, "variant"):
		if p.Code() != string(ProblemVariant) || p.Pos.Line != e.line {
			return where
		}
	default:
		// A syntax error: we need not stop where kokopu stops (a broken tag
		// is a warning, the move after it the error), but some problem of
		// ours must be on kokopu's line.
		for _, q := range g.Problems {
			if q.Pos.Line == e.line {
				return ""
			}
		}
		return where
	}
	return ""
}

// kokopuCol turns kokopu's character offset into a column on its line;
// lines end at LF, CR LF or a lone CR.
func kokopuCol(data []byte, offset int) int {
	text := []rune(strings.TrimPrefix(string(data), "\ufeff"))
	if offset > len(text) {
		return 0
	}
	start := offset
	for start > 0 && text[start-1] != '\n' && text[start-1] != '\r' {
		start--
	}
	return offset - start + 1
}

func TestKokopu(t *testing.T) {
	dir := xtest.Corpus(t, "pgn", "weird", "kokopu")
	cases, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var summary []string
	total := map[string]int{}
	for _, c := range cases {
		if !c.IsDir() {
			continue
		}
		name := c.Name()
		data, err := os.ReadFile(filepath.Join(dir, name, "database.pgn"))
		if err != nil {
			t.Fatal(err)
		}
		games := readGames(t, data, nil)
		files, _ := filepath.Glob(filepath.Join(dir, name, "*.*"))
		var index []int
		for _, f := range files {
			base := filepath.Base(f)
			if n, err := strconv.Atoi(strings.TrimSuffix(base, filepath.Ext(base))); err == nil {
				index = append(index, n)
			}
		}
		sort.Ints(index)
		count := map[string]int{}
		next := 0 // our next game not yet matched
		for _, n := range index {
			key := fmt.Sprintf("%s/%d", name, n)
			errPath := filepath.Join(dir, name, fmt.Sprintf("%d.err", n))
			var g *PGNGame
			var diff string
			if _, err := os.Stat(errPath); err == nil {
				e := readKokopuError(t, errPath)
				// Our game holding the error's line.
				j := -1
				for i, og := range games {
					if og.Line <= e.line {
						j = i
					}
				}
				if j < 0 {
					diff = fmt.Sprintf("kokopu: %d %s; we read no game there", e.line, e.message)
				} else {
					g, next = games[j], j+1
					diff = compareKokopuError(g, e, kokopuCol(data, e.offset))
				}
			} else {
				d := readKokopuDump(t, filepath.Join(dir, name, fmt.Sprintf("%d.txt", n)))
				j := next
				if ev := d.tags["Event"]; ev != "" {
					for j < len(games) && kokopuTags(games[j])["Event"] != ev {
						j++
					}
				}
				if j >= len(games) {
					diff = "kokopu reads a game we do not find"
				} else {
					g, next = games[j], j+1
					if reason, skip := kokopuSkips[name]; skip {
						if firstSevere(g) != string(ProblemVariant) {
							t.Errorf("%s: skipped (%s), but our problems are %v", key, reason, g.Problems)
						}
						count["skipped"]++
						continue
					}
					diff = compareKokopuDump(g, d)
				}
			}
			reason, listed := kokopuDisagreements[key]
			seen[key] = true
			switch {
			case diff == "" && listed:
				t.Errorf("%s: listed as a disagreement (%s) but we agree now: drop it from kokopuDisagreements", key, reason)
				count["agree"]++
			case diff == "":
				count["agree"]++
			case listed:
				t.Logf("%s: disagreement, %s\n\t%s", key, reason, diff)
				count["disagree"]++
			default:
				t.Errorf("%s: new disagreement: %s", key, diff)
				count["disagree"]++
			}
		}
		for k, v := range count {
			total[k] += v
		}
		summary = append(summary, fmt.Sprintf("%-26s %2d kokopu games, %2d ours: agree %2d, disagree %2d, skipped %d",
			name, len(index), len(games), count["agree"], count["disagree"], count["skipped"]))
	}
	for key := range kokopuDisagreements {
		if !seen[key] {
			t.Errorf("%s in kokopuDisagreements is no kokopu game", key)
		}
	}
	for _, s := range summary {
		t.Log(s)
	}
	t.Logf("kokopu total: agree %d, disagree %d (all listed), skipped %d", total["agree"], total["disagree"], total["skipped"])
}

// firstSevere returns the code of a game's first severe problem, or "".
func firstSevere(g *PGNGame) string {
	for _, p := range g.Problems {
		if p.Severe {
			return p.Code()
		}
	}
	return ""
}
