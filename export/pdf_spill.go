package export

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"unsafe"

	"github.com/jung-kurt/gofpdf"
)

// gofpdf keeps the content of every page in memory until it writes the
// document: 70 to 100 KB a page, 400 to 700 MB for the scoresheets or
// forms of 5,000 games. So the pages a game has finished are taken from
// it as they are done: their content is compressed as gofpdf would
// compress it and kept in a temporary file, and gofpdf is left an empty
// page. When the document is written, the last page is taken too and
// gofpdf writes the rest uncompressed (page contents are all its
// compression applies to here: no images, no templates); that output,
// small now (page objects, fonts, metadata), is copied with each empty
// content stream replaced by the page's own, compressed, and the
// cross-reference table made again. The bytes are those gofpdf writes
// with every page in memory and compression on. (A document of many
// games is several such gofpdf documents, joined: pdf_join.go.)
//
// gofpdf has no way to hand over a page, so pageSpill reaches its
// unexported page list (pages []*bytes.Buffer, gofpdf v1.16.2, an
// archived module that will not change); if a version does not have it,
// the export fails with an error, never a wrong document.

// pageSpill holds the compressed content of a document's finished
// pages, page 1 first, in a temporary file.
type pageSpill struct {
	tempFile // f made when the first page is taken
	size     int64
	parts    []spillRange // parts[i] is page i+1
	zw       *zlib.Writer
	zbuf     bytes.Buffer
	buf      []byte // for copying the pages back
	// empty is the content gofpdf is left of every page taken: output
	// replaces it, and fails if anything was drawn into it.
	empty bytes.Buffer
}

type spillRange struct{ off, n int64 }

// pageList returns gofpdf's list of page contents (1-based).
func pageList(pdf *gofpdf.Fpdf) ([]*bytes.Buffer, error) {
	v := reflect.ValueOf(pdf).Elem().FieldByName("pages")
	if !v.IsValid() || v.Type() != reflect.TypeOf([]*bytes.Buffer(nil)) {
		return nil, errors.New("pdf: this gofpdf has no page list to take pages from")
	}
	return *(*[]*bytes.Buffer)(unsafe.Pointer(v.UnsafeAddr())), nil
}

// pageBoxes returns gofpdf's page boxes, a map a page (empty here: no
// page has a box of its own), or nil if this gofpdf has none.
func pageBoxes(pdf *gofpdf.Fpdf) map[int]map[string]gofpdf.PageBox {
	v := reflect.ValueOf(pdf).Elem().FieldByName("pageBoxes")
	if !v.IsValid() || v.Type() != reflect.TypeOf(map[int]map[string]gofpdf.PageBox(nil)) {
		return nil
	}
	return *(*map[int]map[string]gofpdf.PageBox)(unsafe.Pointer(v.UnsafeAddr()))
}

// take moves the content of every page before the current one to the
// temporary file. The current page is left: gofpdf may still draw on it.
func (s *pageSpill) take(pdf *gofpdf.Fpdf) error { return s.takeTo(pdf, pdf.PageNo()-1) }

// takeTo moves the content of the pages up to last.
func (s *pageSpill) takeTo(pdf *gofpdf.Fpdf, last int) error {
	pages, err := pageList(pdf)
	if err != nil {
		return err
	}
	boxes := pageBoxes(pdf)
	for n := len(s.parts) + 1; n <= last; n++ {
		if err := s.add(pages[n].Bytes()); err != nil {
			return err
		}
		pages[n] = &s.empty
		// An empty map a page, 100,000 pages: megabytes. gofpdf writes
		// a page without an entry as one with an empty one.
		if b, ok := boxes[n]; ok && len(b) == 0 {
			delete(boxes, n)
		}
	}
	return nil
}

// add writes one page's content compressed as gofpdf compresses it
// (zlib, BestSpeed).
func (s *pageSpill) add(content []byte) error {
	if s.f == nil {
		if err := s.create("pdf"); err != nil {
			return err
		}
		s.zw, _ = zlib.NewWriterLevel(&s.zbuf, zlib.BestSpeed)
	}
	s.zbuf.Reset()
	s.zw.Reset(&s.zbuf)
	s.zw.Write(content) // writes to a bytes.Buffer
	s.zw.Close()
	if _, err := s.f.Write(s.zbuf.Bytes()); err != nil {
		return err
	}
	s.parts = append(s.parts, spillRange{off: s.size, n: int64(s.zbuf.Len())})
	s.size += int64(s.zbuf.Len())
	return nil
}

