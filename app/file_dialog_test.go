package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"scoresheet/sheet"
)

// TestEventFilesNotSniffed: Fyne takes the type of the event's files and
// side files from their extension. Had it opened them to guess (issue
// 11), a first line of valid UTF-8 would make them text/plain.
func TestEventFilesNotSniffed(t *testing.T) {
	dir := t.TempDir()
	registerEventMIME(".turnier")
	for _, name := range []string{"e.scoresheet", "e.scoresheet-wal", "e.scoresheet-shm", "e.scoresheet-journal", "e.turnier", "e.turnier-wal", "e.turnier-shm"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("plain text\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := storage.NewFileURI(p).MimeType(); got == "text/plain" {
			t.Errorf("%s: %s, read to guess", name, got)
		}
	}
	// The control: an unknown extension is read.
	p := filepath.Join(dir, "e.unknown-ext")
	os.WriteFile(p, []byte("plain text\n"), 0o644)
	if got := storage.NewFileURI(p).MimeType(); got != "text/plain" {
		t.Errorf("unknown extension: %s; Fyne no longer reads files to guess, the test says nothing", got)
	}
}

// chooserDir makes a folder as the import chooser sees it: two PGN
// files, a TRF, a folder holding a third PGN, and what it must not list.
func chooserDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"b-round2.pgn", "a-round1.PGN", "pairings.trf", "sub/c-round3.pgn", ".hidden.pgn", "event.scoresheet", "notes.doc"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("[White \"A\"]\n\n*\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// chooserNames are the names a chooser lists, in order.
func chooserNames(fc *fileChooser) []string {
	var out []string
	for _, it := range fc.items {
		out = append(out, it.name)
	}
	return out
}

// Issue 24, defect 5: in the import dialog Enter on the selected file did
// nothing (9 Tabs to its Open button). In every file dialog of the
// window the list has the focus, Down chooses, Enter opens the file
// chosen or goes into the folder, Backspace goes up, a name's first
// letters go to it, the name field takes a name; Escape cancels. The
// focus is back in the cell after.
func TestFileChooserKeys(t *testing.T) {
	m, _ := newTestWindow(t)
	dir := chooserDir(t)
	var picked []string
	pick := func(p string) { picked = append(picked, p) }
	fc := m.chooseFile("Import", dir, []string{".pgn", ".trf"}, pick)
	if got, want := strings.Join(chooserNames(fc), "|"), "sub|a-round1.PGN|b-round2.pgn|pairings.trf"; got != want {
		t.Fatalf("lists %s, want %s", got, want)
	}
	if focused(m) != fc.list {
		t.Fatalf("the chooser focuses %T, not its list", focused(m))
	}
	typeKey(m, fyne.KeyDown)
	typeKey(m, fyne.KeyDown)
	typeKey(m, fyne.KeyDown)
	hitKey(m, fyne.KeyReturn, 0)
	if len(picked) != 1 || picked[0] != filepath.Join(dir, "b-round2.pgn") {
		t.Fatalf("Down x3, Enter picked %q", picked)
	}
	noDialog(t, m, "Enter on a file")

	fc = m.chooseFile("Import", dir, []string{".pgn", ".trf"}, pick)
	typeKey(m, fyne.KeyDown) // the folder
	typeKey(m, fyne.KeyReturn)
	if fc.dir != filepath.Join(dir, "sub") || len(m.dialogs) != 1 || strings.Join(chooserNames(fc), "|") != "c-round3.pgn" {
		t.Fatalf("Enter on a folder: in %s listing %q, %d dialogs", fc.dir, chooserNames(fc), len(m.dialogs))
	}
	typeKey(m, fyne.KeyBackspace)
	if fc.dir != dir || fc.selected != 0 {
		t.Fatalf("Backspace: in %s, item %d chosen", fc.dir, fc.selected)
	}
	typeText(m, "pa") // type-ahead
	if fc.selected != 3 {
		t.Fatalf("typing \"pa\" chose %d", fc.selected)
	}
	hitKey(m, fyne.KeySpace, ' ')
	if len(picked) != 2 || picked[1] != filepath.Join(dir, "pairings.trf") {
		t.Fatalf("Space picked %q", picked)
	}
	noDialog(t, m, "Space on a file")

	fc = m.chooseFile("Import", dir, []string{".pgn", ".trf"}, pick)
	m.win.Canvas().Focus(fc.name)
	typeText(m, "sub/c-round3.pgn")
	typeKey(m, fyne.KeyReturn)
	if len(picked) != 3 || picked[2] != filepath.Join(dir, "sub", "c-round3.pgn") {
		t.Fatalf("a name typed, Enter picked %q", picked)
	}
	noDialog(t, m, "a name typed")

	fc = m.chooseFile("Import", dir, []string{".pgn", ".trf"}, pick)
	m.win.Canvas().Focus(fc.name)
	typeText(m, "missing.pgn")
	typeKey(m, fyne.KeyReturn)
	if len(picked) != 3 || len(m.dialogs) != 1 || !fc.kd.errMsg.Visible() {
		t.Fatalf("a missing file: picked %q, %d dialogs, message shown %v", picked, len(m.dialogs), fc.kd.errMsg.Visible())
	}
	typeKey(m, fyne.KeyEscape)
	noDialog(t, m, "Escape")
	if len(picked) != 3 {
		t.Fatalf("Escape picked %q", picked)
	}
}

// A folder chooser (the export's Folder…) lists folders; Enter in the
// list goes into one, OK chooses the folder shown; the dialog below gets
// the focus back.
func TestFolderChooser(t *testing.T) {
	m, _ := newTestWindow(t)
	dir := chooserDir(t)
	path := newDialogEntry(m, filepath.Join(dir, "out.pgn"))
	m.showDialog(dialogSpec{title: "Save", okText: "OK", cancelText: "Cancel", content: m.pathRow(path), focus: path})
	var folder *widget.Button
	walk(m.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == T("ui.export.folder") {
			folder = b
		}
	})
	test.Tap(folder)
	fc := m.dialogs[len(m.dialogs)-1]
	var ch *fileChooser
	walk(m.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*chooserList); ok {
			ch = l.fc
		}
	})
	if ch == nil || ch.kd != fc || strings.Join(chooserNames(ch), "|") != "sub" {
		t.Fatalf("the folder chooser lists %q", chooserNames(ch))
	}
	typeKey(m, fyne.KeyDown)
	typeKey(m, fyne.KeyReturn)
	if ch.dir != filepath.Join(dir, "sub") {
		t.Fatalf("Enter on a folder: in %s", ch.dir)
	}
	ch.kd.confirm() // OK
	if path.Text != filepath.Join(dir, "sub", "out.pgn") || len(m.dialogs) != 1 || focused(m) != path {
		t.Fatalf("OK: path %q, %d dialogs, focus %T", path.Text, len(m.dialogs), focused(m))
	}
}

