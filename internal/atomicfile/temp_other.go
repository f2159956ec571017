//go:build !unix

package atomicfile

import (
	"io/fs"
	"os"
)

// lockTemp: Windows does not let another process remove a file that is
// open (Go opens files without FILE_SHARE_DELETE), which is the lock.
func lockTemp(f *os.File) {}

// removeUnlocked removes p; it fails while a write has it open.
func removeUnlocked(p string) { os.Remove(p) }

func mine(fs.FileInfo) bool { return true }

// keepOwner: files here have no owner the program could keep or lose.
func keepOwner(*os.File, fs.FileInfo) bool { return true }

// writable reads the read-only attribute, the file's only write
// permission Go sees. A folder's does not stop anyone writing in it
// (Explorer sets it on the folders it customises): a folder counts as
// writable.
func writable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() && fi.Mode().Perm()&0o200 == 0 {
		return fs.ErrPermission
	}
	return nil
}

func reserve(*os.File, int64) error { return nil }
