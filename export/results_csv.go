package export

import (
	"bufio"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// resultsFirstColumn is the heading of a results list's first column.
const resultsFirstColumn = "ui.header.round"

// WriteResultsCSV writes a results list: one row per board (round, board,
// White's starting rank, name and rating, the result, Black's), by round
// and board, then each round's byes (the player and the bye's code, H, F,
// U or Z), for the wall and for typing into the pairing program. A
// forfeit's result is written "+/-", "-/+" or "-/-" as pairing programs
// write it; a board without a result leaves the column blank. The
// headings are in lang.
//
// The file goes into other people's spreadsheets, so a cell of free text
// that a spreadsheet would run as a formula is neutralised (csvText);
// the other cells are ours: the headings and the bye's words from
// locales/, numbers written by strconv, and the results of a closed
// vocabulary (csvResult).
func WriteResultsCSV(w io.Writer, games []sheet.Game, byes []trf.Bye, lang string) error {
	l := labeler(lang)
	cw := &csvWriter{w: bufio.NewWriter(w)}
	cw.Write([]string{l.get(resultsFirstColumn), l.get("ui.header.board"), l.get("print.no"), l.get("ui.header.white"),
		l.get("ui.header.rating"), l.get("ui.header.result"), l.get("print.no"), l.get("ui.header.black"), l.get("ui.header.rating")})
	sort.SliceStable(games, func(i, j int) bool {
		if games[i].Round != games[j].Round {
			return games[i].Round < games[j].Round
		}
		return games[i].Board < games[j].Board
	})
	for _, g := range games {
		wr, br, _ := trf.Ranks(&g)
		cw.Write([]string{itoa(g.Round), itoa(g.Board), rankText(wr), csvText(g.White.Name), ratingText(g.White),
			csvResult(resultText(&g)), rankText(br), csvText(g.Black.Name), ratingText(g.Black)})
	}
	for _, b := range byes {
		code := b.Result
		if code == ' ' {
			code = 'Z'
		}
		cw.Write([]string{itoa(b.Round), "", itoa(b.Player.Rank), csvText(b.Player.Name), ratingText(sheet.Player{Rating: b.Player.Rating}),
			l.get("print.bye") + " " + string(code), "", "", ""})
	}
	return cw.Flush()
}

// csvText is a cell of free text (a name, anything read from a file) as
// the results list writes it. A spreadsheet takes a cell starting with
// =, +, -, @ for a formula (and one starting with a tab or a carriage
// return after it drops them), so "=cmd|' /C calc'!A0" from a TRF would
// run a program on the machine of whoever opens the list: such a cell is
// written as OWASP's CSV injection rule says, a single quote before it
// (the spreadsheet shows the text, the quote hidden) and the cell quoted.
func csvText(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	return "'" + s
}

// csvResults are the results a results list writes: what the pairing
// program reads back, written raw although "+/-" and "-/+" start as a
// formula would. They are our closed vocabulary, three to seven
// characters that name no function or cell, so a spreadsheet shows
// them or at worst an error, and the arbiter must read them as
// written: a quote before them would be typed into the pairing program.
var csvResults = map[string]bool{"": true, "1-0": true, "0-1": true, "1/2-1/2": true, "+/-": true, "-/+": true, "-/-": true}

// csvResult is a board's result as the results list writes it: ours as
// it is, anything else (a crafted event file's result) as free text.
func csvResult(s string) string {
	if csvResults[s] {
		return s
	}
	return csvText(s)
}

// csvWriter writes rows as encoding/csv does (comma, "\n" line ends,
// a cell quoted when it holds a comma, a quote or a line break, or
// starts with a blank), and also quotes a cell starting with a single
// quote, as csvText's are (encoding/csv cannot be asked to; a name that
// starts with one, "'t Hooft", reads the same quoted).
type csvWriter struct {
	w   *bufio.Writer
	err error
}

func (c *csvWriter) Write(row []string) {
	for i, cell := range row {
		if i > 0 {
			c.w.WriteByte(',')
		}
		first, _ := utf8.DecodeRuneInString(cell)
		quote := cell != "" && (first == '\'' || unicode.IsSpace(first) || strings.ContainsAny(cell, ",\"\r\n"))
		if !quote {
			c.w.WriteString(cell)
			continue
		}
		c.w.WriteByte('"')
		c.w.WriteString(strings.ReplaceAll(cell, `"`, `""`))
		c.w.WriteByte('"')
	}
	_, c.err = c.w.WriteString("\n")
}

func (c *csvWriter) Flush() error {
	if err := c.w.Flush(); err != nil {
		return err
	}
	return c.err
}

func itoa(n int) string { return strconv.Itoa(n) }

func rankText(r int) string {
	if r == 0 {
		return ""
	}
	return itoa(r)
}

// resultText is a board's result as a results list writes it: as the
// pairing programs write it (a forfeit +/-, -/+ or -/-), blank while the
// game has none.
func resultText(g *sheet.Game) string {
	if !g.Result.Decided() {
		return ""
	}
	return string(g.Result)
}
