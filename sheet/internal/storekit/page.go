package storekit

import (
	"scoresheet/sheet"
)

// GamePage is how many games EachGame reads at once: enough that the
// queries cost little next to what is done with the games, few enough
// that a page of long games is a few megabytes at most.
const GamePage = 64

// EachPaged calls fn with each game of the pages read: readPage reads
// the games after a round and board (0, 0 first), by round and board, a
// page of at most GamePage; a page shorter than that is the last. It is
// EachGame's loop for every store.
func EachPaged(readPage func(after [2]int) ([]sheet.Game, error), fn func(g *sheet.Game) error) error {
	after := [2]int{0, 0} // round and board of the last game passed to fn
	for {
		page, err := readPage(after)
		if err != nil {
			return err
		}
		for i := range page {
			if err := fn(&page[i]); err != nil {
				return err
			}
		}
		if len(page) < GamePage {
			return nil
		}
		last := page[len(page)-1]
		after = [2]int{last.Round, last.Board}
	}
}

// EachPage calls fn with the games of src a page at a time (as EachGame
// reads them), by round and board, and returns how many there were:
// how an event is copied into another store, one page per batch.
func EachPage(src sheet.EventStore, fn func(gs []sheet.Game) error) (int, error) {
	n := 0
	page := make([]sheet.Game, 0, GamePage)
	flush := func() error {
		if len(page) == 0 {
			return nil
		}
		n += len(page)
		err := fn(page)
		page = page[:0]
		return err
	}
	err := src.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
		page = append(page, *g)
		if len(page) == GamePage {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return n, err
}

// EventAndSources reads what a copy of the event src takes besides its
// games: its fields and rounds, and the sources it keeps.
func EventAndSources(src sheet.EventStore) (sheet.Event, []sheet.Source, error) {
	ev, err := src.Event()
	if err != nil {
		return ev, nil, err
	}
	srcs, err := src.Sources()
	return ev, srcs, err
}
