package export

import (
	"bytes"
	"errors"
	"testing"
)

// Taking the finished pages out of gofpdf and putting them back as the
// document is written gives the bytes gofpdf writes with every page in
// memory, and leaves no temporary file.
func TestPDFPagesTakenSameBytes(t *testing.T) {
	games := append(append(roundGames(2), thousandGames()[:3]...), longGame(100, 9))
	opt := PDFOptions{CreationDate: &fixedDate}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var taken bytes.Buffer
	if err := WritePDF(&taken, testEvent, games, opt); err != nil {
		t.Fatal(err)
	}
	d := newDoc(opt, false)
	if pageBoxes(d.pdf) == nil {
		t.Error("gofpdf's page boxes not reached: every page taken keeps its map")
	}
	for i := range games {
		d.filledSheet(testEvent, analyse(testEvent, &games[i], opt.Notation, opt.Notes))
	}
	if d.pdf.PageNo() < len(games)+1 {
		t.Fatalf("%d pages: the test wants a game of more than one", d.pdf.PageNo())
	}
	var kept bytes.Buffer
	if err := d.pdf.Output(&kept); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(taken.Bytes(), kept.Bytes()) {
		t.Errorf("pages taken: %d bytes, kept: %d bytes, not the same", taken.Len(), kept.Len())
	}
	if left, _ := filepathGlob(tmp); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A page drawn on after it was taken is an error, never a page that
// lacks what was drawn.
func TestPDFPageDrawnAfterTaken(t *testing.T) {
	o := newPDFOut(&bytes.Buffer{}, PDFOptions{}, true, 2)
	defer o.Close()
	for _, g := range roundGames(2) {
		o.d.blankForm(testEvent, &g, 0)
	}
	if err := o.spill.take(o.d.pdf); err != nil || len(o.spill.parts) != 1 {
		t.Fatalf("took %d pages: %v", len(o.spill.parts), err)
	}
	o.d.pdf.SetPage(1)
	o.d.pdf.Line(0, 0, 10, 10)
	o.d.pdf.SetPage(2)
	o.n = 2
	var we *WriteError
	err := o.finish(nil)
	if !errors.As(err, &we) || we.Code != "export-pdf" {
		t.Fatalf("got %v, want an export-pdf error", err)
	}
}
