package core

import (
	"scoresheet/sheet"
	"scoresheet/trf"
)

// RoundByes returns the byes of a round (every round when round is 0)
// from the TRF the event was imported from; none when there is none.
// The results lists (CSV and PDF) print them after the round's boards.
func RoundByes(st sheet.EventStore, round int) ([]trf.Bye, error) {
	src, ok, err := st.Source("trf")
	if err != nil || !ok {
		return nil, err
	}
	f, err := trf.Parse(src.Body)
	if err != nil {
		return nil, err
	}
	var byes []trf.Bye
	for r := 1; r <= f.RoundsPresent(); r++ {
		if round == 0 || r == round {
			_, bs := f.Round(r)
			byes = append(byes, bs...)
		}
	}
	return byes, nil
}
