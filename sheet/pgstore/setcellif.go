package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
)

// A keystroke saved (SetCellIf) is the call the window makes most, and
// the one the arbiter waits on: it is one round trip to the server. The
// wait for locks bounded (lockWait), the game's locks and the
// notification (lockFor), then one statement that
// checks the copy, the index and the cell the writer saw and writes the
// cell only when all hold, go in one batch, which the server runs as one
// implicit transaction (its statements see what the writers before the
// locks committed: the connections read committed).

// setCellIfSQL writes the cell ($1 game, $2 side, $4 index, $5.. the
// cell) when the event ($3) has the copy, the index is a cell of it or
// the place after its last, and the cell holds what the writer saw ($12
// whether it saw one, $13.. what) or, sent again ($19), what it writes.
// It returns whether the copy is there, its length, whether it wrote,
// and the cell held before.
const setCellIfSQL = `WITH copy_row AS (
		SELECT 1 FROM scoresheet.copy c JOIN scoresheet.game g ON g.id = c.game_id
		WHERE c.game_id = $1 AND c.side = $2 AND g.event_id = $3),
	len AS (SELECT coalesce(max(idx) + 1, 0) AS n FROM scoresheet.cell WHERE game_id = $1 AND side = $2),
	held AS (SELECT text, clock, draw_offer, note, illegible, not_recorded, mark FROM scoresheet.cell
		WHERE game_id = $1 AND side = $2 AND idx = $4),
	seen AS (SELECT 1 WHERE CASE WHEN $12::boolean
		THEN EXISTS (SELECT 1 FROM held WHERE (text, clock, draw_offer, note, illegible, not_recorded, mark) =
			($13::text, $14::text, $15::boolean, $16::text, $17::boolean, $18::boolean, $11::text))
		ELSE NOT EXISTS (SELECT 1 FROM held) END
		OR $19::boolean AND EXISTS (SELECT 1 FROM held WHERE (text, clock, draw_offer, note, illegible, not_recorded, mark) =
			($5::text, $6::text, $7::boolean, $8::text, $9::boolean, $10::boolean, $20::text))),
	up AS (INSERT INTO scoresheet.cell (game_id, side, idx, text, clock, draw_offer, note, illegible, not_recorded, mark)
		SELECT $1, $2, $4, $5, $6, $7, $8, $9, $10, $20
		WHERE EXISTS (SELECT 1 FROM copy_row) AND $4 BETWEEN 0 AND (SELECT n FROM len) AND EXISTS (SELECT 1 FROM seen)
		ON CONFLICT (game_id, side, idx) DO UPDATE SET
			text = excluded.text, clock = excluded.clock, draw_offer = excluded.draw_offer, note = excluded.note,
			illegible = excluded.illegible, not_recorded = excluded.not_recorded, mark = excluded.mark
		RETURNING 1)
	SELECT EXISTS (SELECT 1 FROM copy_row), (SELECT n FROM len), EXISTS (SELECT 1 FROM up),
		h.text, h.clock, h.draw_offer, h.note, h.illegible, h.not_recorded, h.mark
	FROM (SELECT 1) one LEFT JOIN held h ON true`

// SetCellIf writes cell index of a copy only if it still holds was (nil:
// no cell there); otherwise it writes nothing and returns
// store-conflict. Sent again after its commit was cut off, it finds c
// there when the first sending was committed, and succeeds.
func (s *Store) SetCellIf(id int64, side sheet.Side, index int, was *sheet.Cell, c sheet.Cell) error {
	if err := sheet.CheckSide(s.loc.shown, side); err != nil {
		return err
	}
	if err := sheet.CheckCellArgs(s.loc.shown, side, index, c); err != nil {
		return err
	}
	var w sheet.Cell
	if was != nil {
		w = *was
	}
	return s.attempt(op{within: quick, again: true, game: id}, func(ctx context.Context, _ op, committing *bool) error {
		// The batch commits as it ends: a connection lost anywhere in it
		// may be lost after the commit.
		*committing = true
		var copyThere, wrote bool
		var n int
		var h struct {
			text, clock, note, mark     *string
			draw, illegible, unrecorded *bool
		}
		b := &pgx.Batch{}
		lock, args := s.lockFor(id)
		b.Queue(lock, args...)
		b.Queue(setCellIfSQL, id, int(side), s.id, index, c.Text, c.Clock, c.DrawOffer, c.Note, c.Illegible, c.NotRecorded,
			string(w.Mark), was != nil, w.Text, w.Clock, w.DrawOffer, w.Note, w.Illegible, w.NotRecorded,
			sentAgain(ctx), string(c.Mark)).
			QueryRow(func(row pgx.Row) error {
				return row.Scan(&copyThere, &n, &wrote, &h.text, &h.clock, &h.draw, &h.note, &h.illegible, &h.unrecorded, &h.mark)
			})
		if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		if wrote {
			return nil
		}
		var held *sheet.Cell
		if h.text != nil {
			held = &sheet.Cell{Text: *h.text, Clock: *h.clock, DrawOffer: *h.draw, Note: *h.note,
				Illegible: *h.illegible, NotRecorded: *h.unrecorded, Mark: sheet.CellMark(*h.mark)}
		}
		// The verdicts in the file's order: what the writer saw first.
		switch {
		case !sheet.SameCell(held, was):
			return sheet.Conflict(s.loc.shown, id, side, index, held)
		case !copyThere:
			return sheet.NotFound(s.loc.shown, id)
		}
		if at, beyond := sheet.BeyondEnd(index, n); was == nil && index > 0 && beyond {
			return sheet.Conflict(s.loc.shown, id, side, at, nil)
		}
		return sheet.BadIndex(s.loc.shown, id, side, index, n)
	})
}
