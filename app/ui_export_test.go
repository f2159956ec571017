package app

import (
	"image"
	"os"
	"os/exec"
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
	job, data, sd := exportToSave(t, m, s, FormatPDF, ScopeGame, ExportOptions{})
	if _, ok := sd.preview.(*canvas.Image); !ok {
		t.Fatalf("preview is %T, want an image", sd.preview)
	}
	want := filepath.Join(filepath.Dir(s.Store().Location()), "Test Open-r1-b1.pdf")
	if sd.path.Text != want {
		t.Fatalf("proposed %q, want %q", sd.path.Text, want)
	}
	sd.kd.dismiss()
	m.writeExport(sd.path.Text, job.Format(), data)
	if got, err := os.ReadFile(want); err != nil || string(got[:5]) != "%PDF-" {
		t.Fatalf("saved file: %v %q", err, got[:min(5, len(got))])
	}

	SetLanguage("de")
	_, perr := Preview([]byte("%PDF-1.4 no page"))
	sd = m.saveExport(job, data, nil, perr)
	l, ok := sd.preview.(*widget.Label)
	if !ok || perr == nil || l.Text != T("ui.export.previewfailed", map[string]any{"Error": errText(perr)}) || l.Text == locales.Text(locales.Default, "ui.export.previewfailed") {
		t.Fatalf("a preview that failed (%v): the dialog shows %T %v", perr, sd.preview, sd.preview)
	}
	sd.kd.dismiss()
}

// TestWindowExportPreviewWithoutPdftoppm exports the game as a PDF with
// no program on PATH (pdftoppm and every other): the save dialog shows
// the first page, drawn by the app, the paper's shape, with ink on it.
func TestWindowExportPreviewWithoutPdftoppm(t *testing.T) {
	m, s := newTestWindow(t)
	typeWords(t, s, germanCells)
	t.Setenv("PATH", t.TempDir())
	if _, err := exec.LookPath("pdftoppm"); err == nil {
		t.Fatal("pdftoppm is still found")
	}
	m.runExport(ScopeGame, FormatPDF, ExportOptions{})
	m.busy.Wait() // the export, then its save dialog
	sd := m.lastSave
	if sd == nil {
		t.Fatal("no save dialog")
	}
	img, ok := sd.preview.(*canvas.Image)
	if !ok {
		t.Fatalf("the preview is %T %v, want the page", sd.preview, sd.preview)
	}
	b := img.Image.Bounds()
	if r := float64(b.Dx()) / float64(b.Dy()); r < 0.70 || r > 0.71 { // A4: 210/297
		t.Errorf("the page is %dx%d", b.Dx(), b.Dy())
	}
	if dark := darkShare(img.Image); dark < 0.01 || dark > 0.2 {
		t.Errorf("%.3f of the page is dark: not a scoresheet", dark)
	}
	sd.kd.dismiss()
}

// darkShare is the share of an image's pixels darker than mid grey.
func darkShare(img image.Image) float64 {
	b := img.Bounds()
	dark := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r+g+bl < 3*0x8000 {
				dark++
			}
		}
	}
	return float64(dark) / float64(b.Dx()*b.Dy())
}

// exportToSave runs an export of the window's session and opens its save
// dialog with a blank page for the preview.
func exportToSave(t *testing.T, m *mainWindow, s *Session, f ExportFormat, scope ExportScope, opt ExportOptions) (*ExportJob, []byte, *saveDialog) {
	t.Helper()
	job, err := s.PrepareExport(f, scope, opt)
	if err != nil {
		t.Fatal(err)
	}
	data, err := job.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	return job, data, m.saveExport(job, data, image.NewRGBA(image.Rect(0, 0, 210, 297)), nil)
}