// output writes the document: gofpdf's with the pages taken put back.
// Nothing may be drawn after.
func (s *pageSpill) output(pdf *gofpdf.Fpdf, w io.Writer) error {
	bw := bufio.NewWriter(w)
	if err := s.write(pdf, func(raw []byte) error { return s.merge(raw, bw) }); err != nil {
		return err
	}
	return bw.Flush()
}

// write has gofpdf write the document, the last page taken too, and
// hands its output to merge, which puts the pages back.
func (s *pageSpill) write(pdf *gofpdf.Fpdf, merge func(raw []byte) error) error {
	if err := s.takeTo(pdf, pdf.PageNo()); err != nil {
		return err
	}
	// Compressing a page makes a megabyte of garbage; an empty one need not.
	pdf.SetCompression(false)
	growOutput(pdf, len(s.parts))
	m := &merger{merge: merge}
	if err := pdf.Output(m); err != nil {
		return err
	}
	if !m.done {
		return errors.New("pdf: gofpdf wrote nothing")
	}
	return nil
}

// growOutput makes room in gofpdf's output buffer for a document of
// pages empty pages before gofpdf writes it: grown by doubling as gofpdf
// writes, the buffer of 100,000 pages would take three times its size
// for a while (the old and the new buffer).
func growOutput(pdf *gofpdf.Fpdf, pages int) {
	v := reflect.ValueOf(pdf).Elem().FieldByName("buffer")
	if !v.IsValid() || v.Kind() != reflect.Struct || v.NumField() != 1 || v.Type().Field(0).Type != reflect.TypeOf(bytes.Buffer{}) {
		return // only memory is at stake
	}
	buf := (*bytes.Buffer)(unsafe.Pointer(v.UnsafeAddr()))
	// A page object, its empty contents, two lines of the cross-reference
	// table and its reference in the page list: under 200 bytes (256 for
	// margin); the fonts and the rest, a few hundred kilobytes.
	buf.Grow(pages*256 + 2<<20)
}

// merger takes gofpdf's output, which gofpdf writes in one piece from
// its own buffer, and merges it with the pages taken as it comes: no
// copy of it is made.
type merger struct {
	merge func(raw []byte) error
	done  bool
}

