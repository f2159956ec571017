package export

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// A workbook has a sheet a game. excelize keeps every sheet of a File in
// memory until it writes the file (its bookkeeping of a sheet is a few
// kilobytes even when the rows are streamed), and it writes the whole
// file into a buffer before handing it over: the workbook of 5,000 games
// took 177 MB, and the memory grew with the games. So the workbook's File
// holds only the Games sheet; each game's sheet is streamed by a
// StreamWriter of its own small scratch workbook and its XML goes
// straight into the ZIP file being written, and when the File is
// written, through the same ZIP file, the game sheets are added to its
// sheet list, relationships and content types as excelize lists them.
// A game's sheet name and row count wait in a temporary file
// (xlsx_sheets.go).

// xlsxPackage is the ZIP file of a workbook being written to w: the
// games' sheets as they come, then the parts of the workbook's File.
type xlsxPackage struct {
	zw     *zipStream
	sheets sheetList
	// held: the parts of the File that list the sheets, kept until the
	// File is written whole.
	held map[string]*bytes.Buffer
	rel0 int // the relationship number of the first game's sheet
	// gamesRows are the rows of the Games sheet after its header, put
	// in it when the File writes it (xlsx_rows.go).
	gamesRows rowSpool
	// scratch is the workbook each game's sheet is streamed in, and
	// headStyle the header rows' style there.
	scratch   *excelize.File
	headStyle int
}

// gameSheet is a game's sheet: its name and its rows, the header included.
type gameSheet struct {
	name string
	rows int
}

// The parts that list the sheets.
const (
	partWorkbook     = "xl/workbook.xml"
	partWorkbookRels = "xl/_rels/workbook.xml.rels"
	partContentTypes = "[Content_Types].xml"
	partGamesSheet   = "xl/worksheets/sheet1.xml"
)

func newXLSXPackage(w io.Writer) *xlsxPackage {
	// Fast deflate (zipStream's): a workbook of a thousand sheets spends
	// more time compressing than anything else at the default level.
	dir := scratchDir(w)
	return &xlsxPackage{zw: newZipStream(w, dir), held: map[string]*bytes.Buffer{},
		sheets: sheetList{tempFile: tempFile{dir: dir}}, gamesRows: rowSpool{tempFile: tempFile{dir: dir}}}
}

// release removes the package's temporary files, written or not.
func (p *xlsxPackage) release() {
	if p.scratch != nil {
		p.scratch.Close()
	}
	p.gamesRows.Close()
	p.sheets.Close()
	p.zw.release()
}

// sheetPath is the path in the workbook of the sheet whose sheet id is id.
func sheetPath(id int) string { return "xl/worksheets/sheet" + strconv.Itoa(id) + ".xml" }

// firstGameSheet is the sheet id of the first game's sheet: the File's
// only sheet, Games, is 1.
const firstGameSheet = 2

// addSheet writes the sheet name, of rows rows, made by write: write
// streams the sheet sname (with the header style headStyle) into a
// scratch workbook, whose XML of it is copied to the package.
func (p *xlsxPackage) addSheet(name string, rows int, write func(f *excelize.File, sname string, headStyle int) error) error {
	if p.scratch == nil {
		// One scratch workbook for every game's sheet: a new File reads
		// its template's parts (theme, styles) again, a third of the
		// time a thousand games took.
		p.scratch = excelize.NewFile()
		style, err := newHeadStyle(p.scratch)
		if err != nil {
			return err
		}
		p.headStyle = style
	}
	scratch := p.scratch
	// A sheet of its own, not the template's Sheet1, which is the
	// selected tab: every game's sheet would be selected with it. It is
	// deleted once written, so that the scratch workbook holds one game.
	const sname = "G"
	if _, err := scratch.NewSheet(sname); err != nil {
		return err
	}
	defer scratch.DeleteSheet(sname)
	if err := write(scratch, sname, p.headStyle); err != nil {
		return err
	}
	to, err := p.zw.Create(sheetPath(firstGameSheet + p.sheets.n))
	if err != nil {
		return err
	}
	scratch.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		return &pickZip{path: sheetPath(2), to: to}
	})
	if _, err := scratch.WriteTo(io.Discard); err != nil {
		return err
	}
	return p.sheets.add(gameSheet{name: name, rows: rows})
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

// The package is the ZIP writer of the workbook's File: its parts go to
// the package as they are, but for those that list the sheets, which
// Close writes with the games' sheets added.

func (p *xlsxPackage) Create(name string) (io.Writer, error) {
	switch name {
	case partWorkbook, partWorkbookRels, partContentTypes, partGamesSheet:
		b := new(bytes.Buffer)
		p.held[name] = b
		return b, nil
	}
	if name == sheetPath(firstGameSheet) {
		return nil, errors.New("xlsx: the workbook has a second sheet of its own")
	}
	return p.zw.Create(name)
}

// AddFS is not used by excelize 2.11 to write a File.
func (p *xlsxPackage) AddFS(fs.FS) error { return errors.New("xlsx: AddFS is not supported") }

