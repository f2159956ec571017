package app

import (
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// A window's timers run their functions until stopped, and none after:
// stop cancels those pending and waits for one already firing.
func TestUITimersStop(t *testing.T) {
	test.NewTempApp(t)
	var u uiTimers
	var ran atomic.Int32
	fired := make(chan struct{})
	u.after(time.Millisecond, func() { ran.Add(1); close(fired) })
	<-fired
	u.after(time.Hour, func() { ran.Add(10) })
	u.after(0, func() { time.Sleep(10 * time.Millisecond); ran.Add(100) })
	// The zero-delay one may be firing now: stop waits for it, then no
	// function of the timers runs any more.
	u.stop()
	got := ran.Load()
	if got != 1 && got != 101 {
		t.Fatalf("after stop: ran %d, want 1 or 101", got)
	}
	u.after(0, func() { ran.Add(1000) })
	u.stop()
	if ran.Load() != got {
		t.Fatalf("a timer ran after stop: %d, was %d", ran.Load(), got)
	}
}
