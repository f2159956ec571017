//go:build unix

package sqlitestore

import (
	"io/fs"
	"os"
	"syscall"
)

// checkOwner is ownerCheck for the event file fi at path.
func checkOwner(path string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	return ownerCheck(path, st.Uid, os.Geteuid(), sideFilesExist(path))
}

// sameOwner reports whether side, a side file of the event file ev, is
// this user's and ev's owner's, so this user may align its mode.
func sameOwner(side, ev fs.FileInfo) bool {
	s, ok1 := side.Sys().(*syscall.Stat_t)
	e, ok2 := ev.Sys().(*syscall.Stat_t)
	euid := os.Geteuid()
	return ok1 && ok2 && s.Uid == e.Uid && (euid == 0 || uint32(euid) == s.Uid)
}
