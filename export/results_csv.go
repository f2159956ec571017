package export

import (
	"encoding/csv"
	"io"
	"sort"
	"strconv"

	"scoresheet/export/trf"
	"scoresheet/sheet"
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
func WriteResultsCSV(w io.Writer, games []sheet.Game, byes []trf.Bye, lang string) error {
	l := labeler(lang)
	cw := csv.NewWriter(w)
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
		cw.Write([]string{itoa(g.Round), itoa(g.Board), rankText(wr), g.White.Name, ratingText(g.White),
			resultText(&g), rankText(br), g.Black.Name, ratingText(g.Black)})
	}
	for _, b := range byes {
		code := b.Result
		if code == ' ' {
			code = 'Z'
		}
		cw.Write([]string{itoa(b.Round), "", itoa(b.Player.Rank), b.Player.Name, ratingText(sheet.Player{Rating: b.Player.Rating}),
			l.get("print.bye") + " " + string(code), "", "", ""})
	}
	cw.Flush()
	return cw.Error()
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
