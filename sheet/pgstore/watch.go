package pgstore

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Watch calls changed, from a goroutine of its own, each time another
// store (another window, the command line, another laptop) commits a
// write to the event: every write tells the event's channel (NOTIFY, at
// its commit), and a connection of its own listens (LISTEN). The store's
// own writes are not news. When the listening connection is lost it is
// made again, and changed is called once it is back: what was
// committed meanwhile was not heard. stop ends the watch; Close ends
// them all.
func (s *Store) Watch(changed func()) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	if s.closed.Load() {
		s.mu.Unlock()
		cancel()
		return func() {}
	}
	s.watchers = append(s.watchers, cancel)
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.listen(ctx, changed)
	}()
	return func() {
		cancel()
		<-done
	}
}

// listen listens until ctx ends, connecting again while the server
// cannot be reached.
func (s *Store) listen(ctx context.Context, changed func()) {
	pause := 100 * time.Millisecond
	for first := true; ctx.Err() == nil; first = false {
		conn, err := s.listenConn(ctx)
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
			changed() // back after a loss: what happened meanwhile was not heard
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

// hear calls changed for each notification of another store until the
// connection fails or ctx ends. A connection that has said nothing for
// a while is asked whether it still works: a server restarted behind a
// cut cable leaves a connection that would wait for ever.
func (s *Store) hear(ctx context.Context, conn *pgx.Conn, changed func()) {
	for ctx.Err() == nil {
		wctx, cancel := context.WithTimeout(ctx, idleCheck)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			if n.Payload != s.self {
				changed()
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
