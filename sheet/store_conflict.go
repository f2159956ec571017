package sheet

import (
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// Several writers on one event
//
// Two things keep a writer from losing what another wrote, or its own
// input, when several processes write one event file at once:
//
//   - SetCellIf writes a cell only if it still holds what the writer last
//     saw, in the same write transaction as the check. A writer that read
//     a copy, then finds one of its cells changed by someone else, gets
//     store-conflict naming the cell and what it now holds, instead of
//     overwriting a cell another writer had acknowledged.
//   - Patience: a store can wait for other processes' write locks longer
//     than SQLite's busy timeout (storeBusyTimeoutMS, kept short so that
//     the window never freezes), retrying the whole transaction with
//     growing, jittered pauses. The CLI sets it; the window does not, and
//     reports store-locked at once as before.

// StoreConflict: a cell written with SetCellIf no longer held what the
// writer last saw: another writer changed it. Nothing was written.
const StoreConflict StoreErrorCode = "store-conflict"

// CellConflict is the detail of a store-conflict error: the cell, and
// what it holds now (nil when it holds nothing: no such cell).
type CellConflict struct {
	Game  int64
	Side  Side
	Index int
	Held  *Cell
}

func (c *CellConflict) Error() string {
	held := "none"
	if c.Held != nil {
		held = fmt.Sprintf("%q", c.Held.Text)
	}
	return fmt.Sprintf("game=%d side=%s index=%d held=%s", c.Game, c.Side, c.Index, held)
}

// SetCellIf writes cell index (0-based) of a copy, as SetCell does, but
// only if the cell still holds was: what the writer last saw there (nil
// when it saw no cell, as when appending). Otherwise it writes nothing
// and returns store-conflict with a *CellConflict.
func (s *Store) SetCellIf(id int64, side Side, index int, was *Cell, c Cell) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		held, err := cellAt(tx, id, side, index)
		if err != nil {
			return err
		}
		if !sameCell(held, was) {
			return Conflict(s.path, id, side, index, held)
		}
		return s.setCellTx(tx, id, side, index, c)
	})
}

// cellAt reads one cell, nil when the copy has no cell there.
func cellAt(tx *sql.Tx, id int64, side Side, index int) (*Cell, error) {
	var c Cell
	err := tx.QueryRow(`SELECT text, clock, draw_offer, note, illegible, not_recorded, mark
		FROM cell WHERE game_id = ? AND side = ? AND idx = ?`, id, int(side), index).
		Scan(&c.Text, &c.Clock, &c.DrawOffer, &c.Note, &c.Illegible, &c.NotRecorded, &c.Mark)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// sameCell reports whether two cells, either possibly absent, are the same.
func sameCell(a, b *Cell) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// patience is how long a store's writes wait for other processes.
type patience struct {
	max     time.Duration
	waiting func() // called once per write that has to wait, may be nil
}

// SetPatience makes every later write of the store wait up to d for other
// processes' write locks, retrying with growing pauses, before it fails
// with store-locked; waiting, if not nil, is called when a write starts
// to wait. Zero (the default) waits only SQLite's short busy timeout.
// Call it before the store is shared between goroutines. A transaction
// is retried only as a whole: a failed one has been rolled back.
func (s *Store) SetPatience(d time.Duration, waiting func()) {
	s.patience = patience{max: d, waiting: waiting}
}

// write runs fn in one write transaction (writeOnce) and, while another
// process holds the write lock, tries again within the store's patience.
func (s *Store) write(fn func(tx *sql.Tx) error) error {
	err := s.writeOnce(fn)
	if s.patience.max <= 0 || StoreErrorCodeOf(err) != StoreLocked {
		return err
	}
	if s.patience.waiting != nil {
		s.patience.waiting()
	}
	deadline := time.Now().Add(s.patience.max)
	pause := 5 * time.Millisecond
	for StoreErrorCodeOf(err) == StoreLocked && time.Now().Before(deadline) {
		// Jitter, so that writers that failed together do not retry
		// together.
		time.Sleep(min(pause/2+rand.N(pause), time.Until(deadline)))
		pause = min(2*pause, 250*time.Millisecond)
		err = s.writeOnce(fn)
	}
	return err
}
