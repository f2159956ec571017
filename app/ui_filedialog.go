package app

import (
	"mime"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet/location"
)

// The window's file dialogs (open an event, new event, import PGN, the
// export's folder) and what keeps them away from the event's files.
//
// To draw a file's icon, Fyne asks the file's MIME type, and for an
// extension the mime package does not know it opens the file and reads
// its first line. Opening and closing a descriptor of the event file, or
// of its -wal and -shm files, in the app's process drops every POSIX lock
// SQLite holds on that file (issue 11: another process then deleted the
// journal under the window). The store defends itself against that (see
// sheet/store_lock.go), but the -shm file's locks can only be kept by not
// touching the file: so every dialog lists only the files it is for (a
// filter by extension, which Fyne applies before it asks the type), and
// the event's extension and its side files have a registered type, which
// Fyne takes without opening the file.

// eventExt is the extension of event files the app makes.
const eventExt = ".scoresheet"

func init() { registerEventMIME(eventExt) }

// registerEventMIME gives the event files of extension ext (".scoresheet")
// and their side files a MIME type, so that Fyne never opens them to
// guess one. Called for the extension of every event the window opens.
func registerEventMIME(ext string) {
	if ext == "" || strings.ContainsAny(ext, "/\\") {
		return // a name without an extension: the filters keep it out of the dialogs
	}
	_ = mime.AddExtensionType(ext, "application/vnd.sqlite3")
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		_ = mime.AddExtensionType(ext+side, "application/octet-stream")
	}
}

// showFileDialog shows d starting in dir (the event's folder), filtered to
// the extensions exts (none: folders only), and closable with Escape.
func (m *mainWindow) showFileDialog(d *dialog.FileDialog, dir string, exts ...string) {
	if len(exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
		d.SetLocation(l)
	}
	m.escapeCloses(d.Dismiss, d.SetOnClosed)
	d.Resize(fyne.NewSize(800, 560))
	d.Show()
}

// escapeCloses lets Escape dismiss a dialog while it is shown: the key
// reaches the canvas when no widget of the dialog has the focus. The
// canvas's own key handler is kept for every other key and given back
// when the dialog closes; the focus then returns where it was, so what is
// typed next goes to the cell.
func (m *mainWindow) escapeCloses(dismiss func(), onClosed func(func())) {
	c := m.win.Canvas()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			dismiss()
			return
		}
		if prev != nil {
			prev(ev)
		}
	})
	onClosed(func() { c.SetOnTypedKey(prev) })
}

// eventDir is the folder of the open event file; for an event on a
// server, the user's home folder.
func (m *mainWindow) eventDir() string {
	loc := m.s.Store().Location()
	if location.IsServer(loc) {
		if home, err := os.UserHomeDir(); err == nil {
			return home
		}
		return "."
	}
	return filepath.Dir(loc)
}

// eventExts are the extensions the open-event dialog lists: the app's,
// and the open event's if it has another one.
func (m *mainWindow) eventExts() []string {
	exts := []string{eventExt}
	if loc := m.s.Store().Location(); location.IsServer(loc) {
		return exts
	}
	if e := filepath.Ext(m.s.Store().Location()); e != "" && !strings.EqualFold(e, eventExt) {
		exts = append(exts, e)
	}
	return exts
}

// pathRow is a file's path to edit, with a button that chooses its folder
// in a folder dialog (which lists folders only).
func (m *mainWindow) pathRow(path *dialogEntry) fyne.CanvasObject {
	folder := widget.NewButton(T("ui.export.folder"), func() {
		fd := dialog.NewFolderOpen(func(l fyne.ListableURI, err error) {
			if err == nil && l != nil {
				path.SetText(filepath.Join(l.Path(), filepath.Base(path.Text)))
			}
		}, m.win)
		m.showFileDialog(fd, filepath.Dir(path.Text))
	})
	return container.NewBorder(nil, nil, widget.NewLabel(T("ui.export.file")), folder, path)
}
