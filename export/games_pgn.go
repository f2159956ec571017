package export

import (
	"io"

	"scoresheet/pgn"
	"scoresheet/sheet"
)

// WriteGamesFrom writes games as PGN (WriteGame), one after the other
// as they are read: each game is written as soon as it is read. It is
// the PGN writer of an event's games, beside WritePDFFrom,
// WriteFormsFrom and WriteXLSXFrom.
func WriteGamesFrom(w io.Writer, ev *sheet.Event, games Games) error {
	return games.Each(func(g *sheet.Game) error { return pgn.WriteGame(w, ev, g) })
}
