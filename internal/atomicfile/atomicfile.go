// Package atomicfile writes files whole or not at all: the CLI's export
// and the app's share it.
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrNotRegular is Write's error for a path that is a folder, a device or
// anything but a regular file: it is never replaced.
var ErrNotRegular = errors.New("not a regular file")

// ErrNotWritable is Write's error for an existing file this user may not
// write (issue 23.5): it is never replaced, whatever the folder allows.
var ErrNotWritable = errors.New("this user may not write the file")

// Write writes a file through a temporary file in the same directory,
// synced and renamed over the target only when complete: a failed or
// interrupted write never leaves a half-written file, and an existing
// file is replaced whole or not at all.
//
// A symbolic link at path is written through: the file it leads to is
// replaced (in its own folder, so the rename stays atomic) and the link
// stays. An existing file is replaced only if this user may write it (an
// access check with the process's effective ids, not the mode bits: a
// rename needs no right on the file replaced, only on its folder), and
// keeps its permissions, owner and group. Where the new file cannot be
// given them (the file is another user's, writable through its group),
// the finished temporary file is copied into the file in place, the
// space it needs reserved first where the system allows. A new file gets
// the mode the user's umask gives.
//
// Temporary files of writes that were killed are removed when a write
// starts in their folder (cleanStale).
func Write(path string, write func(io.Writer) error) (err error) {
	path, err = Resolve(path)
	if err != nil {
		return err
	}
	old, err := existing(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	cleanStale(dir, filepath.Base(path))
	tmp, err := createTemp(dir, filepath.Base(path))
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		tmp.Close() // also unlocks it (a second Close does nothing)
		if !renamed {
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if old != nil && !keepOwner(tmp, old) {
		return copyInPlace(path, tmp)
	}
	if old != nil {
		if err = tmp.Chmod(old.Mode().Perm()); err != nil {
			return err
		}
	}
	// Closed before the rename: Windows renames no open file. The lock
	// goes with it, but a file written a moment ago is not stale.
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	renamed = true
	syncDir(dir)
	return nil
}

// existing returns the file at path (links resolved) when there is one
// this user may replace, nil when there is none.
func existing(path string) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "write", Path: path, Err: ErrNotRegular}
	}
	if err := Writable(path); err != nil {
		return nil, err
	}
	return fi, nil
}

// Writable returns nil when this process may write the existing file at
// path (its effective user and groups, its access control lists, a
// read-only mount), and an *fs.PathError wrapping ErrNotWritable when it
// may not.
func Writable(path string) error {
	err := writable(path)
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return &fs.PathError{Op: "write", Path: path, Err: ErrNotWritable}
	}
	return err
}

// copyInPlace writes the finished temporary file tmp into the file at
// path, which keeps its identity (owner, group, mode, links).
func copyInPlace(path string, tmp *os.File) error {
	size, err := tmp.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "write", Path: path, Err: ErrNotRegular}
	}
	if err := reserve(f, size); err != nil {
		return err // nothing written yet
	}
	if _, err := io.Copy(f, tmp); err != nil {
		return err
	}
	if err := f.Truncate(size); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// maxLinks bounds the links followed, as the system does (ELOOP).
const maxLinks = 40

// Resolve follows the symbolic links at path (the last element only: the
// folders are the system's to follow) and returns the file they lead to,
// which may not exist yet: a link to a missing file is written through
// by creating it.
func Resolve(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
	return "", &fs.PathError{Op: "resolve", Path: path, Err: syscall.ELOOP}
}

// WriteBytes writes data to path as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// syncDir makes the rename durable; a failure only loses durability, so
// it is not reported.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
