package cli

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"scoresheet/sheet"
	"scoresheet/sheet/location"
)

// cliPatience is how long a command waits for other processes writing the
// same event file before it gives up with store-locked. Each write waits
// its turn rather than dropping the rest of the input; the window waits
// far less (it must not freeze), so this is the CLI's alone. An event on
// a server waits as long for another writer's lock (a long import on
// another laptop).
const cliPatience = 30 * time.Second

// serverPatience is how long a command waits for a lock another
// connection holds on an event on a server: a few seconds, then it says
// who holds it and exits (ExitHeld). A laptop asleep in the middle of a
// write holds it until the server ends its connection (up to a minute):
// the arbiter is told at once rather than left waiting (issue 36).
const serverPatience = 5 * time.Second

// patient is a store whose writes can wait for other writers' locks
// (the event file, and an event on a server).
type patient interface {
	SetPatience(d time.Duration, waiting func())
}

// openStore opens an event (a file or a server's location) for command
// cmd, waiting within cliPatience while other processes hold a file's
// write lock, and makes the store's writes wait as long. It says once on
// stderr that it waits.
func openStore(file, cmd string, stdio IO) (sheet.EventStore, error) {
	var once sync.Once
	waiting := func() {
		once.Do(func() {
			fmt.Fprintf(stdio.Stderr, "scoresheet %s: another program is writing %s; waiting up to %s\n", cmd, file, patienceFor(file))
		})
	}
	deadline := time.Now().Add(cliPatience)
	pause := 10 * time.Millisecond
	for {
		st, err := location.Open(file)
		if err == nil {
			if p, ok := st.(patient); ok {
				p.SetPatience(patienceFor(file), waiting)
			}
			return st, nil
		}
		if sheet.StoreErrorCodeOf(err) != sheet.StoreLocked || !time.Now().Before(deadline) {
			return nil, err
		}
		waiting()
		time.Sleep(min(pause, time.Until(deadline)))
		pause = min(2*pause, 250*time.Millisecond)
	}
}

// patienceFor is how long a command's writes wait for other writers on
// the event at file: an event file's turn, or a server's lock.
func patienceFor(file string) time.Duration {
	if location.IsServer(file) {
		return serverPatience
	}
	return cliPatience
}

// failWrite is fail of a write: a store-conflict is said first, as
// sayConflict says it.
func failWrite(stdio IO, cmd string, err error) int {
	sayConflict(stdio, cmd, err)
	return fail(stdio, cmd, err)
}

// sayConflict says, for a store-conflict, what another writer changed
// since command cmd read it and what it holds now (nothing for another
// error): a cell of a copy, or a field of the game.
func sayConflict(stdio IO, cmd string, err error) {
	var cc *sheet.CellConflict
	var fc *sheet.FieldConflict
	switch {
	case errors.As(err, &cc):
		held := "nothing"
		if cc.Held != nil {
			held = fmt.Sprintf("%q", cc.Held.Text)
		}
		fmt.Fprintf(stdio.Stderr, "scoresheet event %s: ply %d of %s's copy was changed by another writer and holds %s; it was not overwritten\n",
			cmd, cc.Index+1, cc.Side, held)
	case errors.As(err, &fc) && fc.Field == "decision":
		fmt.Fprintf(stdio.Stderr, "scoresheet event %s: the decision at ply %d was changed by another writer (now %q); it was not overwritten\n",
			cmd, fc.Ply, fc.Held)
	case errors.As(err, &fc):
		fmt.Fprintf(stdio.Stderr, "scoresheet event %s: %s was changed by another writer and holds %q; it was not overwritten\n",
			cmd, fc.Field, fc.Held)
	}
}
