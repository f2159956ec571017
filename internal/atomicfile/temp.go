package atomicfile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The temporary file of a write is ".NAME.scoresheet-DIGITS.tmp" beside
// the file NAME it becomes: hidden, and named so that nothing but this
// program's writes is ever taken for one. While a write runs its file is
// locked (lockTemp); a write that was killed leaves it unlocked, and the
// next write in the folder removes it (cleanStale).

const tempMark = ".scoresheet-"

// staleAfter is how long a temporary file must have gone unchanged
// before it may be cleaned. The lock is what tells a running write; the
// age only guards the files of older versions, which took none, and the
// moment between a file's creation and its lock.
const staleAfter = time.Minute

// createTemp makes a new temporary file for base in dir, with the mode
// the umask gives a new file (0666 before it), and locks it.
func createTemp(dir, base string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, "."+base+tempMark+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		lockTemp(f)
		return f, nil
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, "."+base+tempMark+"*.tmp"), Err: fs.ErrExist}
}

// isTemp reports whether name is a temporary file of this program's
// writes: ".NAME.scoresheet-DIGITS.tmp" for any NAME, or, as versions
// before this one named them, ".BASE.DIGITS.tmp" for the file base being
// written now (a pattern too common to take for ours beside other names).
func isTemp(name, base string) bool {
	rest, ok := strings.CutPrefix(name, ".")
	if !ok {
		return false
	}
	rest, ok = strings.CutSuffix(rest, ".tmp")
	if !ok {
		return false
	}
	if i := strings.LastIndex(rest, tempMark); i > 0 && allDigits(rest[i+len(tempMark):]) {
		return true
	}
	digits, ok := strings.CutPrefix(rest, base+".")
	return ok && allDigits(digits)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cleanStale removes from dir the temporary files of writes that were
// killed: this program's pattern (isTemp), this user's, unchanged for
// staleAfter, and not locked by a write running now. It is best effort:
// a file it cannot judge or remove is left.
func cleanStale(dir, base string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || !isTemp(e.Name(), base) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < staleAfter || !mine(fi) {
			continue
		}
		removeUnlocked(p)
	}
}
