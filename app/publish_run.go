package app

import (
	"context"
	"sync"

	"scoresheet/app/publish"
	"scoresheet/sheet/location"
)

// The window's side of scoresheet publish: the same publish.Publisher
// over a store of its own (the window's typing reaches it as another
// writer's change), on a goroutine of its own. What it reports is kept
// here under a lock; the window is told through notify (fyne.Do in the
// app) and reads it on the UI thread. It is stopped with the window.

// windowPublishing is a round being published from the window.
type windowPublishing struct {
	opts   publish.Options
	event  string // the event's name: the window may open another meanwhile, this one goes on
	addr   string // the HTTP target's address, when serving
	path   string // and its path
	cancel context.CancelFunc
	done   chan struct{}
	notify func() // after each report, from the publisher's goroutine; nil: none

	mu      sync.Mutex
	order   []string                  // the targets' names, in order
	last    map[string]publish.Report // each target's last outcome
	sending map[string]bool           // a sending under way
	ended   error                     // the publisher stopped by itself (the token refused)
	stopped bool
}

// startPublishing opens the event at loc again and publishes o.Round to
// the targets o names, until stop. Bad options or a target that cannot
// be made are said and nothing runs.
func startPublishing(loc string, o publish.Options, notify func()) (*windowPublishing, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	targets, server, err := o.Targets()
	if err != nil {
		return nil, err
	}
	st, err := location.Open(loc)
	if err != nil {
		if server != nil {
			server.Close()
		}
		return nil, err
	}
	ev, _ := st.Event()
	ctx, cancel := context.WithCancel(context.Background())
	wp := &windowPublishing{opts: o, event: ev.Name, cancel: cancel, done: make(chan struct{}), notify: notify,
		last: map[string]publish.Report{}, sending: map[string]bool{}}
	for _, t := range targets {
		wp.order = append(wp.order, t.Name())
	}
	if server != nil {
		wp.addr, wp.path = server.Addr(), server.Path()
	}
	p := &publish.Publisher{Store: st, Round: o.Round, Targets: targets, Report: wp.report}
	go func() {
		defer close(wp.done)
		err := p.Run(ctx)
		if server != nil {
			server.Close()
		}
		st.Close()
		wp.mu.Lock()
		wp.ended = err
		wp.mu.Unlock()
		if err != nil {
			wp.tell()
		}
	}()
	return wp, nil
}

// report keeps a target's outcome (the publisher's goroutine).
func (wp *windowPublishing) report(r publish.Report) {
	wp.mu.Lock()
	if r.Target != "" {
		wp.sending[r.Target] = r.Sending
		delete(wp.last, "") // the event read again
	}
	if _, seen := wp.last[r.Target]; !r.Sending || !seen {
		wp.last[r.Target] = r // the first sending's boards: waiting
	}
	wp.mu.Unlock()
	wp.tell()
}

func (wp *windowPublishing) tell() {
	wp.mu.Lock()
	stopped := wp.stopped
	wp.mu.Unlock()
	if !stopped && wp.notify != nil {
		wp.notify()
	}
}

// stop ends the publishing and waits for it: when it returns, nothing of
// it runs and nothing more is told.
func (wp *windowPublishing) stop() {
	if wp == nil {
		return
	}
	wp.mu.Lock()
	wp.stopped = true
	wp.mu.Unlock()
	wp.cancel()
	<-wp.done
}

// publishSnapshot is what the window shows of a publishing, copied out
// of the lock.
type publishSnapshot struct {
	opts       publish.Options
	addr, path string
	order      []string
	last       map[string]publish.Report
	sending    map[string]bool
	ended      error
	running    bool
}

func (wp *windowPublishing) snapshot() publishSnapshot {
	wp.mu.Lock()
	defer wp.mu.Unlock()
	s := publishSnapshot{opts: wp.opts, addr: wp.addr, path: wp.path, order: wp.order, ended: wp.ended,
		last: map[string]publish.Report{}, sending: map[string]bool{}}
	for k, v := range wp.last {
		s.last[k] = v
	}
	for k, v := range wp.sending {
		s.sending[k] = v
	}
	select {
	case <-wp.done:
	default:
		s.running = !wp.stopped
	}
	return s
}
