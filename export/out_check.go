package export

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"

	"scoresheet/internal/atomicfile"
	"scoresheet/trf"
)

// OutError refuses the file an export was asked to write, before anything
// is written. Code is one of OutErrorCodes; Path is the file as given.
type OutError struct {
	Code string
	Path string
}

func (e *OutError) Error() string { return e.Path + ": " + e.Code }

// The codes of OutError.
const (
	OutEvent    = "out-event"    // an event file (any SQLite file) or its -wal, -shm or -journal
	OutFormat   = "out-format"   // an existing file that does not hold the format written
	OutNotFile  = "out-not-file" // a folder, a device: not a regular file
	OutReadOnly = "out-readonly" // a file nobody may write
	OutDenied   = "out-denied"   // a file this user may not write (another user's)
)

// OutErrorCodes lists the codes of OutError (each needs the key
// "ui.export.error.CODE" in the locales).
func OutErrorCodes() []string {
	return []string{OutEvent, OutFormat, OutNotFile, OutReadOnly, OutDenied}
}

// sqliteMagic starts every SQLite database file, so every event file.
const sqliteMagic = "SQLite format 3\x00"

// sqliteSideFiles are the suffixes SQLite gives the files it keeps beside
// a database.
var sqliteSideFiles = []string{"-wal", "-shm", "-journal"}

// CheckOut says whether an export in format ("pgn", "pdf", "forms" or
// "xlsx") may write path. The rules, so that an export never destroys
// what it was not asked to replace:
//   - a path that does not exist, or an empty file, is written;
//   - an event file (any SQLite database: the event being exported or
//     another) and SQLite's side files of one (-wal, -shm, -journal) are
//     refused (out-event), existing or not;
//   - a folder or a device is refused (out-not-file);
//   - a file without any write permission is refused (out-readonly),
//     and so is one this user may not write (out-denied: an access check
//     with the process's effective ids, not the mode bits; in a folder
//     where anyone may create files, a rename would replace another
//     user's file and make it theirs);
//   - an existing file is replaced only if it already holds the format
//     written: PGN text (its first token a tag, a comment, a move number
//     or a result, no NUL byte), a PDF (%PDF- in its first KB) or a
//     workbook (a zip holding xl/workbook.xml); anything else is refused
//     (out-format).
//
// A symbolic link is judged by the file it leads to, which is what
// atomicfile.Write replaces. Other errors (a folder that cannot be read)
// are returned as they are.
func CheckOut(path, format string) error {
	target, err := atomicfile.Resolve(path)
	if err != nil {
		return err
	}
	refuse := func(code string) error { return &OutError{Code: code, Path: path} }
	for _, p := range []string{path, target} {
		if isSideFile(p) {
			return refuse(OutEvent)
		}
	}
	fi, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return refuse(OutNotFile)
	}
	head, err := readHead(target, 4<<10)
	switch {
	case err != nil:
		return err
	case bytes.HasPrefix(head, []byte(sqliteMagic)):
		return refuse(OutEvent)
	case fi.Mode().Perm()&0o222 == 0:
		return refuse(OutReadOnly)
	case errors.Is(atomicfile.Writable(target), atomicfile.ErrNotWritable):
		return refuse(OutDenied)
	case len(head) == 0 || holdsFormat(target, format, head):
		return nil
	}
	return refuse(OutFormat)
}

// isSideFile reports whether path is a side file of an SQLite database
// that exists.
func isSideFile(path string) bool {
	for _, s := range sqliteSideFiles {
		if base, ok := strings.CutSuffix(path, s); ok {
			if head, err := readHead(base, len(sqliteMagic)); err == nil && string(head) == sqliteMagic {
				return true
			}
		}
	}
	return false
}

// readHead returns the first n bytes of a file (fewer if it is shorter).
func readHead(path string, n int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, n)
	m, err := io.ReadFull(f, head)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return head[:m], err
}

// holdsFormat reports whether a file, which starts with head, holds what
// an export in format writes.
func holdsFormat(path, format string, head []byte) bool {
	switch format {
	case "pdf", "forms", "results-pdf":
		return bytes.Contains(head[:min(len(head), 1024)], []byte("%PDF-"))
	case "xlsx":
		return isWorkbook(path)
	case "pgn":
		return looksLikePGN(head)
	case "trf":
		return trf.Detect(head)
	case "csv":
		return looksLikeCSV(head)
	}
	return false
}

// isWorkbook reports whether a file is a zip holding a workbook.
func isWorkbook(path string) bool {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return false
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == "xl/workbook.xml" {
			return true
		}
	}
	return false
}

// looksLikePGN reports whether text starts as a PGN file does: after a
// byte order mark, blanks and escape lines, a tag, a comment, a move
// number or a result; text files of any other kind do not.
func looksLikePGN(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	t := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for {
		t = bytes.TrimLeft(t, " \t\r\n")
		if len(t) == 0 || t[0] != '%' {
			break
		}
		i := bytes.IndexByte(t, '\n')
		if i < 0 {
			return true // escape lines up to the end of what was read
		}
		t = t[i+1:]
	}
	return len(t) == 0 || strings.IndexByte("[{;*0123456789", t[0]) >= 0
}

// looksLikeCSV reports whether a file starts as a CSV list does: text
// (no control character but line ends and tabs) whose first line holds
// a comma.
func looksLikeCSV(head []byte) bool {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return trf.CheckText(head) == nil && bytes.Contains(line, []byte(","))
}
