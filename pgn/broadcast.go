package pgn

import (
	"io"
	"strconv"

	"scoresheet/sheet"
)

// A broadcast (Lichess's, and the boards' PGN files venues publish) tells
// the games of a round apart by the Round tag "R.B": the round, a dot,
// the board. The rest of the game is the export's: the same tags,
// movetext and comments (clock times included), so that what a broadcast
// shows and what an export writes are one judgement.

// BroadcastTags returns GameTags with the Round tag "R.B" when the game
// has both a round and a board.
func BroadcastTags(ev *sheet.Event, g *sheet.Game) []Tag {
	tags := GameTags(ev, g)
	if g.Round > 0 && g.Board > 0 {
		for i := range tags {
			if tags[i].Name == "Round" {
				tags[i].Value = strconv.Itoa(g.Round) + "." + strconv.Itoa(g.Board)
			}
		}
	}
	return tags
}

// WriteBroadcastGame writes one game as WriteGame does, with
// BroadcastTags.
func WriteBroadcastGame(w io.Writer, ev *sheet.Event, g *sheet.Game) error {
	return writeGame(w, BroadcastTags(ev, g), g)
}
