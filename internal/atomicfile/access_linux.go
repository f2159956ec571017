package atomicfile

import (
	"os"
	"syscall"
)

const (
	atFDCWD   = -100  // AT_FDCWD
	atEAccess = 0x200 // AT_EACCESS: the effective ids, as open(2) uses
	wOK       = 2     // W_OK
)

// writable asks the system whether this process may open path for
// writing.
func writable(path string) error {
	return syscall.Faccessat(atFDCWD, path, wOK, atEAccess)
}

// reserve allocates size bytes for f without changing its length or
// content (FALLOC_FL_KEEP_SIZE), so that a copy into it cannot run out
// of space half-way. File systems without fallocate copy unreserved.
func reserve(f *os.File, size int64) error {
	if size == 0 {
		return nil
	}
	err := syscall.Fallocate(int(f.Fd()), 1, 0, size)
	if err == syscall.ENOSPC || err == syscall.EDQUOT {
		return &os.PathError{Op: "fallocate", Path: f.Name(), Err: err}
	}
	return nil
}
