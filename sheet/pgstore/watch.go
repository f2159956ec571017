package pgstore

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"scoresheet/sheet"
)

// Every window on a server's event is live as on a file
// (sheet/sqlitestore/watch.go), through the same Changes. A file's store
// polls the file; here every write tells the event's channel at its
// commit what it changed (NOTIFY, sent by the statement that takes its
// locks: lockFor), and a connection of the store's own listens (LISTEN).
// A notification's payload is the writer store's name and the game it
// wrote, 0 for the event as a whole (its fields, rounds, sources, games
// added or removed): the store's own writes are not news, another's game
// is a Change of that game, another's event a Change of the event (the
// window then reads every game, as it does for a file's event). When the
// listening connection is lost it is made again, and the Change is the
// event's once it is back: what was committed meanwhile was not heard.

// feed is the channel Changes returns and what is pending on it.
type feed struct {
	out     chan sheet.Change
	kick    chan struct{} // a Change is pending
	mu      sync.Mutex
	pending sheet.Change
	cancel  context.CancelFunc
	done    chan struct{}
}

// add merges ch into what is pending.
func (f *feed) add(ch sheet.Change) {
	f.mu.Lock()
	f.pending.Merge(ch)
	f.mu.Unlock()
	select {
	case f.kick <- struct{}{}:
	default:
	}
}

// take returns and clears what is pending.
func (f *feed) take() sheet.Change {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := f.pending
	f.pending = sheet.Change{}
	return ch
}

// Changes returns a channel that receives, within about a second of
// another store's commit on the event (another window, the command line,
// another laptop), what it changed; the store's own writes are not
// reported, and Changes not yet received merge into one. The first call
// starts the listening; every call returns the same channel, closed when
// the store closes.
func (s *Store) Changes() <-chan sheet.Change {
	s.feedOnce.Do(func() {
		f := &feed{out: make(chan sheet.Change), kick: make(chan struct{}, 1), done: make(chan struct{})}
		s.mu.Lock()
		if s.closed.Load() {
			s.mu.Unlock()
			close(f.out)
			close(f.done)
			s.feed = f
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		f.cancel = cancel
		s.feed = f
		s.mu.Unlock()
		// The first connection listens before Changes returns, so that
		// every commit after it is heard (as a file's store reads the
		// revisions before it returns). One that cannot be made is made
		// by the listening, which then tells the event as changed.
		first, _ := s.listenConn(ctx)
		heard := make(chan struct{})
		go func() {
			defer close(heard)
			s.listen(ctx, first, f.add)
		}()
		go func() {
			defer close(f.done)
			defer close(f.out)
			s.send(ctx, f)
			<-heard
		}()
	})
	return s.feed.out
}

// send hands what is pending to Changes' reader until ctx ends.
func (s *Store) send(ctx context.Context, f *feed) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-f.kick:
		}
		ch := f.take()
		if ch.Empty() {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case f.out <- ch:
		}
	}
}

// stopFeed ends the listening (Close).
func (s *Store) stopFeed() {
	s.feedOnce.Do(func() {}) // no listening starts after Close
	if f := s.feed; f != nil && f.cancel != nil {
		f.cancel()
		<-f.done
	}
}

// notice is the payload of a write's notification: the store's name and
// the game written (0: the event as a whole).
func (s *Store) notice(game int64) string { return s.self + " " + strconv.FormatInt(game, 10) }

// changeOf reads a notification's payload: what another store changed;
// ok is false for one of this store's own.
func (s *Store) changeOf(payload string) (ch sheet.Change, ok bool) {
	who, game, _ := strings.Cut(payload, " ")
	if who == s.self {
		return ch, false
	}
	id, err := strconv.ParseInt(game, 10, 64)
	if err != nil || id == 0 {
		return sheet.Change{Event: true}, true
	}
	return sheet.Change{Games: []int64{id}}, true
}

// listen listens on conn (nil: none yet) until ctx ends, connecting
// again while the server cannot be reached.
func (s *Store) listen(ctx context.Context, conn *pgx.Conn, changed func(sheet.Change)) {
	pause := 100 * time.Millisecond
	for first := conn != nil; ctx.Err() == nil; first = false {
		var err error
		if !first {
			conn, err = s.listenConn(ctx)
		}
		if err != nil {
			select {
			case <-ctx.Done():
			case <-time.After(pause):
			}
			pause = min(2*pause, 2*time.Second)
			continue
		}
		pause = 100 * time.Millisecond
		if !first {
			changed(sheet.Change{Event: true}) // back after a loss: what happened meanwhile was not heard
		}
		s.hear(ctx, conn, changed)
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
	}
}

// listenConn connects as the pool does and listens to the event.
func (s *Store) listenConn(ctx context.Context) (*pgx.Conn, error) {
	cctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	conn, err := pgx.ConnectConfig(cctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(cctx, `LISTEN `+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// hear passes on each notification of another store until the
// connection fails or ctx ends. A connection that has said nothing for
// a while is asked whether it still works: a server restarted behind a
// cut cable leaves a connection that would wait for ever.
func (s *Store) hear(ctx context.Context, conn *pgx.Conn, changed func(sheet.Change)) {
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, idleCheck)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			if ch, ok := s.changeOf(n.Payload); ok {
				changed(ch)
			}
		case ctx.Err() != nil:
			return
		case wctx.Err() != nil: // quiet for a while
			pctx, cancel := context.WithTimeout(ctx, quick)
			err := conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		default:
			return
		}
	}
}

// idleCheck is how long the listening connection may say nothing
// before it is asked whether it still works.
const idleCheck = 5 * time.Second
