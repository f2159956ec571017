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
//   - A write never shifts or overwrites what the writer did not see.
//     Each conditional write (the ...If methods) checks, in the same
//     write transaction as the write, that what it replaces or moves is
//     still what the writer last saw: SetCellIf the one cell (nothing
//     there, for a cell typed after the last: never an insert), and
//     InsertCellIf and DeleteCellIf the whole copy, since every cell
//     after the place moves; SetHeaderIf the header's fields the writer
//     changed, one by one (a field it did not change keeps what another
//     writer put there); SetCopyLangIf and SetCopyResultIf their field;
//     AddDecisionIf the last decision at the ply. A writer that finds
//     something changed by someone else gets store-conflict naming it
//     and what it now holds (*CellConflict, *FieldConflict), and nothing
//     is written.
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
// when it saw no cell, as when typing after the last cell). Otherwise it
// writes nothing and returns store-conflict with a *CellConflict. A cell
// after the last one is written only where the copy ends now: if it has
// grown, the cell is there (a conflict); if it has shrunk, the first
// cell gone is (a conflict too, holding nothing).
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
			return s.cellConflict(id, side, index, held)
		}
		if was == nil && index > 0 {
			n, err := s.copyLen(tx, id, side)
			if err != nil {
				return err
			}
			if at, beyond := BeyondEnd(index, n); beyond {
				return s.cellConflict(id, side, at, nil)
			}
		}
		return s.setCellTx(tx, id, side, index, c)
	})
}

func (s *Store) cellConflict(id int64, side Side, index int, held *Cell) error {
	return Conflict(s.path, id, side, index, held)
}

// BeyondEnd is SetCellIf's judgement of a cell typed where the writer
// saw none, in a copy of n cells: beyond its end (a copy that shrank
// since), the conflict is at the first cell gone (at).
func BeyondEnd(index, n int) (at int, beyond bool) { return n, index > n }

// InsertCellIf inserts a cell at index, as InsertCell does, but only if
// the copy still holds exactly was, the whole copy as the writer saw it:
// every cell from index on moves one place later, so a cell another
// writer added, changed or removed anywhere in the copy could end at a
// place nobody chose. Otherwise it writes nothing and returns
// store-conflict with a *CellConflict naming the first cell that differs.
func (s *Store) InsertCellIf(id int64, side Side, index int, was []Cell, c Cell) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	if index < 0 || index > len(was) {
		return &StoreError{Code: StoreBadArgument, Path: s.path,
			Err: details("game=%d side=%s index=%d cells=%d", id, side, index, len(was))}
	}
	return s.write(func(tx *sql.Tx) error {
		if err := s.checkCopy(tx, id, side, was); err != nil {
			return err
		}
		return s.insertCellTx(tx, id, side, index, c)
	})
}

// DeleteCellIf removes cell index, as DeleteCell does, but only if the
// copy still holds exactly was (see InsertCellIf).
func (s *Store) DeleteCellIf(id int64, side Side, index int, was []Cell) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	if index < 0 || index >= len(was) {
		return &StoreError{Code: StoreBadArgument, Path: s.path,
			Err: details("game=%d side=%s index=%d cells=%d", id, side, index, len(was))}
	}
	return s.write(func(tx *sql.Tx) error {
		if err := s.checkCopy(tx, id, side, was); err != nil {
			return err
		}
		return s.deleteCellTx(tx, id, side, index)
	})
}

// checkCopy returns store-conflict naming the first cell where the copy
// differs from was, nil when it holds exactly was (store-not-found
// without the copy).
func (s *Store) checkCopy(tx *sql.Tx, id int64, side Side, was []Cell) error {
	if _, err := s.copyLen(tx, id, side); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT text, clock, draw_offer, note, illegible, not_recorded, mark
		FROM cell WHERE game_id = ? AND side = ? ORDER BY idx`, id, int(side))
	if err != nil {
		return err
	}
	defer rows.Close()
	var cells []Cell
	for rows.Next() {
		var c Cell
		if err := rows.Scan(&c.Text, &c.Clock, &c.DrawOffer, &c.Note, &c.Illegible, &c.NotRecorded, &c.Mark); err != nil {
			return err
		}
		cells = append(cells, c)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if i, held, differs := CopyDiff(cells, was); differs {
		return s.cellConflict(id, side, i, held)
	}
	return nil
}

// CopyDiff is the judgement of InsertCellIf, DeleteCellIf and
// ConsultCopyIf, the same for every store: the first cell where a copy
// holding cells differs from was, what the writer saw (held nil: no cell
// there).
func CopyDiff(cells, was []Cell) (i int, held *Cell, differs bool) {
	for i = range cells {
		if i >= len(was) || cells[i] != was[i] {
			return i, &cells[i], true
		}
	}
	if len(cells) < len(was) {
		return len(cells), nil, true
	}
	return 0, nil, false
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
