package export

import (
	"errors"
	"runtime"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Games is where a writer takes its games from, one at a time, so that
// an event of any size is written without holding it: Each calls fn
// with every game, in order, and stops at fn's first error, which it
// returns. sheet.EventStore.EachGame is one (see StoreGames); GameSlice makes
// one of a slice. Total is how many games Each gives, for progress
// reports and the workbook's filter range (0 when not known).
type Games struct {
	Each  func(fn func(g *sheet.Game) error) error
	Total int
}

// GameSlice gives the games of a slice.
func GameSlice(games []sheet.Game) Games {
	return Games{Total: len(games), Each: func(fn func(g *sheet.Game) error) error {
		for i := range games {
			if err := fn(&games[i]); err != nil {
				return err
			}
		}
		return nil
	}}
}

// StoreGames gives the games of an event file that f selects, read a
// page at a time; total is their number as counted beforehand.
func StoreGames(st sheet.EventStore, f sheet.GameFilter, total int) Games {
	return Games{Total: total, Each: func(fn func(g *sheet.Game) error) error { return st.EachGame(f, fn) }}
}

// errStopped tells the reading side of analyseEach that the writing side
// has stopped.
var errStopped = errors.New("stopped")

// pendingView is a game whose analysis a worker makes; done is closed
// when v is set.
type pendingView struct {
	g    *sheet.Game
	v    *gameView
	done chan struct{}
}

// analyseEach calls fn with the analysis of each game, in the games'
// order, while the next games are analysed on the other CPUs. At most a
// few games per CPU are read ahead: the memory it takes does not grow
// with the number of games. fn's first error stops it and is returned;
// otherwise the games' own error.
func analyseEach(ev *sheet.Event, games Games, n rules.Notation, withNotes bool, fn func(v *gameView) error) error {
	workers := runtime.GOMAXPROCS(0)
	work := make(chan *pendingView, 2*workers)
	queue := make(chan *pendingView, 2*workers) // in the games' order
	stop := make(chan struct{})
	for range workers {
		go func() {
			for p := range work {
				p.v = analyse(ev, p.g, n, withNotes)
				close(p.done)
			}
		}()
	}
	var readErr error
	go func() {
		defer close(queue)
		defer close(work)
		readErr = games.Each(func(g *sheet.Game) error {
			p := &pendingView{g: g, done: make(chan struct{})}
			for _, ch := range []chan *pendingView{work, queue} {
				select {
				case ch <- p:
				case <-stop:
					return errStopped
				}
			}
			return nil
		})
	}()
	var err error
	for p := range queue {
		<-p.done
		if err == nil {
			if err = fn(p.v); err != nil {
				close(stop)
			}
		}
	}
	// queue is closed after readErr is set.
	if err != nil {
		return err
	}
	return readErr
}
