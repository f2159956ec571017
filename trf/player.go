package trf

import (
	"scoresheet/rules"
	"strconv"
	"strings"

	"scoresheet/sheet"
)

// Player is a 001 line: the fields as written (trimmed), and the round
// blocks.
type Player struct {
	Line       *Line
	Rank       int    // starting rank, columns 5-8
	Sex        string // column 10
	Title      string // 11-13
	Name       string // 15-47, as written ("Lastname, Firstname")
	Rating     int    // 49-52; 0 when blank
	Federation string // 54-56
	FideID     string // 58-68
	BirthDate  string // 70-79, as written
	Points     string // 81-84, as written
	Place      string // 86-89, as written
	Rounds     []Block
	sums       []float64 // points before each round (before), nil until needed
}

// Block is one round of a player line (10 columns from 92+10(r-1)).
type Block struct {
	Round    int
	Col      int  // the block's first column
	Opponent int  // starting rank; 0 for a bye or absence
	Colour   byte // 'w', 'b' or '-' (blank is '-')
	Result   byte // as written, ' ' when blank
}

// The columns of a round block, from its first column.
const (
	offColour = 5
	offResult = 7
)

// Played says the block is a pairing with an opponent (a game, a forfeit,
// or a game not played yet).
func (b Block) Played() bool { return b.Opponent > 0 }

// Forfeit says the block's result is a forfeit win or loss.
func (b Block) Forfeit() bool { return b.Result == '+' || b.Result == '-' }

// MaxPlayers is the most players a TRF holds: starting ranks are four
// columns, 1 to 9999.
const MaxPlayers = 9999

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// separators are the columns of a player line before the rounds that
// must be blank: with one of them written, the fields are shifted.
var separators = []int{4, 14, 48, 53, 57, 69, 80, 85, 90, 91}

// parsePlayer reads a 001 line.
func (f *File) parsePlayer(l *Line) error {
	width := len([]rune(strings.TrimRight(decode(l.Text, l.utf8), " ")))
	if width < 8 {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: width + 1}, Code: CodeShortLine}
	}
	shifted := birthShifted(l)
	for _, col := range separators {
		if col == 80 && shifted {
			continue
		}
		if col <= width && l.Field(col, col) != " " {
			return &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeSeparator, Text: l.Field(col, col)}
		}
	}
	p := &Player{Line: l, Sex: l.Trimmed(10, 10), Title: l.Trimmed(11, 13), Name: l.Trimmed(15, 47),
		Federation: l.Trimmed(54, 56), FideID: l.Trimmed(58, 68), BirthDate: l.Trimmed(70, 79),
		Points: l.Trimmed(81, 84), Place: l.Trimmed(86, 89)}
	if shifted {
		p.BirthDate = l.Trimmed(71, 80)
	}
	rank, err := strconv.Atoi(l.Trimmed(5, 8))
	if err != nil || rank < 1 || rank > MaxPlayers {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeBadRank, Text: l.Field(5, 8)}
	}
	if f.byRank[rank] != nil {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: 5}, Code: CodeDuplicate, Text: l.Field(5, 8)}
	}
	p.Rank = rank
	if err := p.parseNumbers(l); err != nil {
		return err
	}
	for col := 92; col <= width; col += 10 {
		if len(p.Rounds) == sheet.MaxRounds {
			return &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeTooManyRounds, Text: l.Field(col, col+7)}
		}
		b, err := parseBlock(l, col)
		if err != nil {
			return err
		}
		p.Rounds = append(p.Rounds, b)
	}
	f.byRank[rank] = p
	f.Players = append(f.Players, p)
	return nil
}

// birthShifted says the birth date is written one column to the right
// (71-80, column 70 blank), as some TRF26 writers do (the echecsjs team
// fixture): the date is read there and column 80 is not a separator.
func birthShifted(l *Line) bool {
	d := l.Field(71, 80)
	return l.Field(70, 70) == " " && len(d) == 10 && d[4] == '/' && d[7] == '/' && isDigits(d[:4])
}

// parseNumbers checks the rating, points and place columns.
func (p *Player) parseNumbers(l *Line) error {
	if s := l.Trimmed(49, 52); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return &Error{Pos: rules.Pos{Line: l.Num, Col: 49}, Code: CodeBadNumber, Text: l.Field(49, 52)}
		}
		p.Rating = n
	}
	if _, err := strconv.ParseFloat(p.Points, 64); p.Points != "" && err != nil {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: 81}, Code: CodeBadNumber, Text: l.Field(81, 84)}
	}
	if p.Place != "" && !isDigits(p.Place) {
		return &Error{Pos: rules.Pos{Line: l.Num, Col: 86}, Code: CodeBadNumber, Text: l.Field(86, 89)}
	}
	return nil
}

// parseBlock reads the round block starting at column col.
func parseBlock(l *Line, col int) (Block, error) {
	b := Block{Round: (col-92)/10 + 1, Col: col, Colour: '-', Result: ' '}
	for _, off := range []int{4, 6, 8, 9} {
		if s := l.Field(col+off, col+off); s != "" && s != " " {
			return b, &Error{Pos: rules.Pos{Line: l.Num, Col: col + off}, Code: CodeSeparator, Text: s}
		}
	}
	if s := l.Trimmed(col, col+3); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || !isDigits(s) {
			return b, &Error{Pos: rules.Pos{Line: l.Num, Col: col}, Code: CodeBadOpponent, Text: l.Field(col, col+3)}
		}
		b.Opponent = n
	}
	switch c := l.Field(col+offColour, col+offColour); c {
	case "w", "b", "-":
		b.Colour = c[0]
	case "W", "B":
		b.Colour = c[0] - 'A' + 'a'
	case "", " ":
	default:
		return b, &Error{Pos: rules.Pos{Line: l.Num, Col: col + offColour}, Code: CodeBadColour, Text: c}
	}
	if b.Opponent > 0 && b.Colour == '-' {
		return b, &Error{Pos: rules.Pos{Line: l.Num, Col: col + offColour}, Code: CodeBadColour, Text: l.Field(col+offColour, col+offColour)}
	}
	c := l.Field(col+offResult, col+offResult)
	if c != "" && c != " " {
		if len(c) != 1 || !strings.Contains("-+WDL1=0HFUZwdlhfuz", c) {
			return b, &Error{Pos: rules.Pos{Line: l.Num, Col: col + offResult}, Code: CodeBadResult, Text: c}
		}
		b.Result = c[0]
	}
	return b, nil
}

// Block returns the player's block of round r, and whether there is one.
func (p *Player) Block(r int) (Block, bool) {
	if r < 1 || r > len(p.Rounds) {
		return Block{}, false
	}
	return p.Rounds[r-1], true
}

// checkPairings checks that every pairing is written on both players'
// lines: the opponent exists and names this player with the other colour.
func (f *File) checkPairings() error {
	for _, p := range f.Players {
		for _, b := range p.Rounds {
			if !b.Played() {
				continue
			}
			o := f.byRank[b.Opponent]
			if o == nil {
				return &Error{Pos: rules.Pos{Line: p.Line.Num, Col: b.Col}, Code: CodeNoOpponent, Text: p.Line.Field(b.Col, b.Col+3)}
			}
			ob, ok := o.Block(b.Round)
			if !ok || ob.Opponent != p.Rank || ob.Colour == b.Colour {
				return &Error{Pos: rules.Pos{Line: p.Line.Num, Col: b.Col}, Code: CodeMismatch, Text: p.Line.Field(b.Col, b.Col+8)}
			}
		}
	}
	return nil
}
