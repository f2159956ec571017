package sqlitestore

import (
	"database/sql"
	"errors"
	"math/rand/v2"
	"time"

	"scoresheet/sheet"
)

// SetCellIf writes cell index (0-based) of a copy (index = its number
// of cells appends), but
// only if the cell still holds was: what the writer last saw there (nil
// when it saw no cell, as when typing after the last cell). Otherwise it
// writes nothing and returns store-conflict with a *CellConflict. A cell
// after the last one is written only where the copy ends now: if it has
// grown, the cell is there (a conflict); if it has shrunk, the first
// cell gone is (a conflict too, holding nothing).
func (s *Store) SetCellIf(id int64, side sheet.Side, index int, was *sheet.Cell, c sheet.Cell) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	if err := sheet.CheckCellArgs(s.path, side, index, c); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		held, err := cellAt(tx, id, side, index)
		if err != nil {
			return err
		}
		if !sheet.SameCell(held, was) {
			return s.cellConflict(id, side, index, held)
		}
		if was == nil && index > 0 {
			n, err := s.copyLen(tx, id, side)
			if err != nil {
				return err
			}
			if at, beyond := sheet.BeyondEnd(index, n); beyond {
				return s.cellConflict(id, side, at, nil)
			}
		}
		return s.setCellTx(tx, id, side, index, c)
	})
}

func (s *Store) cellConflict(id int64, side sheet.Side, index int, held *sheet.Cell) error {
	return sheet.Conflict(s.path, id, side, index, held)
}

// InsertCellIf inserts a cell at index, the cells from index on
// moving one place later, but only if
// the copy still holds exactly was, the whole copy as the writer saw it:
// every cell from index on moves one place later, so a cell another
// writer added, changed or removed anywhere in the copy could end at a
// place nobody chose. Otherwise it writes nothing and returns
// store-conflict with a *CellConflict naming the first cell that differs.
func (s *Store) InsertCellIf(id int64, side sheet.Side, index int, was []sheet.Cell, c sheet.Cell) error {
	return s.shiftCellsIf(id, side, index, was, true, func(tx *sql.Tx) error { return s.insertCellTx(tx, id, side, index, c) })
}

// DeleteCellIf removes cell index, the cells after it moving
// one place earlier, but only if the
// copy still holds exactly was (see InsertCellIf).
func (s *Store) DeleteCellIf(id int64, side sheet.Side, index int, was []sheet.Cell) error {
	return s.shiftCellsIf(id, side, index, was, false, func(tx *sql.Tx) error { return s.deleteCellTx(tx, id, side, index) })
}

// shiftCellsIf checks the side and the index (appends: the place after
// the last cell is one), then runs shift in one write transaction once
// the copy is found to hold exactly was.
func (s *Store) shiftCellsIf(id int64, side sheet.Side, index int, was []sheet.Cell, appends bool, shift func(tx *sql.Tx) error) error {
	if err := s.checkSide(side); err != nil {
		return err
	}
	if err := sheet.CheckIndex(s.path, id, side, index, len(was), appends); err != nil {
		return err
	}
	return s.write(func(tx *sql.Tx) error {
		if err := s.checkCopy(tx, id, side, was); err != nil {
			return err
		}
		return shift(tx)
	})
}

// checkCopy returns store-conflict naming the first cell where the copy
// differs from was, nil when it holds exactly was (store-not-found
// without the copy).
func (s *Store) checkCopy(tx *sql.Tx, id int64, side sheet.Side, was []sheet.Cell) error {
	if _, err := s.copyLen(tx, id, side); err != nil {
		return err
	}
	rows, err := tx.Query(`SELECT text, clock, draw_offer, note, illegible, not_recorded, mark
		FROM cell WHERE game_id = ? AND side = ? ORDER BY idx`, id, int(side))
	if err != nil {
		return err
	}
	defer rows.Close()
	var cells []sheet.Cell
	for rows.Next() {
		var c sheet.Cell
		if err := rows.Scan(&c.Text, &c.Clock, &c.DrawOffer, &c.Note, &c.Illegible, &c.NotRecorded, &c.Mark); err != nil {
			return err
		}
		cells = append(cells, c)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if i, held, differs := sheet.CopyDiff(cells, was); differs {
		return s.cellConflict(id, side, i, held)
	}
	return nil
}

// cellAt reads one cell, nil when the copy has no cell there.
func cellAt(tx *sql.Tx, id int64, side sheet.Side, index int) (*sheet.Cell, error) {
	var c sheet.Cell
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
	if s.patience.max <= 0 || sheet.StoreErrorCodeOf(err) != sheet.StoreLocked {
		return err
	}
	if s.patience.waiting != nil {
		s.patience.waiting()
	}
	deadline := time.Now().Add(s.patience.max)
	pause := 5 * time.Millisecond
	for sheet.StoreErrorCodeOf(err) == sheet.StoreLocked && time.Now().Before(deadline) {
		// Jitter, so that writers that failed together do not retry
		// together.
		time.Sleep(min(pause/2+rand.N(pause), time.Until(deadline)))
		pause = min(2*pause, 250*time.Millisecond)
		err = s.writeOnce(fn)
	}
	return err
}
