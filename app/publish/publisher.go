package publish

import (
	"bytes"
	"context"
	"time"

	"scoresheet/app/core"
	"scoresheet/sheet"
)

// MinInterval is the least time between two sendings to one target:
// never more than once a second, whatever the typing.
const MinInterval = time.Second

// Publisher keeps Round of the event in Store published to Targets until
// its context ends.
type Publisher struct {
	Store   sheet.EventStore // its own store: the owner's writes count as another writer's
	Round   int
	Targets []Target
	// Report is told each sending's outcome, from Run's goroutine.
	Report func(Report)
	// MinInterval and Backoff: MinInterval and backoff when zero (tests
	// shorten them).
	MinInterval time.Duration
	Backoff     func(attempt int) time.Duration
}

// backoff is the pause before the attempt-th try again (1 s, 2 s, 4 s,
// ... at most 30 s).
func backoff(attempt int) time.Duration {
	d := time.Second << min(attempt-1, 5)
	return min(d, 30*time.Second)
}

// targetState is what the loop knows of one target.
type targetState struct {
	t        Target
	sent     []byte    // the round as last sent and answered (not to send again)
	last     time.Time // when it was last sent
	retryAt  time.Time // a passing failure: when to try again
	attempts int       // failures in a row
}

// Run reads the round, sends it to every target, then again whenever
// another writer changes the event and the round reads otherwise, until
// ctx ends (nil) or a target's error cannot pass (the token refused:
// that error). It never writes the event.
func (p *Publisher) Run(ctx context.Context) error {
	changes := p.Store.Changes() // before the first read: nothing is missed
	states := make([]*targetState, len(p.Targets))
	for i, t := range p.Targets {
		states[i] = &targetState{t: t}
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		wait, err := p.publishDue(ctx, states)
		if err != nil {
			return err
		}
		resetTimer(timer, wait)
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-changes:
			if !ok {
				changes = nil // the store closed: publish what it was
			}
		case <-timer.C:
		}
	}
}

// publishDue reads the round and sends it to each target whose copy is
// out of date and whose pause is over; it returns how long until the
// next target is due (0: none is, wait for a change).
func (p *Publisher) publishDue(ctx context.Context, states []*targetState) (time.Duration, error) {
	boards, err := p.read()
	if err != nil {
		// The event cannot be read now (a server away): said, tried again.
		p.tell(Report{Target: "", Round: p.Round, Result: Result{Err: err, Retry: true}, RetryIn: time.Second, At: time.Now()})
		return time.Second, nil
	}
	body := roundKey(boards)
	var next time.Duration
	due := func(d time.Duration) {
		if d > 0 && (next == 0 || d < next) {
			next = d
		}
	}
	for _, s := range states {
		if ctx.Err() != nil {
			return 0, nil
		}
		if s.sent != nil && bytes.Equal(s.sent, body) && s.retryAt.IsZero() {
			continue
		}
		now := time.Now()
		at := s.last.Add(p.interval())
		if s.retryAt.After(at) {
			at = s.retryAt
		}
		if wait := at.Sub(now); wait > 0 {
			due(wait)
			continue
		}
		if err := p.send(ctx, s, boards, body); err != nil {
			return 0, err
		}
		if !s.retryAt.IsZero() {
			due(time.Until(s.retryAt))
		}
	}
	return next, nil
}

// send sends the round to one target and records the outcome.
func (p *Publisher) send(ctx context.Context, s *targetState, boards []core.BoardPGN, body []byte) error {
	p.tell(Report{Target: s.t.Name(), Round: p.Round, Sending: true, Result: Result{Boards: initialStatuses(boards)}, At: time.Now()})
	res := s.t.Send(ctx, boards)
	s.last = time.Now()
	if ctx.Err() != nil {
		return nil // interrupted: nothing to say
	}
	rep := Report{Target: s.t.Name(), Round: p.Round, Result: res, At: s.last}
	switch {
	case res.Fatal:
		p.tell(rep)
		return res.Err
	case res.Retry:
		s.attempts++
		rep.RetryIn = p.backoff(s.attempts)
		s.retryAt = s.last.Add(rep.RetryIn)
	default:
		s.attempts, s.retryAt, s.sent = 0, time.Time{}, body
	}
	p.tell(rep)
	return nil
}

// read returns the round's boards as a broadcast shows them.
func (p *Publisher) read() ([]core.BoardPGN, error) {
	ev, err := p.Store.Event()
	if err != nil {
		return nil, err
	}
	return core.BroadcastRound(p.Store, &ev, p.Round)
}

// roundKey is what tells one reading of the round from another: the PGN
// of every board, and which boards have none.
func roundKey(boards []core.BoardPGN) []byte {
	var b bytes.Buffer
	for _, x := range boards {
		if x.Err != nil {
			b.WriteString("[%not-written " + x.Err.Error() + "]\n")
		}
		b.Write(x.PGN)
	}
	return b.Bytes()
}

func (p *Publisher) tell(r Report) {
	if p.Report != nil {
		p.Report(r)
	}
}

func (p *Publisher) interval() time.Duration {
	if p.MinInterval > 0 {
		return p.MinInterval
	}
	return MinInterval
}

func (p *Publisher) backoff(attempt int) time.Duration {
	if p.Backoff != nil {
		return p.Backoff(attempt)
	}
	return backoff(attempt)
}

// resetTimer sets t to fire after d, or never when d is 0.
func resetTimer(t *time.Timer, d time.Duration) {
	if !t.Stop() {
		select {
		case <-t.C:
		default:
		}
	}
	if d > 0 {
		t.Reset(d)
	}
}
