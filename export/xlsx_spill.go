package export

import (
	"archive/zip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// A workbook has a sheet a game. excelize keeps every streamed sheet in
// memory until it writes the file (StreamWriter spills to disk only
// sheets over 16 MB), which made the workbook of 5,553 games take 530 MB.
// So each game's sheet is streamed by a StreamWriter of its own small
// scratch workbook, its XML is kept in a temporary file, and the
// workbook's own copy of that sheet is an empty one that the XML
// replaces as the workbook is zipped. What stays in memory is
// excelize's list of the sheets, about a kilobyte a game.

// sheetSpill holds the XML of the games' sheets, by their path in the
// workbook, in a temporary file.
type sheetSpill struct {
	f     *os.File
	size  int64
	parts map[string]spillPart // by path in the workbook
}

// spillPart is one sheet's XML in the temporary file.
type spillPart struct {
	off, n int64
	name   string // the sheet's name in the workbook
}

func newSheetSpill() (*sheetSpill, error) {
	f, err := os.CreateTemp("", "scoresheet-xlsx-*")
	if err != nil {
		return nil, err
	}
	return &sheetSpill{f: f, parts: map[string]spillPart{}}, nil
}

// Close removes the temporary file.
func (s *sheetSpill) Close() {
	s.f.Close()
	os.Remove(s.f.Name())
}

// sheetPath is the path in the workbook of the sheet whose sheet id is id
// (excelize's NewSheet gives a new sheet the highest id plus one).
func sheetPath(id int) string { return "xl/worksheets/sheet" + strconv.Itoa(id) + ".xml" }

// add writes the XML of the sheet at path, named name in the workbook,
// made by write: write streams the sheet sname (with the header style
// headStyle) into a scratch workbook.
func (s *sheetSpill) add(path, name string, write func(f *excelize.File, sname string, headStyle int) error) error {
	scratch := excelize.NewFile()
	defer scratch.Close()
	// A sheet of its own, not the template's Sheet1, which is the
	// selected tab: every game's sheet would be selected with it.
	const sname = "G"
	if _, err := scratch.NewSheet(sname); err != nil {
		return err
	}
	headStyle, err := newHeadStyle(scratch)
	if err != nil {
		return err
	}
	if err := write(scratch, sname, headStyle); err != nil {
		return err
	}
	cw := &countingWriter{w: s.f}
	scratch.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		return &pickZip{path: sheetPath(2), to: cw}
	})
	if _, err := scratch.WriteTo(io.Discard); err != nil {
		return err
	}
	s.parts[path] = spillPart{off: s.size, n: cw.n, name: name}
	s.size += cw.n
	return nil
}

// check makes sure that each spilled sheet is at the path excelize gave
// the sheet of its name, and that every sheet but the first has one.
func (s *sheetSpill) check(f *excelize.File) error {
	sheets := f.GetSheetMap()
	if len(sheets) != len(s.parts)+1 {
		return fmt.Errorf("xlsx: %d sheets, %d written", len(sheets), len(s.parts))
	}
	for id, name := range sheets {
		if p, ok := s.parts[sheetPath(id)]; id != 1 && (!ok || p.name != name) {
			return fmt.Errorf("xlsx: sheet %d %q is not where it was written", id, name)
		}
	}
	return nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// pickZip is a "zip" that keeps one file, written to to, and drops the
// others.
type pickZip struct {
	path string
	to   io.Writer
}

func (z *pickZip) Create(name string) (io.Writer, error) {
	if name == z.path {
		return z.to, nil
	}
	return io.Discard, nil
}

func (z *pickZip) AddFS(fs.FS) error { return nil }
func (z *pickZip) Close() error      { return nil }

// spillZip zips the workbook, with the sheets of spill in place of
// excelize's empty ones.
type spillZip struct {
	zw    *zip.Writer
	spill *sheetSpill
}

func (z *spillZip) Create(name string) (io.Writer, error) {
	w, err := z.zw.Create(name)
	if err != nil {
		return nil, err
	}
	part, ok := z.spill.parts[name]
	if !ok {
		return w, nil
	}
	if _, err := io.Copy(w, io.NewSectionReader(z.spill.f, part.off, part.n)); err != nil {
		return nil, err
	}
	return io.Discard, nil
}

func (z *spillZip) AddFS(fsys fs.FS) error { return z.zw.AddFS(fsys) }
func (z *spillZip) Close() error           { return z.zw.Close() }
