package app

import (
	"errors"
	"image"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"scoresheet/export"
	"scoresheet/rules"
)

const (
	prefExportFormat   = "export.format"
	prefExportPaper    = "export.paper"
	prefExportNotation = "export.notation"
)

// exportChoice is what the export dialog asks: format, paper, notation.
type exportChoice struct {
	format   *widget.Select
	paper    *widget.RadioGroup
	notation *widget.Select
}

func formatNames() []string {
	var out []string
	for _, f := range ExportFormats {
		out = append(out, T("ui.export.format."+string(f)))
	}
	return out
}

func paperNames() []string { return []string{T("ui.export.paper.a4"), T("ui.export.paper.letter")} }

// newExportChoice makes the dialog's fields with the last choices.
func (m *mainWindow) newExportChoice() *exportChoice {
	p := m.app.Preferences()
	c := &exportChoice{
		format:   widget.NewSelect(formatNames(), nil),
		paper:    widget.NewRadioGroup(paperNames(), nil),
		notation: widget.NewSelect(notationNames(), nil),
	}
	c.paper.Horizontal = true
	c.paper.Required = true
	c.format.OnChanged = func(string) {
		f := c.Format()
		if f.IsPDF() {
			c.paper.Enable()
		} else {
			c.paper.Disable()
		}
		if f == FormatPDF || f == FormatXLSX {
			c.notation.Enable()
		} else {
			c.notation.Disable()
		}
	}
	c.paper.SetSelected(paperNames()[min(max(p.IntWithFallback(prefExportPaper, 0), 0), 1)])
	c.notation.SetSelectedIndex(min(max(p.IntWithFallback(prefExportNotation, 0), 0), len(notationNames())-1))
	c.format.SetSelectedIndex(min(max(p.IntWithFallback(prefExportFormat, 0), 0), len(ExportFormats)-1))
	return c
}

func (c *exportChoice) Format() ExportFormat {
	return ExportFormats[max(c.format.SelectedIndex(), 0)]
}

func (c *exportChoice) Options() ExportOptions {
	o := ExportOptions{Lang: Language()}
	if c.paper.Selected == paperNames()[1] {
		o.Paper = export.Letter
	}
	if i := c.notation.SelectedIndex(); i <= 0 {
		o.Notation = rules.FigurineNotation
	} else {
		o.Notation = rules.Notation{Letters: rules.Languages()[i-1]}
	}
	return o
}

func (c *exportChoice) remember(p fyne.Preferences) {
	p.SetInt(prefExportFormat, max(c.format.SelectedIndex(), 0))
	paper := 0
	if c.paper.Selected == paperNames()[1] {
		paper = 1
	}
	p.SetInt(prefExportPaper, paper)
	p.SetInt(prefExportNotation, max(c.notation.SelectedIndex(), 0))
}

// exportScope asks for the format, paper and notation, then exports the
// game, its round or the event off the UI thread with a progress bar,
// shows the first page of a PDF and saves where the arbiter says.
func (m *mainWindow) exportScope(scope ExportScope) {
	c := m.newExportChoice()
	items := []*widget.FormItem{
		widget.NewFormItem(T("ui.export.format"), c.format),
		widget.NewFormItem(T("ui.export.paper"), c.paper),
		widget.NewFormItem(T("ui.export.notation"), c.notation),
	}
	dialog.ShowForm(T("ui.menu.export."+string(scope)), T("ui.ok"), T("ui.cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		c.remember(m.app.Preferences())
		m.runExport(scope, c.Format(), c.Options())
	}, m.win)
}

// runExport makes the export off the UI thread, then offers to save it.
func (m *mainWindow) runExport(scope ExportScope, format ExportFormat, opt ExportOptions) {
	job, err := m.s.PrepareExport(format, scope, opt)
	if err != nil {
		m.showErr(err)
		return
	}
	var (
		data       []byte
		img        image.Image
		previewErr error
	)
	m.progress(T("ui.menu.export."+string(scope)), func(report func(int, int)) error {
		var err error
		data, err = job.Run(report)
		if err == nil && format.IsPDF() {
			img, previewErr = Preview(data)
		}
		return err
	}, func(err error) {
		if err != nil {
			m.showErr(err)
			return
		}
		m.saveExport(job, data, img, previewErr)
	})
}

// exportDir is the folder exports are saved in: the last one used, else
// the event file's.
func (m *mainWindow) exportDir() string {
	if m.lastExportDir != "" {
		return m.lastExportDir
	}
	return filepath.Dir(m.s.Store().Path())
}

// saveDialog is the dialog that saves an export: the preview of a PDF's
// first page (or why there is none), the file, Save and Cancel.
type saveDialog struct {
	d       *dialog.ConfirmDialog
	path    *widget.Entry
	preview fyne.CanvasObject // the page's image, or a label
}

func (m *mainWindow) saveExport(job *ExportJob, data []byte, img image.Image, previewErr error) *saveDialog {
	sd := &saveDialog{path: widget.NewEntry()}
	sd.path.SetText(filepath.Join(m.exportDir(), job.FileName()))
	fileRow := m.pathRow(sd.path)
	var content fyne.CanvasObject = fileRow
	if job.Format().IsPDF() {
		switch {
		case img != nil:
			ci := canvas.NewImageFromImage(img)
			ci.FillMode = canvas.ImageFillContain
			b := img.Bounds()
			h := float32(420)
			ci.SetMinSize(fyne.NewSize(h*float32(b.Dx())/float32(b.Dy()), h))
			sd.preview = ci
		case errors.Is(previewErr, ErrNoPreviewer):
			sd.preview = widget.NewLabel(T("ui.export.nopreview"))
		default:
			sd.preview = widget.NewLabel(T("ui.export.previewfailed", map[string]any{"Error": errText(previewErr)}))
		}
		content = container.NewBorder(widget.NewLabel(T("ui.export.preview")), fileRow, nil, nil, container.NewCenter(sd.preview))
	}
	sd.d = dialog.NewCustomConfirm(T("ui.export.savetitle"), T("ui.export.save"), T("ui.cancel"), content, func(ok bool) {
		if ok {
			m.writeExport(sd.path.Text, job.Format(), data)
		}
	}, m.win)
	sd.d.Show()
	m.lastSave = sd
	return sd
}

// writeExport saves an export, asking first before replacing a file; a
// file an export may not replace (CheckExportPath) is refused at once.
func (m *mainWindow) writeExport(path string, format ExportFormat, data []byte) {
	if path == "" {
		return
	}
	if err := CheckExportPath(path, format); err != nil {
		m.showErr(err)
		return
	}
	write := func() {
		if err := SaveExport(path, format, data); err != nil {
			m.showErr(err)
			return
		}
		m.lastExportDir = filepath.Dir(path)
		m.status.SetText(T("ui.export.saved", map[string]any{"Path": path}))
	}
	if _, err := os.Stat(path); err == nil {
		dialog.ShowConfirm(T("ui.export.savetitle"), T("ui.export.overwrite", map[string]any{"Path": path}), func(ok bool) {
			if ok {
				write()
			}
		}, m.win)
		return
	}
	write()
}
