package app

import (
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/core"
	"scoresheet/app/session"
	"scoresheet/export"
	"scoresheet/rules"
	"scoresheet/trf"
)

const (
	prefExportFormat   = "export.format"
	prefExportPaper    = "export.paper"
	prefExportNotation = "export.notation"
)

// exportChoice is what the export dialog asks: format, paper, notation.
type exportChoice struct {
	format, paper, notation *dialogSelect
	// form shows them; it greys a field's label only when it is
	// refreshed, so it is refreshed when a format enables or disables
	// paper and notation (they stayed grey after a PDF format enabled
	// them).
	form *widget.Form
}

func formatNames() []string {
	var out []string
	for _, f := range session.ExportFormats {
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
		if f == session.FormatPDF || f == session.FormatXLSX {
			c.notation.Enable()
		} else {
			c.notation.Disable()
		}
		c.form.Refresh()
	}
	c.paper.SetSelected(paperNames()[min(max(p.IntWithFallback(prefExportPaper, 0), 0), 1)])
	c.notation.SetSelectedIndex(min(max(p.IntWithFallback(prefExportNotation, 0), 0), len(notationNames())-1))
	c.form = widget.NewForm(
		widget.NewFormItem(T("ui.export.format"), c.format),
		widget.NewFormItem(T("ui.export.paper"), c.paper),
		widget.NewFormItem(T("ui.export.notation"), c.notation),
	)
	c.format.SetSelectedIndex(min(max(p.IntWithFallback(prefExportFormat, 0), 0), len(session.ExportFormats)-1))
	return c
}

func (c *exportChoice) Format() session.ExportFormat {
	return session.ExportFormats[max(c.format.SelectedIndex(), 0)]
}

func (c *exportChoice) Options() session.ExportOptions {
	o := session.ExportOptions{Lang: Language()}
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

// exportScope asks for the format, paper and notation, then offers to
// save the game, its round or the event, a PDF with its first page shown
// first; the export runs when the arbiter saves. The dialog is wide
// enough for the longest format's name.
func (m *mainWindow) exportScope(scope session.ExportScope) *keyDialog {
	c := m.newExportChoice()
	return m.showDialog(dialogSpec{
		title: strings.TrimSuffix(T("ui.menu.export."+string(scope)), "…"), okText: T("ui.ok"), cancelText: T("ui.cancel"),
		content: c.form, focus: c.format, minWidth: 520,
		ok: func() error {
			c.remember(m.app.Preferences())
			m.runExport(scope, c.Format(), c.Options())
			return nil
		},
	})
}

// runExport prepares the export and shows the save dialog: for a PDF,
// once its first page is drawn off the UI thread from the page's layout
// (ExportJob.Preview: no PDF is made, only the games that page shows are
// read). A scope with no games is said at once.
func (m *mainWindow) runExport(scope session.ExportScope, format session.ExportFormat, opt session.ExportOptions) {
	job, err := m.s.PrepareExport(format, scope, opt)
	if err != nil {
		m.showErr(err)
		return
	}
	if format == session.FormatTRF {
		// What the TRF will say (results written, points counted again) is
		// said in the save dialog: the file is made first (one small file,
		// made again when saved).
		m.runTRF(scope, job)
		return
	}
	if !format.IsPDF() {
		m.saveExport(job, nil, nil)
		return
	}
	var img image.Image
	m.progress(T("ui.menu.export."+string(scope)), func(report func(int, int)) error {
		var err error
		img, err = job.Preview(report)
		return err
	}, func(err error) {
		var xe *session.ExportError
		if errors.As(err, &xe) {
			m.showErr(err) // nothing to export
			return
		}
		m.saveExport(job, img, err)
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
// end (the file's name) in view; Enter saves, Escape cancels. A PDF's
// dialog shows img, its first page, or why there is none (previewErr).
func (m *mainWindow) saveExport(job *session.ExportJob, img image.Image, previewErr error) *saveDialog {
	sd := &saveDialog{path: newDialogEntry(m, filepath.Join(m.exportDir(), job.FileName()))}
	fileRow := m.pathRow(sd.path)
	var content fyne.CanvasObject = fileRow
	width, _ := previewSize(m.win.Canvas().Size())
	if job.Format() == session.FormatTRF {
		content = container.NewVBox(wrapped(widget.NewLabel(trfSummary(job.TRFWritten()))), fileRow)
	}
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
			m.writeExport(sd.path.Text, job)
			return nil
		},
	})
	sd.path.CursorColumn = len([]rune(sd.path.Text))
	sd.path.Refresh()
	m.lastSave = sd
	return sd
}

// writeExport runs the export into path off the UI thread with a
// progress bar, asking first before replacing a file; a file an export
// may not replace (CheckExportPath) is refused at once.
func (m *mainWindow) writeExport(path string, job *session.ExportJob) {
	if path == "" {
		return
	}
	if err := session.CheckExportPath(path, job.Format()); err != nil {
		m.showErr(err)
		return
	}
	write := func() {
		m.progress(T("ui.export.savetitle"), func(report func(int, int)) error {
			return job.Save(path, report)
		}, func(err error) {
			var left *core.NotWrittenError
			if err != nil && !errors.As(err, &left) {
				m.showErr(err)
				return
			}
			m.lastExportDir = filepath.Dir(path)
			m.status.SetText(T("ui.export.saved", map[string]any{"Path": path}))
			if left != nil {
				m.showErr(err) // saved without the games it names
			}
		})
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

// trfSummary says what a TRF export wrote, before it is saved: the
// results and the players' points, and each board whose result it could
// not write (its pairing is not in the event's TRF).
func trfSummary(done core.TRFWritten) string {
	lines := []string{T("ui.export.trf.done", map[string]any{"Results": done.Results, "Points": done.Points})}
	lines = append(lines, trfRoundsSaid(done)...)
	for _, g := range done.NotInFile {
		lines = append(lines, T("ui.import.note", map[string]any{"Round": g.Round, "Board": g.Board, "White": g.White.Name,
			"Black": g.Black.Name, "Text": T("trf." + string(trf.CodeNotInFile))}))
	}
	return strings.Join(lines, "\n")
}
