package core

import (
	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// EventTRF returns the TRF an event was imported from as the event holds
// it: the file kept at import with the results of the event's boards of
// filter (all, a round) written into both players' blocks
// (trf.File.TakeResult: a result entered here, a forfeit as + and -, or
// blank for a board with none). It is the one place a round's results
// are read for the pairing program: the export (TRFResults) and every
// later reader start from it, never from the file's columns as imported.
// Besides the file: how many results each round has and how many were
// written, and the boards whose pairing the file does not have.
func EventTRF(st sheet.EventStore, filter sheet.GameFilter) (*trf.File, TRFWritten, error) {
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
		done.take(f, g)
		return nil
	})
	if err != nil {
		return nil, done, err
	}
	return f, done, nil
}

// TakeEventResults writes the results of games (the event's boards) into
// f as EventTRF does, for a reader that holds the games already (an
// import's transaction), and says what it did.
func TakeEventResults(f *trf.File, games []sheet.Game) TRFWritten {
	var done TRFWritten
	for i := range games {
		done.take(f, &games[i])
	}
	return done
}

// take writes one board's result into f and counts it in its round.
func (done *TRFWritten) take(f *trf.File, g *sheet.Game) {
	if _, _, fromTRF := trf.Ranks(g); !fromTRF {
		return
	}
	changed, ok := f.TakeResult(g)
	if !ok {
		if g.Result.Decided() {
			done.NotInFile = append(done.NotInFile, sheet.Game{Round: g.Round, Board: g.Board, White: g.White, Black: g.Black})
		}
		return
	}
	rr := done.round(g.Round)
	if g.Result.Decided() {
		rr.Results++
	} else {
		rr.Missing = append(rr.Missing, sheet.Game{Round: g.Round, Board: g.Board, White: g.White, Black: g.Black})
	}
	if changed {
		rr.Written++
		done.Results++
	}
}

// round returns the count of round r, made when it has none yet; rounds
// are kept in order.
func (done *TRFWritten) round(r int) *RoundResults {
	i := 0
	for i < len(done.Rounds) && done.Rounds[i].Round < r {
		i++
	}
	if i == len(done.Rounds) || done.Rounds[i].Round != r {
		done.Rounds = append(done.Rounds, RoundResults{})
		copy(done.Rounds[i+1:], done.Rounds[i:])
		done.Rounds[i] = RoundResults{Round: r}
	}
	return &done.Rounds[i]
}
