package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// Event returns the event's own fields and rounds (rounds by number).
func (s *Store) Event() (sheet.Event, error) {
	var ev sheet.Event
	err := s.read(quick, func(ctx context.Context, tx pgx.Tx) (err error) {
		ev, err = s.readEvent(ctx, tx)
		return err
	})
	if err != nil {
		ev = sheet.Event{}
	}
	return ev, err
}

// readEvent is Event in tx.
func (s *Store) readEvent(ctx context.Context, tx pgx.Tx) (sheet.Event, error) {
	ev, err := storekit.ScanEvent(tx.QueryRow(ctx, `SELECT `+storekit.EventColumns+` FROM scoresheet.event WHERE id = $1`, s.id))
	if errors.Is(err, pgx.ErrNoRows) {
		return ev, &sheet.StoreError{Code: sheet.StoreNoEvent, Path: s.loc.shown, Err: errNoEvent}
	}
	if err != nil {
		return ev, err
	}
	rows, err := tx.Query(ctx, `SELECT `+storekit.RoundColumns+` FROM scoresheet.round WHERE event_id = $1 ORDER BY number`, s.id)
	if err != nil {
		return ev, err
	}
	defer rows.Close()
	ev.Rounds, err = storekit.Collect(rows, storekit.ScanRound)
	return ev, err
}

// SetEventIf changes the event from was, as the writer saw it, to ev,
// only the fields ev changes and each only if it still holds what was
// holds (sheet.EventIf); else store-conflict with a *sheet.FieldConflict.
func (s *Store) SetEventIf(was, ev sheet.Event) error {
	if err := sheet.CheckEvent(s.loc.shown, ev); err != nil {
		return err
	}
	return s.write(op{within: quick, fn: func(ctx context.Context, tx pgx.Tx) error {
		cur, err := s.readEvent(ctx, tx)
		return storekit.WriteIf(s.loc.shown, cur, err,
			func(cur sheet.Event) (sheet.Event, bool, *sheet.FieldConflict) { return sheet.EventIf(cur, was, ev) },
			func(next sheet.Event) error { return s.setEventTx(ctx, tx, next) })
	}})
}

// setEventTx replaces the event's fields and rounds in tx.
func (s *Store) setEventTx(ctx context.Context, tx pgx.Tx, ev sheet.Event) error {
	if _, err := tx.Exec(ctx, `UPDATE scoresheet.event SET name = $1, site = $2, start_date = $3, end_date = $4,
		time_control = $5, kind = $6, lang = $7, rev = rev + 1 WHERE id = $8`,
		append(storekit.EventValues(ev), s.id)...); err != nil { // kind checked by CheckEvent
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM scoresheet.round WHERE event_id = $1`, s.id); err != nil {
		return err
	}
	b := &pgx.Batch{}
	for _, r := range ev.Rounds {
		b.Queue(`INSERT INTO scoresheet.round (event_id, number, date) VALUES ($1, $2, $3)`, s.id, r.Number, r.Date)
	}
	return tx.SendBatch(ctx, b).Close()
}

// Source returns the event's source of a kind; ok is false when the
// event has none.
func (s *Store) Source(kind string) (src sheet.Source, ok bool, err error) {
	var found *sheet.Source
	err = s.read(quick, func(ctx context.Context, tx pgx.Tx) (err error) {
		found, err = s.source(ctx, tx, kind)
		return err
	})
	if err != nil || found == nil {
		return sheet.Source{}, false, err
	}
	return *found, true, nil
}

// Sources returns every source the event keeps, by kind.
func (s *Store) Sources() ([]sheet.Source, error) {
	return readAll(s, `SELECT `+storekit.SourceColumns+` FROM scoresheet.source WHERE event_id = $1 ORDER BY kind`, storekit.ScanSource)
}

// source reads the event's source of a kind in tx (nil: none).
func (s *Store) source(ctx context.Context, tx pgx.Tx, kind string) (*sheet.Source, error) {
	return storekit.SourceOf(tx.QueryRow(ctx, `SELECT `+storekit.SourceColumns+` FROM scoresheet.source WHERE event_id = $1 AND kind = $2`,
		s.id, kind), pgx.ErrNoRows)
}

// putSource keeps src in tx, replacing the event's source of its kind.
func (s *Store) putSource(ctx context.Context, tx pgx.Tx, src sheet.Source) error {
	body := src.Body
	if body == nil {
		body = []byte{} // NOT NULL, as the file's
	}
	_, err := tx.Exec(ctx, `INSERT INTO scoresheet.source (event_id, kind, name, body) VALUES ($1, $2, $3, $4)
		ON CONFLICT (event_id, kind) DO UPDATE SET name = excluded.name, body = excluded.body`,
		s.id, src.Kind, src.Name, body)
	return err
}
