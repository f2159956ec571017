//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes a flock(2): it belongs to the open file description, so
// two opens of the file in one process exclude each other too.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		return true, nil // no flock on this file system
	}
}
