package app

import (
	"errors"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/export"
	"scoresheet/locales"
)

// TestWindowExportSaveDialog: OK in the export dialog shows the save
// dialog with the first page of the PDF before any export is written; it
// proposes a file beside the event, and Save writes the export there
// whole. A preview that failed is said in the UI language, and the file
// can still be saved.
func TestWindowExportSaveDialog(t *testing.T) {
	m, s := newTestWindow(t)
	m.runExport(session.ScopeGame, session.FormatPDF, session.ExportOptions{})
	m.busy.Wait() // the first page drawn, then the save dialog
	sd := m.lastSave
	if sd == nil {
		t.Fatal("no save dialog")
	}
	if _, ok := sd.preview.(*canvas.Image); !ok {
		t.Fatalf("preview is %T, want an image", sd.preview)
	}
	want := filepath.Join(filepath.Dir(s.Store().Location()), "Test Open-r1-b1.pdf")
	if sd.path.Text != want {
		t.Fatalf("proposed %q, want %q", sd.path.Text, want)
	}
	if _, err := os.Stat(want); err == nil {
		t.Fatal("the export was written before Save")
	}
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait() // the export
	noDialog(t, m, "saved")
	if got, err := os.ReadFile(want); err != nil || string(got[:5]) != "%PDF-" {
		t.Fatalf("saved file: %v %q", err, got[:min(5, len(got))])
	}

	SetLanguage("de")
	job, err := s.PrepareExport(session.FormatPDF, session.ScopeGame, session.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	perr := &export.WriteError{Code: "export-pdf", Err: errors.New("a page that did not draw")}
	sd = m.saveExport(job, nil, perr)
	l, ok := sd.preview.(*widget.Label)
	if !ok || l.Text != T("ui.export.previewfailed", map[string]any{"Error": errText(perr)}) || l.Text == locales.Text(locales.Default, "ui.export.previewfailed") {
		t.Fatalf("a preview that failed (%v): the dialog shows %T %v", perr, sd.preview, sd.preview)
	}
	os.Remove(want)
	typeKey(m, fyne.KeyReturn)
	m.busy.Wait()
	if got, err := os.ReadFile(want); err != nil || string(got[:5]) != "%PDF-" {
		t.Fatalf("saved without a preview: %v %q", err, got[:min(5, len(got))])
	}
}

// TestWindowExportPreviewWithoutPdftoppm previews each PDF of the game
// with no program on PATH (pdftoppm and every other): the save dialog
// shows the first page, drawn by the app, the paper's shape, with ink on
// it.
func TestWindowExportPreviewWithoutPdftoppm(t *testing.T) {
	m, s := newTestWindow(t)
	sessiontest.Type(t, s, sessiontest.GermanCells)
	t.Setenv("PATH", t.TempDir())
	if _, err := exec.LookPath("pdftoppm"); err == nil {
		t.Fatal("pdftoppm is still found")
	}
	for _, f := range []session.ExportFormat{session.FormatPDF, session.FormatForms, session.FormatResults} {
		m.lastSave = nil
		m.runExport(session.ScopeGame, f, session.ExportOptions{})
		m.busy.Wait() // the first page, then the save dialog
		sd := m.lastSave
		if sd == nil {
			t.Fatalf("%s: no save dialog", f)
		}
		img, ok := sd.preview.(*canvas.Image)
		if !ok {
			t.Fatalf("%s: the preview is %T %v, want the page", f, sd.preview, sd.preview)
		}
		b := img.Image.Bounds()
		if r := float64(b.Dx()) / float64(b.Dy()); r < 0.70 || r > 0.71 { // A4: 210/297
			t.Errorf("%s: the page is %dx%d", f, b.Dx(), b.Dy())
		}
		if dark := darkShare(img.Image); dark < 0.001 || dark > 0.2 { // a results list of one board: 0.3%
			t.Errorf("%s: %.3f of the page is dark: not a page of it", f, dark)
		}
		sd.kd.dismiss()
	}
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

// exportToSave prepares an export of the window's session and opens its
// save dialog with a blank page for the preview.
func exportToSave(t *testing.T, m *mainWindow, s *session.Session, f session.ExportFormat, scope session.ExportScope, opt session.ExportOptions) (*session.ExportJob, *saveDialog) {
	t.Helper()
	job, err := s.PrepareExport(f, scope, opt)
	if err != nil {
		t.Fatal(err)
	}
	return job, m.saveExport(job, image.NewRGBA(image.Rect(0, 0, 210, 297)), nil)
}

// formLabel returns the colour of the label of a form's field named text.
func formLabel(t *testing.T, form *widget.Form, text string) color.Color {
	t.Helper()
	var c color.Color
	walk(form, func(o fyne.CanvasObject) {
		if l, ok := o.(*canvas.Text); ok && l.Text == text {
			c = l.Color
		}
	})
	if c == nil {
		t.Fatalf("no label %q in the form", text)
	}
	return c
}

// Issue 24, defect 8: the export dialog's Paper and Notation labels
// stayed grey after a PDF format enabled them (the form greys a label
// only when refreshed); and went grey only then when PGN disabled them.
func TestWindowExportLabelsFollowTheirFields(t *testing.T) {
	m, _ := newTestWindow(t)
	m.app.Preferences().SetInt(prefExportFormat, 0) // PGN: paper and notation disabled
	m.exportScope(session.ScopeGame)
	var form *widget.Form
	walk(m.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if f, ok := o.(*widget.Form); ok {
			form = f
		}
	})
	if form == nil {
		t.Fatal("no form in the export dialog")
	}
	ec := &exportChoice{format: form.Items[0].Widget.(*dialogSelect),
		paper: form.Items[1].Widget.(*dialogSelect), notation: form.Items[2].Widget.(*dialogSelect)}
	grey, ink := theme.Color(theme.ColorNameDisabled), theme.Color(theme.ColorNameForeground)
	paper, notation := T("ui.export.paper"), T("ui.export.notation")
	for _, step := range []struct {
		format     session.ExportFormat
		paper, not color.Color
	}{
		{session.FormatPGN, grey, grey}, {session.FormatPDF, ink, ink}, {session.FormatForms, ink, grey}, {session.FormatXLSX, grey, ink}, {session.FormatPGN, grey, grey},
	} {
		ec.format.SetSelectedIndex(slices.Index(session.ExportFormats, step.format))
		if ec.Format() != step.format {
			t.Fatalf("chose %s, got %s", step.format, ec.Format())
		}
		if got := formLabel(t, form, paper); got != step.paper {
			t.Errorf("%s: Paper's label %v, want %v (disabled %v)", step.format, got, step.paper, ec.paper.Disabled())
		}
		if got := formLabel(t, form, notation); got != step.not {
			t.Errorf("%s: Notation's label %v, want %v (disabled %v)", step.format, got, step.not, ec.notation.Disabled())
		}
	}
}
