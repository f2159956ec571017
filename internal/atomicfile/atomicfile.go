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

// newMode is the mode of a file that did not exist.
const newMode = 0o644

// Write writes a file through a temporary file in the same directory,
// synced and renamed over the target only when complete: a failed or
// interrupted write never leaves a half-written file, and an existing
// file is replaced whole or not at all.
//
// A symbolic link at path is written through: the file it leads to is
// replaced (in its own folder, so the rename stays atomic) and the link
// stays. The written file keeps the permissions of the file it replaces
// (a 0600 file stays 0600); a new file is 0644.
func Write(path string, write func(io.Writer) error) (err error) {
	path, err = Resolve(path)
	if err != nil {
		return err
	}
	mode := fs.FileMode(newMode)
	if fi, err := os.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return &fs.PathError{Op: "write", Path: path, Err: ErrNotRegular}
		}
		mode = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), mode); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
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
