package sheet

import (
	"fmt"
	"unicode/utf8"
)

// The bounds of what one game holds, from the domain, the same on every
// way in (event enter, a PGN or TRF import, the window, the store, an
// event file read): what is beyond them is no scoresheet, and would cost
// every later command memory and time (a 3.9 MB cell from PGN, echoed
// whole; a 100 MB cell in a crafted event file that took 13.9 GB to
// show). Each is said with its code where it is hit, never cut silently.
const (
	// MaxCopyCells bounds the cells of a copy: the longest game ever
	// played over the board, Nikolić-Arsović (Belgrade 1989), had 269
	// moves, 538 half-moves; 1,000 leaves room for nearly twice that
	// and for the cells a player writes twice.
	MaxCopyCells = 1000
	// MaxCellBytes bounds a cell's text (and its clock): a move in any
	// notation is under 20 characters ("exd8=Q+", "0-0-0+", "QxP/Q4ch",
	// two moves written in one box); 100 bytes leaves five times that,
	// or 25 characters of a script written in four bytes each.
	MaxCellBytes = 100
	// MaxGameTags bounds a game's tags: the Seven Tag Roster and the
	// standard's others are some thirty, the richest headers seen in
	// files of databases and servers a few dozen; a thousand is thirty
	// times that.
	MaxGameTags = 1000
)

// BoundCode names a bound of the domain.
type BoundCode string

const (
	BoundCopyCells BoundCode = "bound-copy-cells" // a copy holds more than MaxCopyCells cells
	BoundCellBytes BoundCode = "bound-cell-bytes" // a cell's text or clock is longer than MaxCellBytes
	BoundGameTags  BoundCode = "bound-game-tags"  // a game holds more than MaxGameTags tags
)

// BoundCodes returns every bound's code.
func BoundCodes() []BoundCode { return []BoundCode{BoundCopyCells, BoundCellBytes, BoundGameTags} }

// BoundError says that a game goes beyond a bound, and where.
type BoundError struct {
	Code  BoundCode
	Round int    // the game's round and board, 0 when not known
	Board int    //
	Side  Side   // the copy (cells)
	Index int    // the cell (0-based): the first beyond the bound, or the one too long
	Size  int    // what was found: cells, bytes or tags
	Max   int    // the bound
	Text  string // the start of the cell too long (ShortText)
}

func (e *BoundError) Error() string {
	s := fmt.Sprintf("%s: %d, at most %d", e.Code, e.Size, e.Max)
	if e.Round > 0 {
		s += fmt.Sprintf(" (round %d board %d)", e.Round, e.Board)
	}
	if e.Code != BoundGameTags {
		s += fmt.Sprintf(" %s copy, cell %d", e.Side, e.Index+1)
	}
	if e.Text != "" {
		s += fmt.Sprintf(" %q", e.Text)
	}
	return s
}

// shortBytes is how much of a text an error quotes.
const shortBytes = 24

// ShortText returns the start of a text an error quotes: whole when
// short, else its first characters and "…" (a 3.9 MB cell is not said
// back whole).
func ShortText(s string) string {
	if len(s) <= shortBytes {
		return s
	}
	cut := shortBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// CheckCell returns a *BoundError when cell index of copy side is beyond
// the bounds: its index, its text or its clock.
func CheckCell(side Side, index int, c Cell) error {
	switch {
	case index >= MaxCopyCells:
		return &BoundError{Code: BoundCopyCells, Side: side, Index: index, Size: index + 1, Max: MaxCopyCells}
	case len(c.Text) > MaxCellBytes:
		return &BoundError{Code: BoundCellBytes, Side: side, Index: index, Size: len(c.Text), Max: MaxCellBytes, Text: ShortText(c.Text)}
	case len(c.Clock) > MaxCellBytes:
		return &BoundError{Code: BoundCellBytes, Side: side, Index: index, Size: len(c.Clock), Max: MaxCellBytes, Text: ShortText(c.Clock)}
	}
	return nil
}

// CheckGame returns a *BoundError, naming the game's round and board,
// when g goes beyond a bound: its tags, a copy's cells, a cell.
func CheckGame(g *Game) error {
	var err error
	if len(g.Tags) > MaxGameTags {
		err = &BoundError{Code: BoundGameTags, Size: len(g.Tags), Max: MaxGameTags}
	}
	for s := 0; s < len(g.Copies) && err == nil; s++ {
		cells := g.Copies[s].Cells
		if len(cells) > MaxCopyCells {
			err = &BoundError{Code: BoundCopyCells, Side: Side(s), Index: MaxCopyCells, Size: len(cells), Max: MaxCopyCells}
			break
		}
		for i := 0; i < len(cells) && err == nil; i++ {
			err = CheckCell(Side(s), i, cells[i])
		}
	}
	if be, ok := err.(*BoundError); ok {
		be.Round, be.Board = g.Round, g.Board
		return be
	}
	return nil
}