func (p *xlsxPackage) Close() error {
	if err := p.checkHeld(); err != nil {
		return err
	}
	for _, part := range []struct {
		name    string
		entries []listing
	}{
		{partWorkbook, p.workbookEntries()},
		{partWorkbookRels, []listing{{"</Relationships>", p.eachSheet(p.relationship)}}},
		{partContentTypes, []listing{{"</Types>", p.eachSheet(p.contentType)}}},
		{partGamesSheet, []listing{{"</sheetData>", p.gamesRows.writeTo}}},
	} {
		if err := p.writeListing(part.name, part.entries); err != nil {
			return err
		}
	}
	return p.zw.Close()
}

// listing says where a part lists the sheets or rows (before the
// closing tag end) and writes them.
type listing struct {
	end    string
	insert func(w io.Writer) error
}

// eachSheet writes entry of each game's sheet s, the i-th (from 0).
func (p *xlsxPackage) eachSheet(entry func(b *bytes.Buffer, i int, s gameSheet)) func(w io.Writer) error {
	return func(w io.Writer) error {
		var b bytes.Buffer
		return p.sheets.each(func(i int, s gameSheet) error {
			b.Reset()
			entry(&b, i, s)
			_, err := w.Write(b.Bytes())
			return err
		})
	}
}

// writeListing writes the held part name with each listing's entries
// inserted before its end tag.
func (p *xlsxPackage) writeListing(name string, entries []listing) error {
	rest := p.held[name].Bytes()
	w, err := p.zw.Create(name)
	if err != nil {
		return err
	}
	for _, l := range entries {
		at := bytes.Index(rest, []byte(l.end))
		if at < 0 || bytes.Count(rest, []byte(l.end)) != 1 {
			return fmt.Errorf("xlsx: %s has no single %s", name, l.end)
		}
		if _, err := w.Write(rest[:at]); err != nil {
			return err
		}
		if err := l.insert(w); err != nil {
			return err
		}
		rest = rest[at:]
	}
	_, err = w.Write(rest)
	return err
}

var relIDs = regexp.MustCompile(`Id="rId(\d+)"`)

// checkHeld makes sure the File wrote the parts that list the sheets
// and only the Games sheet as sheet id 1, and finds the first free
// relationship number.
func (p *xlsxPackage) checkHeld() error {
	for _, name := range []string{partWorkbook, partWorkbookRels, partContentTypes, partGamesSheet} {
		if p.held[name] == nil {
			return fmt.Errorf("xlsx: excelize wrote no %s", name)
		}
	}
	wb := p.held[partWorkbook].Bytes()
	if bytes.Count(wb, []byte("<sheet ")) != 1 || !bytes.Contains(wb, []byte(` sheetId="1" `)) {
		return errors.New("xlsx: the workbook has sheets of its own")
	}
	for _, m := range relIDs.FindAllSubmatch(p.held[partWorkbookRels].Bytes(), -1) {
		n, _ := strconv.Atoi(string(m[1]))
		p.rel0 = max(p.rel0, n)
	}
	p.rel0++
	return nil
}

// workbookEntries lists the games' sheets in the workbook, after Games
// (sheet id 1, local sheet id 0), and their filters' hidden names, as
// excelize writes those of the sheets it holds.
func (p *xlsxPackage) workbookEntries() []listing {
	return []listing{
		{"</sheets>", p.eachSheet(func(b *bytes.Buffer, i int, s gameSheet) {
			b.WriteString(`<sheet name="`)
			xml.EscapeText(b, []byte(s.name))
			fmt.Fprintf(b, `" sheetId="%d" r:id="rId%d"></sheet>`, firstGameSheet+i, p.rel0+i)
		})},
		{"</definedNames>", p.eachSheet(func(b *bytes.Buffer, i int, s gameSheet) {
			fmt.Fprintf(b, `<definedName hidden="true" localSheetId="%d" name="_xlnm._FilterDatabase">`, i+1)
			xml.EscapeText(b, []byte(filterFormula(s)))
			b.WriteString(`</definedName>`)
		})},
	}
}

// filterFormula is the range of a game sheet's filter, as excelize's
// AutoFilter names it: 'R1 B2'!$A$1:$J$63.
func filterFormula(s gameSheet) string {
	last, _ := excelize.ColumnNumberToName(len(plyWidths))
	return "'" + escapeSheetName(s.name) + "'!$A$1:$" + last + "$" + strconv.Itoa(max(s.rows, 2))
}

func escapeSheetName(s string) string { return strings.ReplaceAll(s, "'", "''") }

func (p *xlsxPackage) relationship(b *bytes.Buffer, i int, _ gameSheet) {
	fmt.Fprintf(b, `<Relationship Id="rId%d" Target="worksheets/sheet%d.xml" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"></Relationship>`,
		p.rel0+i, firstGameSheet+i)
}

func (p *xlsxPackage) contentType(b *bytes.Buffer, i int, _ gameSheet) {
	fmt.Fprintf(b, `<Override PartName="/%s" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"></Override>`,
		sheetPath(firstGameSheet+i))
}
