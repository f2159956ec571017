//go:build unix && !linux

package atomicfile

import (
	"os"
	"syscall"
)

// writable asks the system whether this process may open path for
// writing (access(2) checks the real ids; the app is never setuid).
func writable(path string) error {
	return syscall.Access(path, 2)
}

// reserve does nothing where there is no fallocate.
func reserve(f *os.File, size int64) error { return nil }
