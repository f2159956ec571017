//go:build linux

package sheet

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// flockShared takes a shared flock on f, waiting up to wait for a process
// that holds it exclusively (one closing the event). On Linux flock locks
// are independent of the fcntl locks SQLite takes, so they never block
// SQLite. File systems without flock (some network mounts) are not an
// error: the other defences still hold there.
func flockShared(f *os.File, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR):
			return nil // no flock on this file system
		case time.Now().After(deadline):
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// flockTryExclusive converts f's flock to an exclusive one without
// waiting, and reports whether it got it: no other process has the event
// open. When it fails the shared flock may be gone too (the conversion is
// not atomic), which is fine at Close, the only caller.
func flockTryExclusive(f *os.File) bool {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	return err == nil || (!errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR))
}
