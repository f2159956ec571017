package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"testing"

	"scoresheet/internal/xtest"
	"scoresheet/sheet"
)

// A document of more games than a chunk is laid out in chunks joined
// into one: the same pages with the same words as one gofpdf document,
// a page tree node a chunk under one root, a cross-reference table
// whose every entry is where its object is, poppler reading it without
// a complaint, and no temporary file left.
func TestPDFJoinedChunks(t *testing.T) {
	games := append(append(roundGames(2), thousandGames()[:3]...), longGame(100, 9))
	defer func(n int) { pdfChunkGames = n }(pdfChunkGames)
	for _, forms := range []bool{false, true} {
		pdfChunkGames = len(games)
		one := writePDFBytes(t, forms, games)
		if bytes.Contains(one, []byte("/Parent 1 0 R\n/Kids")) {
			t.Fatal("a document of one chunk is joined")
		}
		oneFile := writeTemp(t, "one.pdf", one)
		for _, chunk := range []int{2, 4} {
			pdfChunkGames = chunk
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			joined := writePDFBytes(t, forms, games)
			if left, _ := filepathGlob(tmp); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
			name := fmt.Sprintf("forms %v, chunks of %d", forms, chunk)
			checkXref(t, name, joined)
			chunks := (len(games) + chunk - 1) / chunk
			if n := bytes.Count(joined, []byte("<</Type /Pages\n/Parent 1 0 R\n")); n != chunks {
				t.Errorf("%s: %d page tree nodes under the root, want %d", name, n, chunks)
			}
			file := writeTemp(t, "joined.pdf", joined)
			if got, want := pageCount(t, file), pageCount(t, oneFile); got != want {
				t.Errorf("%s: %d pages, want %d", name, got, want)
			}
			if got, want := runTool(t, "pdftotext", file, "-"), runTool(t, "pdftotext", oneFile, "-"); !bytes.Equal(got, want) {
				t.Errorf("%s: text differs from the document of one chunk", name)
			}
			if got, want := runTool(t, "pdffonts", file), runTool(t, "pdffonts", oneFile); !bytes.Equal(fontNames(got), fontNames(want)) {
				t.Errorf("%s: fonts\n%s\nwant\n%s", name, got, want)
			}
			if out, err := exec.Command(xtest.NeedTool(t, "pdfinfo"), file).CombinedOutput(); err != nil || bytes.Contains(out, []byte("rror")) {
				t.Errorf("%s: pdfinfo: %v\n%s", name, err, out)
			}
		}
	}
}

func writePDFBytes(t *testing.T, forms bool, games []sheet.Game) []byte {
	t.Helper()
	write := WritePDF
	if forms {
		write = WriteForms
	}
	var buf bytes.Buffer
	if err := write(&buf, testEvent, games, PDFOptions{CreationDate: &fixedDate}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fontNames are pdffonts' lines without the object numbers, each font
// once.
func fontNames(out []byte) []byte {
	seen := map[string]bool{}
	var names []byte
	for _, l := range bytes.Split(out, []byte("\n")) {
		f := bytes.Fields(l)
		if len(f) < 3 {
			continue
		}
		key := string(bytes.Join(f[:len(f)-2], []byte(" ")))
		if !seen[key] {
			seen[key] = true
			names = append(names, key+"\n"...)
		}
	}
	return names
}

// checkXref fails unless every entry of the cross-reference table is
// where its object starts.
func checkXref(t *testing.T, name string, raw []byte) {
	t.Helper()
	objs, _, err := pdfObjects(raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, o := range objs {
		if !bytes.HasPrefix(raw[o.from:], fmt.Appendf(nil, "%d 0 obj\n", o.num)) {
			t.Errorf("%s: object %d is not at %d", name, o.num, o.from)
		}
	}
}

// failAfter is a writer that fails once n bytes are written.
type failAfter struct{ n int }

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// A write that fails part way, with chunks, spooled rows and sheets
// written, is an error and leaves no temporary file.
func TestWriteFailsPartWay(t *testing.T) {
	defer func(n, m int) { pdfChunkGames, spoolChunk = n, m }(pdfChunkGames, spoolChunk)
	pdfChunkGames = 100
	spoolChunk = 2
	games := append(roundGames(4), thousandGames()[:3]...)
	writes := map[string]func(w io.Writer) error{
		"pdf":   func(w io.Writer) error { return WritePDF(w, testEvent, games, PDFOptions{}) },
		"forms": func(w io.Writer) error { return WriteForms(w, testEvent, games, PDFOptions{}) },
		"pdf in chunks": func(w io.Writer) error {
			pdfChunkGames = 2
			defer func() { pdfChunkGames = 100 }()
			return WritePDF(w, testEvent, games, PDFOptions{})
		},
		"xlsx": func(w io.Writer) error { return WriteXLSX(w, testEvent, games, XLSXOptions{}) },
	}
	for name, write := range writes {
		var whole bytes.Buffer
		if err := write(&whole); err != nil {
			t.Fatal(err)
		}
		for _, at := range []int{100, whole.Len() / 2, whole.Len() - 10} {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			var we *WriteError
			if err := write(&failAfter{n: at}); !errors.As(err, &we) {
				t.Errorf("%s failing after %d bytes: %v", name, at, err)
			}
			if left, _ := filepathGlob(tmp); len(left) != 0 {
				t.Errorf("%s failing after %d bytes left behind: %v", name, at, left)
			}
		}
	}
}
