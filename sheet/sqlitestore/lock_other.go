//go:build !linux

package sqlitestore

import (
	"os"
	"time"
)

// Elsewhere no flock: on Windows locks belong to the handle and closing
// another handle releases nothing; on the BSDs and macOS flock and fcntl
// locks are one lock table, so a flock on the event file would block
// SQLite's own locks in other processes. The store relies there on
// SQLite's locks and on the identity checks after each commit.

func flockShared(f *os.File, wait time.Duration) error { return nil }

// flockTryExclusive reports true: SQLite decides at close, as it always
// does.
func flockTryExclusive(f *os.File) bool { return true }
