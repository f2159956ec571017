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
//
// A game not played is sent as its result, with Termination "rules
// infraction" (the export's): 1-0 or 0-1 for a forfeit won. A double
// forfeit has no PGN token: "0-0", which some programs write, Lichess
// reads as a draw (half a point each, on its standings), so it is never
// sent; it goes as "*" with the Termination and a comment saying so
// (DoubleForfeitComment), so that no one takes it for a game under way.

// DoubleForfeitComment is the comment before the (empty) movetext of a
// double forfeit in a broadcast: PGN's words, read by people watching
// the broadcast, like the Termination tag's "rules infraction".
const DoubleForfeitComment = "double forfeit: not played"

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
// BroadcastTags, and a double forfeit's comment.
func WriteBroadcastGame(w io.Writer, ev *sheet.Event, g *sheet.Game) error {
	var lead []string
	if g.Result == sheet.DoubleForfeit {
		lead = []string{DoubleForfeitComment}
	}
	return writeGame(w, BroadcastTags(ev, g), lead, g)
}
