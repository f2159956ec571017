package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
)

// With its pages taken (pdf_spill.go) gofpdf still keeps some hundred
// bytes a page until it writes the document (page sizes, the objects'
// offsets), and writes the whole document, a page object and an empty
// content stream a page, into a buffer before handing it over: 25 MB
// for the 100,000 pages of 50,000 games' forms, growing with the pages.
// So a long document is laid out by one gofpdf document after another,
// each of pdfChunkGames games, and pdfJoin writes their objects as each
// is done into one document: each chunk's objects numbered after the
// chunk before's, each chunk's page tree a node under one root, the
// first chunk's information dictionary and catalog at the end. What
// stays in memory is an offset an object. Each chunk embeds the subsets
// of the fonts it uses: some ten kilobytes more a chunk.
//
// A document of no more than pdfChunkGames games is one gofpdf document,
// written as gofpdf writes it.

// pdfChunkGames is how many games a gofpdf document lays out: a few
// thousand pages. A variable for the tests.
var pdfChunkGames = 2000

// pdfJoin writes one document of the documents of its chunks.
type pdfJoin struct {
	pw    pdfWriter
	base  int   // a chunk's object k is the document's object base+k
	kids  []int // the chunks' page tree nodes
	pages int
	// The first chunk's header, information dictionary and catalog, as
	// gofpdf wrote them.
	header, info, catalog []byte
}

// The document's object 1 is the root of its page tree; the first
// chunk's objects follow.
const pdfRoot = 1

func newPDFJoin(w io.Writer) *pdfJoin {
	return &pdfJoin{pw: pdfWriter{cw: countingWriter{w: w}, offsets: make([]int64, pdfRoot+1)}, base: pdfRoot}
}

// add writes the objects of raw, the document gofpdf wrote of a chunk
// whose pages are in s, but for its information dictionary and catalog.
func (j *pdfJoin) add(s *pageSpill, raw []byte) error {
	objs, xref, err := pdfObjects(raw)
	if err != nil {
		return err
	}
	// gofpdf writes the information dictionary and the catalog last.
	info, root := trailerRef(raw[xref:], "/Info "), trailerRef(raw[xref:], "/Root ")
	if info != len(objs)-1 || root != len(objs) {
		return errors.New("pdf: a chunk's catalog is not its last object")
	}
	first := j.kids == nil
	if first {
		j.header = bytes.Clone(raw[:objs[0].from])
		j.pw.cw.Write(j.header)
	} else if !bytes.Equal(raw[:objs[0].from], j.header) {
		// The PDF version, which the first chunk wrote, is the same for all.
		return errors.New("pdf: chunks of different PDF versions")
	}
	num := func(k int) int { return j.base + k }
	err = s.walk(raw, objs, func(o pdfObject, obj []byte, page int) error {
		switch {
		case o.num == info || o.num == root:
			if first {
				kept := bytes.Clone(obj)
				if o.num == info {
					j.info = kept
				} else {
					j.catalog = kept
				}
			}
			return nil
		case page > 0:
			j.pw.begin(num(o.num))
			return s.putPage(&j.pw.cw, obj, o.num, num(o.num), page)
		}
		head, stream, err := renumber(obj, num(o.num), num)
		if err == nil && o.num == 1 {
			head, err = withParent(head)
		}
		if err != nil {
			return err
		}
		j.pw.begin(num(o.num))
		j.pw.cw.Write(head)
		_, err = j.pw.cw.Write(stream)
		return err
	})
	if err != nil {
		return err
	}
	j.kids = append(j.kids, num(1))
	j.pages += len(s.parts)
	j.base += len(objs) - 2
	return nil
}

// finish writes the root of the page tree, the first chunk's
// information dictionary and catalog, and the cross-reference table.
func (j *pdfJoin) finish() error {
	if j.kids == nil {
		return errors.New("pdf: no chunk to join")
	}
	cw := &j.pw.cw
	j.pw.begin(pdfRoot)
	fmt.Fprintf(cw, "%d 0 obj\n<</Type /Pages\n/Kids [", pdfRoot)
	for _, k := range j.kids {
		fmt.Fprintf(cw, "%d 0 R ", k)
	}
	fmt.Fprintf(cw, "]\n/Count %d\n>>\nendobj\n", j.pages)
	info, root := j.base+1, j.base+2
	// The first chunk's numbering: its page tree is the document's root.
	first := func(k int) int {
		if k == 1 {
			return pdfRoot
		}
		return pdfRoot + k
	}
	for _, o := range []struct {
		num int
		obj []byte
		ref func(int) int
	}{{info, j.info, nil}, {root, j.catalog, first}} {
		head, rest, err := renumber(o.obj, o.num, o.ref)
		if err != nil {
			return err
		}
		j.pw.begin(o.num)
		cw.Write(head)
		cw.Write(rest)
	}
	return j.pw.end(fmt.Appendf(nil, "trailer\n<<\n/Size %d\n/Root %d 0 R\n/Info %d 0 R\n>>\n", root+1, root, info))
}

// trailerRef reads the object number after key ("/Root ") in the
// trailer of a document, from its cross-reference table on; 0 if none.
func trailerRef(tail []byte, key string) int {
	_, rest, ok := bytes.Cut(tail, []byte("trailer\n"))
	_, rest, ok2 := bytes.Cut(rest, []byte(key))
	if !ok || !ok2 {
		return 0
	}
	n, _, _ := bytes.Cut(rest, []byte(" "))
	k, _ := strconv.Atoi(string(n))
	return k
}

// pdfRef is a reference to an object ("12 0 R") in a dictionary.
var pdfRef = regexp.MustCompile(`\b(\d+) 0 R\b`)

// renumber returns obj, an object gofpdf wrote, as object num, with
// each reference in its dictionary to object k made one to ref(k) (none
// changed when ref is nil): its number and dictionary made again (head)
// and the rest of obj, a stream's data and the end, as it is. gofpdf's
// dictionaries hold no strings but in the information dictionary,
// whose references are never changed.
func renumber(obj []byte, num int, ref func(int) int) (head, rest []byte, err error) {
	n, body, ok := bytes.Cut(obj, []byte(" 0 obj\n"))
	if _, err := strconv.Atoi(string(n)); !ok || err != nil {
		return nil, nil, errors.New("pdf: an object without its number")
	}
	head = fmt.Appendf(nil, "%d 0 obj\n", num)
	if ref == nil {
		return head, body, nil
	}
	dict := body
	if i := bytes.Index(body, []byte("\nstream\n")); i >= 0 {
		dict, rest = body[:i], body[i:]
	}
	head = append(head, pdfRef.ReplaceAllFunc(dict, func(r []byte) []byte {
		k, _ := strconv.Atoi(string(r[:bytes.IndexByte(r, ' ')]))
		return fmt.Appendf(nil, "%d 0 R", ref(k))
	})...)
	return head, rest, nil
}

// withParent puts a chunk's page tree, its object 1 (head, as renumber
// returns it), under the root.
func withParent(obj []byte) ([]byte, error) {
	const node = "<</Type /Pages\n"
	i := bytes.Index(obj, []byte(node))
	if i < 0 {
		return nil, errors.New("pdf: a chunk's object 1 is not its page tree")
	}
	i += len(node)
	return append(append(bytes.Clone(obj[:i]), fmt.Sprintf("/Parent %d 0 R\n", pdfRoot)...), obj[i:]...), nil
}
