//go:build unix

package sheet

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
