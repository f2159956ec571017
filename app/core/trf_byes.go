package core

import (
	"bytes"

	"scoresheet/sheet"
	"scoresheet/trf"
)

// The byes, withdrawals and late entries the arbiter enters before a
// round is paired live in the event's TRF (the source kept at import,
// through sheet.EventStore.ApplyImport: both stores, one transaction, no
// table of their own): a bye as a TRF-26 240 record, written into the
// player's block of the round to pair by the export (TRFResults) and
// kept there by the pairing list's import (trf.File.WithRound); a late
// entry as a new player line. The pairing engine reads them from the
// same file as export --format trf writes.

// RequestBye records that the player of starting rank rank asks for a
// bye of kind H, Z or F in round, a round not paired yet; kind 0 takes
// it back. A *trf.Error says why not (trf.CodeByePaired, ...).
func RequestBye(st sheet.EventStore, round, rank int, kind byte) error {
	return editTRF(st, func(f *trf.File, rounds int) error {
		return f.SetRequest(rank, round, rounds, kind)
	})
}

// Withdraw records that the player of starting rank rank withdraws from
// round from on: a zero-point bye (Z) in every round from it to the
// event's last, so that no engine pairs him again. It returns the
// rounds written.
func Withdraw(st sheet.EventStore, rank, from int) ([]int, error) {
	var rounds []int
	err := editTRF(st, func(f *trf.File, last int) error {
		rounds = rounds[:0]
		if from > last || from < 1 {
			return f.SetRequest(rank, from, last, 'Z') // says which
		}
		for r := from; r <= last; r++ {
			if err := f.SetRequest(rank, r, last, 'Z'); err != nil {
				return err
			}
			rounds = append(rounds, r)
		}
		return nil
	})
	return rounds, err
}

// AddPlayer adds a late entry to the event's TRF (trf.File.AddPlayer:
// earlier gives the kind of each round already paired, Z where it says
// none) and returns his starting rank.
func AddPlayer(st sheet.EventStore, np trf.NewPlayer, earlier []byte) (int, error) {
	rank := 0
	err := editTRF(st, func(f *trf.File, _ int) error {
		var err error
		rank, err = f.AddPlayer(np, earlier)
		return err
	})
	return rank, err
}

// Requests returns the byes asked for in the event's TRF (its 240
// records), by round then starting rank, with the file to name players.
func Requests(st sheet.EventStore) ([]trf.Request, *trf.File, error) {
	src, ok, err := st.Source("trf")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, &trf.Error{Code: trf.CodeNoSource}
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return nil, nil, err
	}
	rs, err := f.Requests()
	return rs, f, err
}

// editTRF changes the event's TRF in one transaction: edit gets the file
// and the event's number of rounds (its settings' or the file's, the
// larger). The file is read back before it is stored; a byte order mark
// stays.
func editTRF(st sheet.EventStore, edit func(f *trf.File, rounds int) error) error {
	_, err := st.ApplyImport("trf", func(base sheet.ImportBase) (sheet.Import, error) {
		if base.Source == nil {
			return sheet.Import{}, &trf.Error{Code: trf.CodeNoSource}
		}
		f, err := trf.Parse(base.Source.Body)
		if err != nil {
			return sheet.Import{}, err
		}
		if err := edit(f, max(len(base.Event.Rounds), f.Rounds)); err != nil {
			return sheet.Import{}, err
		}
		body := f.Bytes()
		if bom := []byte("\ufeff"); bytes.HasPrefix(base.Source.Body, bom) {
			body = append(bom, body...)
		}
		if _, err := trf.Parse(body); err != nil {
			return sheet.Import{}, err
		}
		return sheet.Import{Source: &sheet.Source{Kind: "trf", Name: base.Source.Name, Body: body}}, nil
	})
	return err
}
