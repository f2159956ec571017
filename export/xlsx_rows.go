package export

import (
	"bytes"
	"errors"
	"io"

	"github.com/xuri/excelize/v2"
)

// The Games sheet gets a row a game. A StreamWriter keeps its rows in
// memory until they reach 16 MB (excelize's StreamChunkSize, a
// constant), and the buffer it grows to stays: 22 MB of the workbook of
// 50,000 games, growing with the games. So the Games sheet's own
// StreamWriter writes only its header row, and the rows of the games
// are streamed in chunks by scratch workbooks, as excelize writes rows,
// into a temporary file; the package puts them in the Games sheet when
// the File writes it.

// spoolChunk is how many rows a scratch workbook streams: some hundred
// kilobytes of XML. A variable for the tests.
var spoolChunk = 1000

// rowSpool holds rows of a sheet, in order, as the XML excelize writes
// for them (what goes between <sheetData> and </sheetData>).
type rowSpool struct {
	tempFile // f made when the first chunk is written
	scratch  *excelize.File
	sw       *excelize.StreamWriter
	rows     int // in the scratch workbook
	xml      bytes.Buffer
}

// scratchSheet is the sheet of a scratch workbook rows are streamed in:
// the template's first sheet.
const scratchSheet = "Sheet1"

// add streams a row at cell (its first cell, "A2").
func (s *rowSpool) add(cell string, values []interface{}) error {
	if s.scratch == nil {
		s.scratch = excelize.NewFile()
		sw, err := s.scratch.NewStreamWriter(scratchSheet)
		if err != nil {
			return err
		}
		s.sw = sw
	}
	if err := s.sw.SetRow(cell, values); err != nil {
		return err
	}
	if s.rows++; s.rows == spoolChunk {
		return s.flush()
	}
	return nil
}

// flush writes the rows of the scratch workbook to the file and lets
// the workbook go.
func (s *rowSpool) flush() error {
	if s.scratch == nil {
		return nil
	}
	defer func() {
		s.scratch.Close()
		s.scratch, s.sw, s.rows = nil, nil, 0
	}()
	if err := s.sw.Flush(); err != nil {
		return err
	}
	s.xml.Reset()
	s.scratch.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		return &pickZip{path: sheetPath(1), to: &s.xml}
	})
	if _, err := s.scratch.WriteTo(io.Discard); err != nil {
		return err
	}
	rows, err := sheetRows(s.xml.Bytes())
	if err != nil {
		return err
	}
	if s.f == nil {
		if err := s.create("xlsx"); err != nil {
			return err
		}
	}
	_, err = s.f.Write(rows)
	return err
}

// sheetRows returns what a sheet's XML holds between <sheetData> and
// </sheetData>.
func sheetRows(xml []byte) ([]byte, error) {
	_, rest, ok := bytes.Cut(xml, []byte("<sheetData>"))
	rows, _, end := bytes.Cut(rest, []byte("</sheetData>"))
	if !ok || !end {
		return nil, errors.New("xlsx: a scratch sheet without its rows")
	}
	return rows, nil
}

// writeTo writes the rows held, in order. Nothing may be added after.
func (s *rowSpool) writeTo(w io.Writer) error {
	if err := s.flush(); err != nil {
		return err
	}
	if s.f == nil {
		return nil
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, s.f)
	return err
}

// Close removes the temporary file.
func (s *rowSpool) Close() {
	if s.scratch != nil {
		s.scratch.Close()
	}
	s.tempFile.Close()
}
