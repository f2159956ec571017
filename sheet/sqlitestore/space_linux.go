package sqlitestore

import (
	"os"
	"syscall"
)

// freeSpace returns the bytes this process may still write on the file
// system of dir (root may use the blocks reserved for it), and whether
// it could tell.
func freeSpace(dir string) (int64, bool) {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return 0, false
	}
	blocks := st.Bavail
	if os.Geteuid() == 0 {
		blocks = st.Bfree
	}
	return int64(blocks) * st.Bsize, true
}
