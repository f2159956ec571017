package app

import (
	"image"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	format, paper, notation *dialogSelect
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
		format:   newDialogSelect(m, formatNames()),
		paper:    newDialogSelect(m, paperNames()),
		notation: newDialogSelect(m, notationNames()),
	}
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
// shows the first page of a PDF and saves where the arbiter says. The
// dialog is wide enough for the longest format's name.
func (m *mainWindow) exportScope(scope ExportScope) *keyDialog {
	c := m.newExportChoice()
	form := widget.NewForm(
		widget.NewFormItem(T("ui.export.format"), c.format),
		widget.NewFormItem(T("ui.export.paper"), c.paper),
		widget.NewFormItem(T("ui.export.notation"), c.notation),
	)
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.export."+string(scope)), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: form, focus: c.format, minWidth: 520,
		ok: func() error {
			c.remember(m.app.Preferences())
			m.runExport(scope, c.Format(), c.Options())
			return nil
		},
	})
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
// the event file's (eventDir).
func (m *mainWindow) exportDir() string {
	if m.lastExportDir != "" {
		return m.lastExportDir
	}
	return m.eventDir()
}

// saveDialog is the dialog that saves an export: the preview of a PDF's
// first page (or why there is none), the file, Save and Cancel.
type saveDialog struct {
	kd      *keyDialog
	path    *dialogEntry
	preview fyne.CanvasObject // the page's image, or a label
}

// saveExport shows the save dialog: the file's path has the focus, its
// end (the file's name) in view; Enter saves, Escape cancels.
func (m *mainWindow) saveExport(job *ExportJob, data []byte, img image.Image, previewErr error) *saveDialog {
	sd := &saveDialog{path: newDialogEntry(m, filepath.Join(m.exportDir(), job.FileName()))}
	fileRow := m.pathRow(sd.path)
	var content fyne.CanvasObject = fileRow
	width, _ := previewSize(m.win.Canvas().Size())
	if job.Format().IsPDF() {
		page := fyne.CanvasObject(nil)
		switch {
		case img != nil:
			p := newPagePreview(img, m.win.Canvas().Size())
			sd.preview, page = p.img, p.scroll
		default:
			sd.preview = wrapped(widget.NewLabel(T("ui.export.previewfailed", map[string]any{"Error": errText(previewErr)})))
		}
		if page == nil {
			page = sd.preview
		}
		content = container.NewBorder(widget.NewLabel(T("ui.export.preview")), fileRow, nil, nil, page)
	}
	sd.kd = m.showDialog(dialogSpec{
		title: T("ui.export.savetitle"), okText: T("ui.export.save"), cancelText: T("ui.cancel"),
		content: content, focus: sd.path, minWidth: width,
		ok: func() error {
			m.writeExport(sd.path.Text, job.Format(), data)
			return nil
		},
	})
	sd.path.CursorColumn = len([]rune(sd.path.Text))
	sd.path.Refresh()
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
		m.showDialog(dialogSpec{
			title: T("ui.export.savetitle"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
			content: wrapped(widget.NewLabel(T("ui.export.overwrite", map[string]any{"Path": path}))), minWidth: 420,
			ok: func() error { write(); return nil },
		})
		return
	}
	write()
}
