package app

import (
	"mime"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet/location"
)

// What keeps file dialogs away from the event's files. The window's own
// (fileChooser) never opens a file it lists; this is for Fyne's, should
// one be shown:
//
// To draw a file's icon, Fyne asks the file's MIME type, and for an
// extension the mime package does not know it opens the file and reads
// its first line. Opening and closing a descriptor of the event file, or
// of its -wal and -shm files, in the app's process drops every POSIX lock
// SQLite holds on that file (issue 11: another process then deleted the
// journal under the window). The store defends itself against that (see
// sheet/sqlitestore/lock.go), but the -shm file's locks can only be kept by not
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
	if location.IsServer(m.s.Store().Location()) {
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
		m.chooseFolder(filepath.Dir(path.Text), func(dir string) {
			path.SetText(filepath.Join(dir, filepath.Base(path.Text)))
		})
	})
	return container.NewBorder(nil, nil, widget.NewLabel(T("ui.export.file")), folder, path)
}
