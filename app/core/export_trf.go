package core

import (
	"bytes"
	"fmt"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// TRFWritten is what writing the event's results into its TRF did:
// result columns changed (a board whose result the file already says is
// not counted; one cleared is), players whose points changed, each
// round's count, the boards with a result whose pairing the file does
// not have (their results are not written), and the ranks.
type TRFWritten struct {
	Results, Points int
	Rounds          []RoundResults // the rounds of the export's boards, in order
	NotInFile       []sheet.Game
	Missing         []sheet.Game // boards of a finished round without a result (Finished), written blank
	Ranks           trf.RanksWritten
}

// RoundResults is one round of an export: its boards from the TRF with a
// result here (Results), those whose columns changed (Written), and its
// boards without a result (Missing).
type RoundResults struct {
	Round, Results, Written int
	Missing                 []sheet.Game
}

// TRFOptions say how the TRF is written: AllowMissing writes it even
// with boards of a finished round lacking a result (their blocks blank,
// which a pairing engine refuses).
type TRFOptions struct {
	AllowMissing bool
}

// MissingResultsError is a TRF export refused: boards of a finished
// round (one with a result, or with a later round paired) have none, and
// the pairing engine cannot read a file so written. Nothing is written.
type MissingResultsError struct {
	Boards []sheet.Game
}

func (e *MissingResultsError) Error() string {
	return fmt.Sprintf("trf-missing-results: %d boards", len(e.Boards))
}

// Finished returns the boards lacking a result in the rounds that are
// finished: a round some board of which has a result, or which a later
// round of the event (last, the last round with boards) follows. A
// round just paired, with no result at all, is in play, not finished.
func (done *TRFWritten) Finished(last int) []sheet.Game {
	var missing []sheet.Game
	for _, rr := range done.Rounds {
		if rr.Results > 0 || rr.Round < last {
			missing = append(missing, rr.Missing...)
		}
	}
	return missing
}

// TRFResults writes the results of an event's boards (those of filter:
// all, a round) into the TRF it was imported from (EventTRF), and
// returns the file's bytes: the result columns of both players' blocks
// of each board as the event holds it (a forfeit as + and -; a result
// changed after a later round was paired too; a board with none blank),
// then every player's points (columns 81-84) as his round blocks give
// them under the file's own point system (trf.File.SetPoints), then the
// ranks (columns 86-89) from the standings after the last round with
// results (trf.File.SetRanks). Every other byte stays as read. A board
// of a finished round without a result is a *MissingResultsError unless
// opt.AllowMissing.
func TRFResults(st sheet.EventStore, filter sheet.GameFilter, opt TRFOptions) ([]byte, TRFWritten, error) {
	f, done, err := EventTRF(st, filter)
	if err != nil {
		return nil, done, err
	}
	last, err := lastBoardsRound(st)
	if err != nil {
		return nil, done, err
	}
	if done.Missing = done.Finished(last); len(done.Missing) > 0 && !opt.AllowMissing {
		return nil, done, &MissingResultsError{Boards: done.Missing}
	}
	// The byes asked for the round to pair (240 records) go into its
	// blocks, where JaVaFo and bbpPairings read the absent.
	if _, err = f.WriteRequests(f.PairedRounds() + 1); err != nil {
		return nil, done, err
	}
	if done.Points, err = f.SetPoints(); err != nil {
		return nil, done, err
	}
	done.Ranks = f.SetRanks()
	src, _, err := st.Source("trf")
	if err != nil {
		return nil, done, err
	}
	out := f.Bytes()
	if bom := []byte("\ufeff"); bytes.HasPrefix(src.Body, bom) {
		out = append(bom, out...)
	}
	return out, done, nil
}

// lastBoardsRound is the last round of the event with boards (0 for
// none).
func lastBoardsRound(st sheet.EventStore) (int, error) {
	boards, err := st.Boards()
	n := 0
	for _, b := range boards {
		n = max(n, b[0])
	}
	return n, err
}
