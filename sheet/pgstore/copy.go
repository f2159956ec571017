package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
	"scoresheet/sheet/internal/storekit"
)

// CreateCopy adds to the database of loc a new event of its name holding
// everything of the event src, as sheet.CreateCopy does for a file: its
// fields and rounds, every game with every field, every source. It is
// one transaction: the event appears whole or not at all, and an event
// of that name there already is store-event-exists. It returns how many
// games it copied.
func CreateCopy(loc string, src sheet.EventStore) (int, error) {
	ev, srcs, err := storekit.EventAndSources(src)
	if err != nil {
		return 0, err
	}
	if err := sheet.CheckEvent(loc, ev); err != nil {
		return 0, err
	}
	s, err := connect(loc)
	if err != nil {
		return 0, err
	}
	defer s.pool.Close()
	ctx, cancel := context.WithTimeout(context.Background(), long)
	defer cancel()
	if err := s.migrate(ctx); err != nil {
		return 0, err
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return 0, s.classify(err)
	}
	defer rollback(tx)
	n, err := s.copyInto(ctx, tx, ev, srcs, src)
	if err != nil {
		return 0, s.classify(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, s.classify(err)
	}
	return n, nil
}

// copyInto writes into tx the event ev, its sources srcs and every game
// of src.
func (s *Store) copyInto(ctx context.Context, tx pgx.Tx, ev sheet.Event, srcs []sheet.Source, src sheet.EventStore) (int, error) {
	if err := s.insertEvent(ctx, tx, ev); err != nil {
		return 0, err
	}
	for _, sr := range srcs {
		if err := s.putSource(ctx, tx, sr); err != nil {
			return 0, err
		}
	}
	return storekit.EachPage(src, func(gs []sheet.Game) error {
		for _, g := range gs {
			if err := sheet.CheckGameFields(s.loc.shown, g); err != nil {
				return err
			}
		}
		_, err := s.insertGames(ctx, tx, gs)
		return err
	})
}
