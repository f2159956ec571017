//go:build linux

package sqlitestore

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
	if emulatedFlock(f) {
		return nil
	}
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
	if emulatedFlock(f) {
		return true
	}
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	return err == nil || (!errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR))
}

// emulatedFlock reports whether f is on a network file system where Linux
// emulates flock with an fcntl lock on the whole file (NFS, SMB): there a
// shared flock would conflict with SQLite's write locks in the other
// processes, so the store takes none.
func emulatedFlock(f *os.File) bool {
	var st syscall.Statfs_t
	if syscall.Fstatfs(int(f.Fd()), &st) != nil {
		return false
	}
	switch uint32(st.Type) {
	case 0x6969, // NFS
		0x517b,     // SMB
		0xff534d42, // CIFS
		0xfe534d42: // SMB2
		return true
	}
	return false
}
