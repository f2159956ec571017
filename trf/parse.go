package trf

import (
	"bytes"
	"scoresheet/rules"
	"strconv"
	"strings"

	"scoresheet/sheet"
)

// File is a TRF as read: every line as it was, and the fields parsed
// from the header and player lines.
type File struct {
	Lines []*Line

	Name          string   // 012
	City          string   // 022
	Federation    string   // 032
	StartDate     string   // 042, as written
	EndDate       string   // 052, as written
	ChiefArbiter  string   // 102
	Deputies      []string // 112, one per line
	TimeControl   string   // 122, as written ("90+30")
	TimeEncoded   string   // 222 (TRF26), FIDE style ("40/6000+30:900+30")
	RoundDates    []string // 132, per round as written ("26/01/10"); "" where blank
	Rounds        int      // XXR, else 142; 0 when neither says
	Configuration string   // XXC, as written ("rank white1")
	InitialColour string   // 152 (TRF26): "W" or "B"

	Players []*Player // in the order of the file
	byRank  map[int]*Player
	scoring *scoringLines // the file's own point system (162, XXS, BB*), nil for the default
}

// Parse reads a TRF. Every line is kept; the first line that does not
// fit the format stops the reading with an *Error saying where.
func Parse(data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if err := CheckText(data); err != nil {
		return nil, err
	}
	f := &File{Lines: splitLines(data), byRank: map[int]*Player{}}
	records := 0
	for _, l := range f.Lines {
		if len(bytes.TrimSpace(l.Text)) > 0 && !isRecordCode(l.Text) {
			// Not a record: text that is no TRF (a PGN, a letter) is
			// never taken for one, whatever its first lines.
			return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: 1}, Code: CodeNotTRF, Text: l.Field(1, 10)}
		}
		ok, err := f.parseLine(l)
		if err != nil {
			return nil, err
		}
		if ok {
			records++
		}
	}
	if records == 0 {
		return nil, &Error{Pos: rules.Pos{Line: 1, Col: 1}, Code: CodeNotTRF}
	}
	if err := f.checkPairings(); err != nil {
		return nil, err
	}
	return f, nil
}

// CheckText refuses bytes that are no text (neither TRF nor PGN): a NUL
// or a control character other than tab, line ends and form feed, as an
// *Error CodeControl at its line and column.
func CheckText(data []byte) error {
	line, col := 1, 1
	for i, c := range data {
		switch {
		case c == '\n' || (c == '\r' && (i+1 >= len(data) || data[i+1] != '\n')):
			line, col = line+1, 1
			continue
		case c < 0x20 && c != '\t' && c != '\r' && c != '\f', c == 0x7f:
			return &Error{Pos: rules.Pos{Line: line, Col: col, Offset: i}, Code: CodeControl, Text: string(rune(c))}
		}
		if c < 0x80 || c >= 0xc0 { // count characters, not UTF-8 continuation bytes
			col++
		}
	}
	return nil
}

// parseLine reads one line by its record code (columns 1-3); ok says it
// was a record this package knows. Other records (team, NRS, 240, XXS,
// comments) are kept as read.
func (f *File) parseLine(l *Line) (ok bool, err error) {
	code := l.Field(1, 3)
	if code == "001" {
		return true, f.parsePlayer(l)
	}
	value := l.Rest(5)
	if dst := f.textFields()[code]; dst != nil {
		*dst = value
		return true, nil
	}
	if ok, err := f.scoringLine(l, code); ok || err != nil {
		return ok, err
	}
	switch code {
	case "112":
		f.Deputies = append(f.Deputies, value)
	case "132":
		dates, err := roundDates(l)
		f.RoundDates = dates
		return true, err
	case "XXR", "142":
		return true, f.parseRounds(l, code, value)
	default:
		return len(code) == 3 && code[2] == '2' && isDigits(code), nil
	}
	return true, nil
}

// textFields are the header lines read as text, by record code.
func (f *File) textFields() map[string]*string {
	return map[string]*string{"012": &f.Name, "022": &f.City, "032": &f.Federation, "042": &f.StartDate,
		"052": &f.EndDate, "102": &f.ChiefArbiter, "122": &f.TimeControl, "222": &f.TimeEncoded,
		"152": &f.InitialColour, "XXC": &f.Configuration}
}

// parseRounds reads the number of rounds of XXR or 142; XXR wins. More
// than sheet.MaxRounds is refused at once (an event of 20,000,000 rounds
// is no tournament, and would be made round by round).
func (f *File) parseRounds(l *Line, code, value string) error {
	field := strings.Fields(value + " x")[0]
	n, err := strconv.Atoi(field)
	if err != nil || n < 0 {
		if isDigits(field) {
			err = nil // too many digits for an int: too many rounds
		} else {
			return &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeBadNumber, Text: value}
		}
	}
	if err == nil && (n > sheet.MaxRounds || n < 0 || len(field) > 9) {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeTooManyRounds, Text: field}
	}
	if code == "XXR" || f.Rounds == 0 {
		f.Rounds = n
	}
	return nil
}

// roundDates reads the dates of a 132 line: round r at columns
// 92+10(r-1) .. 99+10(r-1), for sheet.MaxRounds rounds at most.
func roundDates(l *Line) ([]string, error) {
	var dates []string
	for col := 92; col <= l.Width(); col += 10 {
		if len(dates) == sheet.MaxRounds {
			return nil, &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeTooManyRounds, Text: l.Field(col, col+7)}
		}
		dates = append(dates, l.Trimmed(col, col+7))
	}
	return dates, nil
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Player returns the player of a starting rank, or nil.
func (f *File) Player(rank int) *Player { return f.byRank[rank] }

// RoundsPresent is the highest round any player has a round block for
// (0 before the first pairing).
func (f *File) RoundsPresent() int {
	n := 0
	for _, p := range f.Players {
		n = max(n, len(p.Rounds))
	}
	return n
}
