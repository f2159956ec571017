package location

import (
	"bytes"
	"reflect"

	"scoresheet/sheet"
	"scoresheet/sheet/pgstore"
	"scoresheet/sheet/sqlitestore"
)

// Copied says what Copy did.
type Copied struct {
	Games int // games copied
	// Salvaged: src is an event file Open refuses as not this program's
	// schema (store-foreign-schema: a stranger's file with a trigger, a
	// view, objects of its own); its tables' rows were read as data only
	// (sheet.OpenSalvage), nothing of it ran, and dst is a clean event.
	Salvaged bool
	Skipped  []string // the app's tables a salvaged file did not have (copied empty)
}

// Copy copies the whole event at src to dst, where there must be no
// event yet (a file, or an event of that name on the server): a new
// event is never put over one. dst appears whole or not at all. The copy
// is then read back and compared with src, field by field (Compare): an
// event written to while it was copied does not pass for a copy. An
// event file refused as another schema than this program's is salvaged:
// read as data only into a clean copy (Copied.Salvaged).
func Copy(src, dst string) (Copied, error) {
	var done Copied
	from, err := Open(src)
	if sheet.StoreErrorCodeOf(err) == sheet.StoreForeignSchema && !IsServer(src) {
		var st *sqlitestore.Store
		st, done.Skipped, err = sqlitestore.OpenSalvage(src)
		from, done.Salvaged = st, err == nil
	}
	if err != nil {
		return Copied{}, err
	}
	defer from.Close()
	if IsServer(dst) {
		done.Games, err = pgstore.CreateCopy(dst, from)
	} else {
		done.Games, err = sqlitestore.CreateCopy(dst, from)
	}
	if err != nil {
		return Copied{}, err
	}
	to, err := Open(dst)
	if err != nil {
		return done, err
	}
	defer to.Close()
	return done, Compare(from, to)
}

// Compare returns nil when the events a and b hold the same: the same
// event fields and rounds, the same sources, and the same games by round
// and board, every field of every game the same but its id (each store
// numbers its own). Otherwise it returns store-copy-differs naming the
// first difference.
func Compare(a, b sheet.EventStore) error {
	differs := func(what string, args ...any) error {
		return &sheet.StoreError{Code: sheet.StoreCopyDiffers, Path: b.Location(), Err: sheet.Details(what, args...)}
	}
	eva, err := a.Event()
	if err != nil {
		return err
	}
	evb, err := b.Event()
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(eva, evb) {
		return differs("event")
	}
	if err := compareSources(a, b, differs); err != nil {
		return err
	}
	return compareGames(a, b, differs)
}

func compareSources(a, b sheet.EventStore, differs func(string, ...any) error) error {
	sa, err := a.Sources()
	if err != nil {
		return err
	}
	sb, err := b.Sources()
	if err != nil {
		return err
	}
	if len(sa) != len(sb) {
		return differs("sources=%d/%d", len(sa), len(sb))
	}
	for i := range sa {
		if sa[i].Kind != sb[i].Kind || sa[i].Name != sb[i].Name || !bytes.Equal(sa[i].Body, sb[i].Body) {
			return differs("source=%s", sa[i].Kind)
		}
	}
	return nil
}

// compareGames reads the games of b beside those of a, a page at a time
// each, and compares them in order.
func compareGames(a, b sheet.EventStore, differs func(string, ...any) error) error {
	games := make(chan sheet.Game, 64)
	stop := make(chan struct{})
	errb := make(chan error, 1)
	go func() {
		defer close(games)
		errb <- b.EachGame(sheet.GameFilter{}, func(g *sheet.Game) error {
			select {
			case games <- *g:
				return nil
			case <-stop:
				return errStopped
			}
		})
	}()
	err := a.EachGame(sheet.GameFilter{}, func(ga *sheet.Game) error {
		gb, ok := <-games
		if !ok {
			return differs("round=%d board=%d missing", ga.Round, ga.Board)
		}
		if part := gameDiff(*ga, gb); part != "" {
			return differs("round=%d board=%d %s", ga.Round, ga.Board, part)
		}
		return nil
	})
	if err == nil {
		if gb, more := <-games; more {
			err = differs("round=%d board=%d extra", gb.Round, gb.Board)
		}
	}
	close(stop)
	for range games {
	}
	if e := <-errb; err == nil && e != nil && e != errStopped {
		err = e
	}
	return err
}

var errStopped = sheet.Details("stopped")

// gameDiff names the first part in which two games differ, "" when they
// do not (their ids aside).
func gameDiff(a, b sheet.Game) string {
	a.ID, b.ID = 0, 0
	switch {
	case !reflect.DeepEqual(a.Copies, b.Copies):
		return "copies"
	case !reflect.DeepEqual(a.Decisions, b.Decisions):
		return "decisions"
	case !reflect.DeepEqual(a.Tags, b.Tags):
		return "tags"
	case !reflect.DeepEqual(a, b):
		return "header"
	}
	return ""
}
