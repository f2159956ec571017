package sheet

import (
	"strings"
	"time"
)

// Player is one side of a board, as the pairing program knows him.
type Player struct {
	Name       string
	FideID     string
	Rating     int // 0 when unrated
	Federation string
	Title      string
}

// Event is a tournament: one event file holds one event.
type Event struct {
	Name        string
	Site        string
	StartDate   string // as PGN dates: "2026.11.22"
	EndDate     string
	TimeControl string    // FIDE style: "40/5400+30:1800+30"
	Kind        EventKind // standard, rapid or blitz play: which articles the checks apply
	// Lang is the notation language of the event's scoresheets (ISO
	// 639-1: "de"; "" is English): every copy is read in it unless the
	// copy has a language of its own (Copy.Lang).
	Lang   string
	Rounds []Round
}

// MaxRounds is the most rounds an event has: a Swiss open has 9 to 13,
// a round robin of 50 players 98 (49 rounds, twice). More is refused
// wherever a number of rounds comes in (event set, a TRF).
const MaxRounds = 99

// Round is one round of the event.
type Round struct {
	Number int
	Date   string
}

// Side names one of the two copies of a scoresheet by whose it is.
type Side int

const (
	WhiteCopy Side = iota
	BlackCopy
)

// String returns "white" or "black".
func (s Side) String() string {
	if s == WhiteCopy {
		return "white"
	}
	return "black"
}

// Cell is one half-move box of a paper scoresheet, exactly as written.
type Cell struct {
	Text        string   // the move as written; never rewritten by the app
	Clock       string   // the clock time as written ("1:32", "92", "1.32.05"), or ""
	DrawOffer   bool     // the player marked a draw offer, (=) (C.13)
	Note        string   // the arbiter's note
	Illegible   bool     // the arbiter cannot read the cell
	NotRecorded bool     // the player was not obliged to record (Art. 8.4, under five minutes)
	Mark        CellMark // what the arbiter marked the cell as: a claim, a sealed move, where recording stopped
}

// Copy is one player's scoresheet: its notation language, its cells,
// one per half-move, in the order written (ply 1 first), and the result
// the player wrote on it, which both players sign (8.7).
type Copy struct {
	// Lang is the copy's own notation language, the ISO 639-1 code of its
	// piece letters ("de"), or "" where the copy takes the event's
	// (Game.EventLang). Game.CopyLang is the language it is read in.
	Lang   string
	Cells  []Cell
	Result Result // one of CopyResults, or "" when none is written
	// Consulted: the arbiter types this copy only at the half-moves he
	// looks up (where the other copy, typed in full, is in doubt), not in
	// full. Its cells not typed (Cell.Typed) are not on the sheet as far
	// as the app knows: no finding is made of them, and they are no
	// evidence. What is typed counts like any copy's writing.
	Consulted bool
}

// Typed reports whether the arbiter typed anything in the cell: writing,
// a clock time, a mark, or that it is illegible or not recorded. A cell
// of a consulted copy that is not typed was not looked up.
func (c Cell) Typed() bool {
	return strings.TrimSpace(c.Text) != "" || c.Clock != "" || c.DrawOffer || c.Note != "" ||
		c.Illegible || c.NotRecorded || c.Mark != MarkNone
}

// Decision is the arbiter's ruling on one ply where the copies leave the
// move in doubt. It is stored beside the copies; it never changes them.
type Decision struct {
	Ply  int    // 1-based
	Move string // the move decided, in UCI ("g1f3"); "" withdraws a decision
	By   string // who decided (the arbiter's name or initials)
	At   time.Time
}

// Game is one board of one round: the header an arbiter fills in, the
// start position, the two copies and the arbiter's decisions.
type Game struct {
	ID        int64 // the store's identifier; 0 before the game is stored
	Round     int
	Board     int
	White     Player
	Black     Player
	Result    Result            // one of Results ("" for none yet)
	Date      string            // PGN date of the game
	Tags      map[string]string // further PGN tags (ECO, Annotator, ...)
	FEN       string            // start position; "" for the initial position
	Copies    [2]Copy           // indexed by Side
	Decisions []Decision
	// EventLang is the event's notation language (Event.Lang), which the
	// store gives every game it reads: the copies without a language of
	// their own are read in it. It is the event's, not stored with the game.
	EventLang string
}

// CopyLang returns the notation language copy s is read in: its own, or
// else the event's.
func (g *Game) CopyLang(s Side) string {
	if l := g.Copies[s].Lang; l != "" {
		return l
	}
	return g.EventLang
}

// untyped reports whether cell i of copy s was not looked up: the copy
// is consulted and the arbiter typed nothing there (or it has no cell
// i). Such a cell is no finding and no evidence.
func (g *Game) untyped(s Side, i int) bool {
	c := &g.Copies[s]
	return c.Consulted && (i >= len(c.Cells) || !c.Cells[i].Typed())
}
