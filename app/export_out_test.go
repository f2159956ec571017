package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/export"
	"scoresheet/locales"
)

// TestSaveExportRefused: the window's save refuses the event file being
// typed and a file of another format with an ExportError carrying
// CheckOut's code (which files it refuses is export's TestCheckOut), and
// leaves them as they were; a file of the format is replaced and keeps
// its mode.
func TestSaveExportRefused(t *testing.T) {
	s := sessiontest.Export(t)
	ev := s.Store().Location()
	data, err := s.Export(session.FormatXLSX, session.ScopeEvent, session.ExportOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(t.TempDir(), "notes.xlsx")
	os.WriteFile(notes, []byte("not a workbook"), 0o644)
	for path, code := range map[string]string{ev: export.OutEvent, notes: export.OutFormat} {
		before, _ := os.ReadFile(path)
		var xe *session.ExportError
		if err := session.SaveExport(path, session.FormatXLSX, data); !errors.As(err, &xe) || xe.Code != code {
			t.Errorf("%s: %v, want %s", path, err, code)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Errorf("%s changed", path)
		}
	}
	if _, err := s.Store().Games(); err != nil {
		t.Fatalf("the event no longer reads: %v", err)
	}
	private := filepath.Join(t.TempDir(), "e.xlsx")
	if err := session.SaveExport(private, session.FormatXLSX, data); err != nil {
		t.Fatal(err)
	}
	os.Chmod(private, 0o600)
	if err := session.SaveExport(private, session.FormatXLSX, data); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(private); fi.Mode() != 0o600 {
		t.Errorf("mode %v after replacing a 0600 workbook", fi.Mode())
	}
}

// TestWindowSaveOverEventRefused: Save with the event file as the path
// says why, in the UI language, without asking to replace it.
func TestWindowSaveOverEventRefused(t *testing.T) {
	m, s := newTestWindow(t)
	SetLanguage("de")
	m.writeExport(s.Store().Location(), pgnJob(t, m))
	m.busy.Wait()
	want := T("ui.export.error.out-event")
	if !strings.Contains(m.status.Text, want) || want == locales.Text(locales.Default, "ui.export.error.out-event") {
		t.Errorf("status %q, want it to hold %q", m.status.Text, want)
	}
	if _, err := s.Store().Games(); err != nil {
		t.Fatalf("the event no longer reads: %v", err)
	}
}
