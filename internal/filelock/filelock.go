// Package filelock takes a file's lock for as long as the process holds
// the file open: the operating system lets go of it when the file is
// closed or the process ends, killed or not. The window's journals use
// it to tell a live window's journal from one a killed window left.
package filelock

import "os"

// TryLock takes f's exclusive lock without waiting and reports whether
// it got it: false while another open file (of this process or another)
// holds it. Where the file system has no such lock it reports true: the
// lock then tells nothing, as before there was one.
func TryLock(f *os.File) (bool, error) { return tryLock(f) }