func (m *merger) Write(p []byte) (int, error) {
	if m.done {
		return 0, errors.New("pdf: gofpdf wrote its document in pieces")
	}
	m.done = true
	if err := m.merge(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// pdfObject is an object of gofpdf's output: its number and where it is.
type pdfObject struct {
	num      int
	from, to int
}

// merge copies raw, a document gofpdf wrote, to w with the content
// stream of each page taken replaced by the page's own, and a new
// cross-reference table.
func (s *pageSpill) merge(raw []byte, w io.Writer) error {
	objs, xref, err := pdfObjects(raw)
	if err != nil {
		return err
	}
	trailer := bytes.Index(raw[xref:], []byte("trailer\n"))
	tail := bytes.LastIndex(raw, []byte("startxref\n"))
	if trailer < 0 || tail < xref+trailer {
		return errors.New("pdf: no trailer")
	}
	pw := &pdfWriter{cw: countingWriter{w: w}, offsets: make([]int64, len(objs)+1)}
	pw.cw.Write(raw[:objs[0].from])
	err = s.walk(raw, objs, func(o pdfObject, obj []byte, page int) error {
		pw.begin(o.num)
		if page > 0 {
			return s.putPage(&pw.cw, obj, o.num, o.num, page)
		}
		_, err := pw.cw.Write(obj)
		return err
	})
	if err != nil {
		return err
	}
	return pw.end(raw[xref+trailer : tail])
}

// walk hands put the objects of raw, a document gofpdf wrote, in the
// order written: page is 0, or for the content stream of a page taken,
// which gofpdf wrote empty, the page's number (from 1).
func (s *pageSpill) walk(raw []byte, objs []pdfObject, put func(o pdfObject, obj []byte, page int) error) error {
	content, page := -1, 0 // the next content stream to replace, and its page
	for _, o := range objs {
		obj := raw[o.from:o.to]
		if o.num == content {
			if err := put(o, obj, page); err != nil {
				return err
			}
			content = -1
			continue
		}
		if page < len(s.parts) && bytes.HasPrefix(obj, []byte(strconv.Itoa(o.num)+" 0 obj\n<</Type /Page\n")) {
			var err error
			if content, err = contentsOf(obj); err != nil {
				return err
			}
			page++
		}
		if err := put(o, obj, 0); err != nil {
			return err
		}
	}
	if page != len(s.parts) || content != -1 {
		return fmt.Errorf("pdf: %d pages taken, %d put back", len(s.parts), page)
	}
	return nil
}

// pdfWriter writes a document's objects and remembers where each is,
// for the cross-reference table that ends it.
type pdfWriter struct {
	cw      countingWriter
	offsets []int64 // offsets[n] is where object n starts
}

// begin notes that object num starts here.
func (pw *pdfWriter) begin(num int) {
	for len(pw.offsets) <= num {
		pw.offsets = append(pw.offsets, 0)
	}
	pw.offsets[num] = pw.cw.n
}

// end writes the cross-reference table, trailer (from "trailer" to
// before "startxref") and where the table is.
func (pw *pdfWriter) end(trailer []byte) error {
	cw := &pw.cw
	start := cw.n
	fmt.Fprintf(cw, "xref\n0 %d\n0000000000 65535 f \n", len(pw.offsets))
	for _, off := range pw.offsets[1:] {
		fmt.Fprintf(cw, "%010d 00000 n \n", off)
	}
	cw.Write(trailer)
	_, err := fmt.Fprintf(cw, "startxref\n%d\n%%%%EOF\n", start)
	return err
}

// putPage writes page's content stream as object out, in place of obj,
// which must be the empty page gofpdf wrote as object num.
func (s *pageSpill) putPage(w io.Writer, obj []byte, num, out, page int) error {
	const end = "\nendstream\nendobj\n"
	if string(obj) != strconv.Itoa(num)+" 0 obj\n<</Length 0>>\nstream\n"+end {
		return fmt.Errorf("pdf: page %d was drawn on after it was taken", page)
	}
	part := s.parts[page-1]
	fmt.Fprintf(w, "%d 0 obj\n<</Filter /FlateDecode /Length %d>>\nstream\n", out, part.n)
	if s.buf == nil {
		s.buf = make([]byte, 32<<10)
	}
	if _, err := io.CopyBuffer(w, io.NewSectionReader(s.f, part.off, part.n), s.buf); err != nil {
		return err
	}
	_, err := io.WriteString(w, end)
	return err
}

// contentsOf reads the number of a page object's content stream.
func contentsOf(obj []byte) (int, error) {
	const key = "/Contents "
	i := bytes.Index(obj, []byte(key))
	if i < 0 {
		return 0, errors.New("pdf: a page without contents")
	}
	rest := obj[i+len(key):]
	j := bytes.IndexByte(rest, ' ')
	if j < 0 {
		return 0, errors.New("pdf: a page without contents")
	}
	return strconv.Atoi(string(rest[:j]))
}

// pdfObjects reads the cross-reference table at the end of raw: the
// objects in the order they are written, and where the table starts.
func pdfObjects(raw []byte) ([]pdfObject, int, error) {
	tail := bytes.LastIndex(raw, []byte("startxref\n"))
	if tail < 0 {
		return nil, 0, errors.New("pdf: no startxref")
	}
	line, _, _ := bytes.Cut(raw[tail+len("startxref\n"):], []byte("\n"))
	xref, err := strconv.Atoi(string(line))
	if err != nil || xref < 0 || xref >= tail {
		return nil, 0, errors.New("pdf: bad startxref")
	}
	var count int
	if _, err := fmt.Sscanf(string(raw[xref:min(xref+32, len(raw))]), "xref\n0 %d\n", &count); err != nil || count < 2 {
		return nil, 0, errors.New("pdf: bad xref")
	}
	const entry = 20 // "0000012345 00000 n \n"
	table := bytes.IndexByte(raw[xref+5:], '\n') + xref + 6 + entry
	if table+(count-1)*entry > len(raw) {
		return nil, 0, errors.New("pdf: short xref")
	}
	objs := make([]pdfObject, count-1)
	for i := range objs {
		off, err := strconv.Atoi(string(raw[table+i*entry : table+i*entry+10]))
		if err != nil || off <= 0 || off >= xref {
			return nil, 0, errors.New("pdf: bad xref entry")
		}
		objs[i] = pdfObject{num: i + 1, from: off}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].from < objs[j].from })
	for i := range objs {
		objs[i].to = xref
		if i+1 < len(objs) {
			objs[i].to = objs[i+1].from
		}
	}
	return objs, xref, nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
