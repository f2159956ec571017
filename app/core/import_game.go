package core

import (
	"strconv"
	"strings"

	"scoresheet/pgn"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// pgnTagsKept are the tags that become fields of the game; the others are
// kept as further tags.
var pgnTagsKept = map[string]bool{
	"Event": true, "Site": true, "Date": true, "Round": true, "Board": true, "White": true, "Black": true,
	"Result": true, "WhiteElo": true, "BlackElo": true, "WhiteFideId": true, "BlackFideId": true,
	"WhiteTitle": true, "BlackTitle": true, "WhiteFed": true, "BlackFed": true, "FEN": true, "SetUp": true,
	"EventDate": true, "TimeControl": true,
}

// copyResultTags name the tags of the results written on the copies
// (pgn.CopyResultTag), by side.
var copyResultTags = [2]string{"White" + pgn.CopyResultTag, "Black" + pgn.CopyResultTag}

// GameFromPGN makes a game of a PGN game: the header from the tags, the
// moves as written into both copies.
func GameFromPGN(pg *pgn.PGNGame, lang string) sheet.Game {
	tags := pg.TagIndex() // each tag looked up in one step: a game may have many
	g := sheet.Game{Date: tags.Tag("Date"), FEN: strings.TrimSpace(tags.Tag("FEN")), Tags: map[string]string{}}
	round := tags.Tag("Round")
	if r, b, ok := strings.Cut(round, "."); ok {
		g.Round, _ = strconv.Atoi(r)
		g.Board, _ = strconv.Atoi(b)
	} else {
		g.Round, _ = strconv.Atoi(round)
	}
	if b, err := strconv.Atoi(tags.Tag("Board")); err == nil {
		g.Board = b
	}
	// ExactTag: a name PGN could not hold as written comes back from its [%tag] comment.
	g.White = sheet.Player{Name: tags.Exact("White"), FideID: tags.Exact("WhiteFideId"), Title: tags.Exact("WhiteTitle"), Federation: tags.Exact("WhiteFed")}
	g.Black = sheet.Player{Name: tags.Exact("Black"), FideID: tags.Exact("BlackFideId"), Title: tags.Exact("BlackTitle"), Federation: tags.Exact("BlackFed")}
	g.White.Rating, _ = strconv.Atoi(tags.Tag("WhiteElo"))
	g.Black.Rating, _ = strconv.Atoi(tags.Tag("BlackElo"))
	// A forfeit is its result with Termination "rules infraction"
	// (sheet.Result.PGNResult): read back as the forfeit it was.
	forfeit := tags.Tag(sheet.TagTermination) == sheet.TermForfeit
	token := tags.Tag("Result")
	if (token == "" || token == "*") && pg.Result != "" {
		token = pg.Result
	}
	if r, ok := sheet.ResultFromPGN(token, forfeit); ok {
		g.Result = r
	}
	if g.White.Name == "?" {
		g.White.Name = ""
	}
	if g.Black.Name == "?" {
		g.Black.Name = ""
	}
	for _, t := range pg.Tags {
		if !pgnTagsKept[t.Name] && t.Value != "" {
			g.Tags[t.Name] = tags.Exact(t.Name)
		}
	}
	if g.Result.Forfeit() {
		delete(g.Tags, sheet.TagTermination) // the result says it
	}
	for s := range g.Copies {
		g.Copies[s].Lang = lang
		// A result a copy cannot hold stays a tag of the game, as read.
		if r := sheet.Result(g.Tags[copyResultTags[s]]); sheet.ValidCopyResult(r) {
			g.Copies[s].Result = r
			delete(g.Tags, copyResultTags[s])
		}
	}
	for i, m := range pg.Moves {
		mover := sheet.Side(i % 2)
		if pg.Start != nil && pg.Start.Turn() == rules.Black {
			mover = 1 - mover
		}
		for s := range g.Copies {
			c := sheet.Cell{Text: m.Text, DrawOffer: m.DrawOffer}
			if m.Written[s] != "" {
				c.Text = m.Written[s]
			}
			if sheet.Side(s) == mover {
				c.Clock = m.Clock
			}
			g.Copies[s].Cells = append(g.Copies[s].Cells, c)
		}
	}
	return g
}
