package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

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

// TestFileDialogEscape: Escape dismisses a file dialog (its callback
// gets nothing), and the canvas's key handler is given back.
func TestFileDialogEscape(t *testing.T) {
	m, _ := newTestWindow(t)
	c := m.win.Canvas()
	var other []fyne.KeyName
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { other = append(other, ev.Name) })
	called := 0
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		called++
		if r != nil {
			t.Errorf("dismissed dialog gave %v", r.URI())
		}
	}, m.win)
	m.showFileDialog(d, m.eventDir(), ".pgn")
	if c.Overlays().Top() == nil {
		t.Fatal("no dialog shown")
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyDown})
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Errorf("dialog still shown after Escape")
	}
	if called != 1 {
		t.Errorf("callback called %d times", called)
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(other) != 2 || other[0] != fyne.KeyDown || other[1] != fyne.KeyEscape {
		t.Errorf("the window's own handler got %v", other)
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
