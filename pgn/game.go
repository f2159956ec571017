package pgn

import (
	"strings"

	"scoresheet/rules"
)

// Tag is one tag pair as read, at Line and Col (1-based, the column in
// characters, as rules.Pos).
type Tag struct {
	Name, Value string
	Line, Col   int
}

// PGNMove is one move of a game's main line as read.
type PGNMove struct {
	Text      string     // the move as written in the file
	Move      rules.Move // NoMove when the text names no legal move
	Line, Col int        // where the move starts (1-based, the column in characters, as rules.Pos)
	NAGs      []int
	Comments  []string // comments after the move, Scoresheet's own forms removed
	Clock     string   // [%clk h:mm:ss], or ""
	DrawOffer bool     // {(=)}: the player offered a draw with this move
	// Written holds what each copy of the scoresheet had, where Scoresheet
	// wrote it ({[%copy white "Sf3"]}); "" when not given.
	Written [2]string
	// Reading is the notation reader's verdict, set when the move was not
	// plain SAN (or a language other than English was asked for).
	Reading *rules.Reading
}

// PGNGame is one game of a PGN file.
type PGNGame struct {
	Index       int // 0-based number in the file
	Line        int // line where the game starts
	Tags        []Tag
	Start       *rules.Position // from the FEN tag, or the initial position
	Moves       []PGNMove       // the main line up to the first move that could not be read
	Comments    []string        // comments before the first move
	Result      string          // the result token ending the movetext, or ""
	Problems    []Problem
	Final       *rules.Position
	IllegalPly  int  // the first ply that names no legal move, or 0
	Latin1      bool // the game's bytes were not UTF-8 and were read as Latin-1
	Plies       int  // plies read legally (also counted when Moves are not kept)
	HasWarnings bool
}

// Tag returns the value of the named tag (the first if repeated), or "".
// Names match without regard to case: files with "[fen ...]" are common.
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// refusing are the problems that keep a game from being imported: what
// a board would hold of it is not what the file holds (a game cut at the
// size limit, a start position that does not read, a chess variant, more
// tags or half-moves or a longer move than a game holds). Stored, such a
// game was a board with no moves, and the import said nothing.
var refusing = map[ProblemCode]bool{ProblemTooLong: true, ProblemBadFEN: true, ProblemVariant: true,
	ProblemTooManyTags: true, ProblemCellTooLong: true, ProblemTooManyMoves: true}

// Refusal returns the first problem that keeps the game from being
// imported, or nil.
func (g *PGNGame) Refusal() *Problem {
	for i := range g.Problems {
		if refusing[g.Problems[i].PGN] {
			return &g.Problems[i]
		}
	}
	return nil
}

// Legal reports whether every move of the main line is legal.
func (g *PGNGame) Legal() bool {
	for _, p := range g.Problems {
		if p.Severe {
			return false
		}
	}
	return true
}
