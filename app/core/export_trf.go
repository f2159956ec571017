package core

import (
	"bytes"
	"scoresheet/rules"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// TRFWritten is what writing the results back into the event's TRF did:
// results written (a board whose result the file already says is not
// counted), players whose points changed, and the boards with a result
// whose pairing the file does not have (their results are not written).
type TRFWritten struct {
	Results, Points int
	NotInFile       []sheet.Game
}

// TRFResults writes the results of an event's boards (those of filter:
// all, a round, a board) into the TRF it was imported from, and returns the
// file's bytes: the result columns of both players' blocks of each board
// whose result differs from the file's (a forfeit as + and -; a result
// changed after a later round was paired too), then every player's
// points (columns 81-84) as his round blocks give them under the file's
// own point system (trf.File.SetPoints). Every other byte stays as read;
// the rank column (86-89) too.
func TRFResults(st sheet.EventStore, filter sheet.GameFilter) ([]byte, TRFWritten, error) {
	var done TRFWritten
	src, ok, err := st.Source("trf")
	if err != nil {
		return nil, done, err
	}
	if !ok {
		return nil, done, &trf.Error{Pos: rules.Pos{Line: 1, Col: 1}, Code: trf.CodeNoSource}
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return nil, done, err
	}
	err = st.EachGame(filter, func(g *sheet.Game) error {
		w, _, fromTRF := trf.Ranks(g)
		if !fromTRF || !g.Result.Decided() {
			return nil
		}
		changed, ok := f.SetResult(g.Round, w, g.Result)
		if !ok {
			done.NotInFile = append(done.NotInFile, sheet.Game{Round: g.Round, Board: g.Board, White: g.White, Black: g.Black})
		}
		if changed {
			done.Results++
		}
		return nil
	})
	if err != nil {
		return nil, done, err
	}
	if done.Points, err = f.SetPoints(); err != nil {
		return nil, done, err
	}
	out := f.Bytes()
	if bom := []byte("\ufeff"); bytes.HasPrefix(src.Body, bom) {
		out = append(bom, out...)
	}
	return out, done, nil
}