// Issue 24, defect 8: Fyne's file dialog in Croatian said "Otvori
// Datoteka" beside English "Home" and "Computer". Every word of the
// window's file dialogs is the UI language's.
func TestFileChooserSpeaksUILanguage(t *testing.T) {
	m, _ := newTestWindow(t)
	for _, code := range []string{"hr", "de", "fr", "nl", "es", "it"} {
		m.setLanguage(code)
		fc := m.chooseFile(strings.TrimSuffix(T("ui.menu.open"), "…"), chooserDir(t), []string{".pgn"}, func(string) {})
		var words []string
		walk(m.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
			switch w := o.(type) {
			case *widget.Button:
				words = append(words, w.Text)
			case *keyButton: // the dialog's own
				words = append(words, w.Text)
			case *widget.Label:
				if w != fc.where && w.Text != "" && !slices.Contains(chooserNames(fc), w.Text) {
					words = append(words, w.Text)
				}
			}
		})
		for _, key := range []string{"ui.files.up", "ui.files.eventfolder", "ui.files.home", "ui.files.computer", "ui.files.name", "ui.files.open", "ui.cancel"} {
			if !slices.Contains(words, T(key)) {
				t.Errorf("%s: the chooser does not say %q; it says %q", code, T(key), words)
			}
		}
		for _, english := range []string{"Home", "Open", "Cancel", "File name", "Open File", "Up", "Event's folder"} {
			if slices.Contains(words, english) {
				t.Errorf("%s: the chooser says %q in English: %q", code, english, words)
			}
		}
		typeKey(m, fyne.KeyEscape)
		noDialog(t, m, code)
	}
}

// TestNewEventRefusesExistingFile: choosing an existing file for a new
// event leaves it as it was (Fyne's save dialog emptied it before).
func TestNewEventRefusesExistingFile(t *testing.T) {
	m, s := newTestWindow(t)
	path := s.Store().Location()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cerr := m.createEvent(path) // said in the New dialog, which stays open
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("the open event file changed")
	}
	if m.s != s {
		t.Errorf("the window switched events")
	}
	if sheet.StoreErrorCodeOf(cerr) != sheet.StoreExists {
		t.Errorf("createEvent: %v, want store-exists", cerr)
	}
}

// TestStatusSavedOnlyOnDisk: when the event's journal is deleted under
// the window, the status line stops saying "Saved": it says what
// happened and where the rescue file is, and so it stays.
func TestStatusSavedOnlyOnDisk(t *testing.T) {
	m, s := newTestWindow(t)
	test.Type(m.gv.entry, "e4 ")
	at, err := s.Saved()
	if want := T("ui.status.saved", map[string]any{"Time": at.Format(time.TimeOnly), "Path": s.Store().Location()}); err != nil || m.status.Text != want {
		t.Fatalf("status %q after a saved cell (%v), want %q", m.status.Text, err, want)
	}
	if err := os.Remove(s.Store().Location() + "-wal"); err != nil {
		t.Fatal(err)
	}
	test.Type(m.gv.entry, "e5 Nf3 ")
	_, err = s.Saved()
	var se *sheet.StoreError
	if !errors.As(err, &se) || se.Code != sheet.StoreJournalLost || se.Rescue == "" {
		t.Fatalf("Saved() error %v", err)
	}
	for _, want := range []string{T("store.store-journal-lost"), se.Rescue} {
		if !strings.Contains(m.status.Text, want) {
			t.Errorf("status %q does not say %q", m.status.Text, want)
		}
	}
}
