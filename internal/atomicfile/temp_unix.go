//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"syscall"
)

// lockTemp takes an exclusive flock on a temporary file being written;
// it goes with the file's descriptor (closed, or the process killed).
// Where the file system has no flock the file is only judged by its age.
func lockTemp(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// removeUnlocked removes the temporary file at p unless a write running
// now holds its lock.
func removeUnlocked(p string) {
	f, err := os.Open(p)
	if err != nil {
		return
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return // being written, or no flock here: leave it
	}
	if fi, err := f.Stat(); err == nil {
		if now, err := os.Lstat(p); err == nil && os.SameFile(fi, now) {
			os.Remove(p)
		}
	}
}

// mine reports whether this user may clean fi: its owner, or root.
func mine(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	euid := os.Geteuid()
	return !ok || euid == 0 || st.Uid == uint32(euid)
}

// keepOwner gives the temporary file tmp the owner and group of the file
// it replaces, old, and reports whether it has them: not when old is
// another user's (only root may give a file away) or of a group this user
// is not in.
func keepOwner(tmp *os.File, old fs.FileInfo) bool {
	want, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	fi, err := tmp.Stat()
	if err != nil {
		return false
	}
	have := fi.Sys().(*syscall.Stat_t)
	if have.Uid == want.Uid && have.Gid == want.Gid {
		return true
	}
	if euid := os.Geteuid(); euid != 0 && uint32(euid) != want.Uid {
		return false
	}
	return tmp.Chown(int(want.Uid), int(want.Gid)) == nil
}
