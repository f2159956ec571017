package export

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// An export keeps intermediate data in files of its own (a PDF's
// finished pages, a workbook's rows, sheets and ZIP directory), so that
// neither the event nor the document is ever held whole. They go where
// the export's output goes when it writes to a file: the disk that must
// take the output anyway, not the system's temporary folder, which may
// be full when the event and the output are on another disk (issue
// 23.10); else in the system's temporary folder.
//
// Where a file outlives its name (not Windows), the name is removed as
// soon as the file is made: an export that is killed leaves nothing
// behind. On Windows the file is named as atomicfile names its
// temporary files, so the next export in that folder cleans it up.

// scratchDir is where an export writing to w keeps its intermediate
// files: w's folder when w is a regular file, else "" (the system's
// temporary folder).
func scratchDir(w io.Writer) string {
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return filepath.Dir(f.Name())
		}
	}
	return ""
}

// tempFile is an intermediate file of an export: made in dir when first
// needed (create), removed by Close.
type tempFile struct {
	dir string   // where f is made (scratchDir)
	f   *os.File // nil until made
}

// create makes f, an intermediate file of kind (scratchFile).
func (t *tempFile) create(kind string) error {
	f, err := scratchFile(t.dir, kind)
	if err != nil {
		return err
	}
	t.f = f
	return nil
}

// Close removes the temporary file.
func (t *tempFile) Close() { removeTemp(&t.f) }

// removeTemp closes and removes the temporary file *f, if there is one,
// and forgets it.
func removeTemp(f **os.File) {
	if *f != nil {
		(*f).Close()
		os.Remove((*f).Name())
		*f = nil
	}
}

// scratchFile makes a new intermediate file of kind ("pdf", "zip", ...)
// in dir.
func scratchFile(dir, kind string) (*os.File, error) {
	f, err := os.CreateTemp(dir, ".scratch-"+kind+".scoresheet-*.tmp")
	if err != nil {
		return nil, err
	}
	if runtime.GOOS != "windows" {
		os.Remove(f.Name())
	}
	return f, nil
}
