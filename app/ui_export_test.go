package app

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"scoresheet/locales"
)

// TestWindowExportSaveDialog: the save dialog of a PDF export shows the
// preview (or says in the UI language why there is none), proposes a
// file beside the event and saves it whole.
func TestWindowExportSaveDialog(t *testing.T) {
	m, s := newTestWindow(t)
	job, err := s.PrepareExport(FormatPDF, ScopeGame, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := job.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	sd := m.saveExport(job, data, image.NewRGBA(image.Rect(0, 0, 210, 297)), nil)
	if _, ok := sd.preview.(*canvas.Image); !ok {
		t.Fatalf("preview is %T, want an image", sd.preview)
	}
	want := filepath.Join(filepath.Dir(s.Store().Path()), "Test Open-r1-b1.pdf")
	if sd.path.Text != want {
		t.Fatalf("proposed %q, want %q", sd.path.Text, want)
	}
	sd.kd.dismiss()
	m.writeExport(sd.path.Text, job.Format(), data)
	if got, err := os.ReadFile(want); err != nil || string(got[:5]) != "%PDF-" {
		t.Fatalf("saved file: %v %q", err, got[:min(5, len(got))])
	}

	SetLanguage("de")
	sd = m.saveExport(job, data, nil, ErrNoPreviewer)
	l, ok := sd.preview.(*widget.Label)
	if !ok || l.Text != T("ui.export.nopreview") || l.Text == locales.Text(locales.Default, "ui.export.nopreview") {
		t.Fatalf("without pdftoppm the dialog shows %T %v", sd.preview, sd.preview)
	}
	sd.kd.dismiss()
}
