package app

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// A message's hold on the status line and a tooltip's delay end on a
// timer's goroutine. A timer left running after its window was closed
// fired into the next window's world (the locale, the theme, the test
// driver that runs fyne.Do on the caller's goroutine): a data race under
// -race. The window owns its timers, and once stopped none of them runs.

// uiTimers runs functions on the UI thread after a delay, until stopped.
type uiTimers struct {
	mu      sync.Mutex
	stopped bool
	pending map[*time.Timer]struct{}
	running sync.WaitGroup // the timers scheduled and not yet over
}

// after runs f through fyne.Do after d, unless the timers are stopped
// first.
func (u *uiTimers) after(d time.Duration, f func()) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.stopped {
		return
	}
	if u.pending == nil {
		u.pending = map[*time.Timer]struct{}{}
	}
	u.running.Add(1)
	var t *time.Timer
	// The callback takes the lock first, so t is in pending before it
	// looks for it.
	t = time.AfterFunc(d, func() {
		defer u.running.Done()
		u.mu.Lock()
		delete(u.pending, t)
		stopped := u.stopped
		u.mu.Unlock()
		if !stopped {
			fyne.Do(f)
		}
	})
	u.pending[t] = struct{}{}
}

// stop cancels the timers not yet fired and waits for those firing: when
// it returns, no function of theirs runs any more.
func (u *uiTimers) stop() {
	u.mu.Lock()
	u.stopped = true
	for t := range u.pending {
		if t.Stop() {
			u.running.Done()
		}
		delete(u.pending, t)
	}
	u.mu.Unlock()
	u.running.Wait()
}
