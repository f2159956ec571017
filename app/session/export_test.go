package session_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
	"scoresheet/export"
	"scoresheet/rules"
	"scoresheet/sheet/sqlitestore"
)

// progressOf returns a progress callback and the last (done, total) it saw.
func progressOf() (func(done, total int), *atomic.Int64, *atomic.Int64) {
	var done, total atomic.Int64
	return func(d, t int) { done.Store(int64(d)); total.Store(int64(t)) }, &done, &total
}

func TestExportRoundEveryFormat(t *testing.T) {
	s := sessiontest.Export(t)
	dir := t.TempDir()
	magic := map[session.ExportFormat]string{session.FormatPGN: "[Event ", session.FormatPDF: "%PDF-", session.FormatForms: "%PDF-", session.FormatXLSX: "PK\x03\x04", session.FormatResults: "%PDF-"}
	written := 0
	for _, f := range session.ExportFormats {
		if f == session.FormatTRF {
			continue // an event imported from a TRF: TestWindowExportTRF
		}
		written++
		report, done, total := progressOf()
		opt := session.ExportOptions{Paper: export.Letter, Notation: rules.FigurineNotation, Lang: "de"}
		data, err := s.Export(f, session.ScopeRound, opt, report)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if total.Load() != 3 || done.Load() != 3 {
			t.Errorf("%s: progress ended at %d of %d, want 3 of 3", f, done.Load(), total.Load())
		}
		path := filepath.Join(dir, "round1-"+string(f)+f.Ext())
		if err := session.SaveExport(path, f, data); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(got, []byte(magic[f])) {
			t.Errorf("%s: file starts %q", f, got[:min(8, len(got))])
		}
		switch f {
		case session.FormatPGN:
			if n := strings.Count(string(got), "[Round \"1\"]"); n != 3 {
				t.Errorf("pgn: %d games of round 1, want 3", n)
			}
			if strings.Contains(string(got), "[Round \"2\"]") {
				t.Error("pgn: round 2 exported with round 1")
			}
		case session.FormatPDF, session.FormatForms, session.FormatResults:
			if !bytes.Contains(got[max(0, len(got)-32):], []byte("%%EOF")) {
				t.Errorf("%s: no %%%%EOF at the end", f)
			}
		case session.FormatXLSX:
			zr, err := zip.NewReader(bytes.NewReader(got), int64(len(got)))
			if err != nil {
				t.Fatalf("xlsx: %v", err)
			}
			sheets := 0
			for _, zf := range zr.File {
				if strings.HasPrefix(zf.Name, "xl/worksheets/sheet") {
					sheets++
				}
			}
			if sheets != 4 { // the Games sheet and one a game
				t.Errorf("xlsx: %d sheets, want 4", sheets)
			}
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != written {
		t.Errorf("files in the folder: %v (temporary files left?)", ents)
	}
}

func TestExportScopes(t *testing.T) {
	s := sessiontest.Export(t)
	count := func(scope session.ExportScope) int {
		data, err := s.Export(session.FormatPGN, scope, session.ExportOptions{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", scope, err)
		}
		return strings.Count(string(data), "[Event ")
	}
	if n := count(session.ScopeGame); n != 1 {
		t.Errorf("game: %d games", n)
	}
	if n := count(session.ScopeEvent); n != 4 {
		t.Errorf("event: %d games", n)
	}
	j, _ := s.PrepareExport(session.FormatForms, session.ScopeGame, session.ExportOptions{})
	if got := j.FileName(); got != "Test Open-r1-b1-forms.pdf" {
		t.Errorf("file name %q", got)
	}
	if _, err := s.Export("docx", session.ScopeEvent, session.ExportOptions{}, nil); err == nil {
		t.Error("unknown format exported")
	}
	// No game open: only the event can be exported.
	_, path := sessiontest.New(t)
	st, err := sqlitestore.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s2 := sessiontest.Start(t, st)
	var xe *session.ExportError
	if _, err := s2.Export(session.FormatPGN, session.ScopeRound, session.ExportOptions{}, nil); !errors.As(err, &xe) || xe.Code != "export-nogame" {
		t.Errorf("round without a game: %v", err)
	}
	// An event of no games: said when the export is asked for, before
	// the window asks for the file.
	games, err := s2.Store().Games()
	if err != nil || len(games) != 1 || s2.Store().DeleteGame(games[0].ID) != nil {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if _, err := s2.PrepareExport(session.FormatXLSX, session.ScopeEvent, session.ExportOptions{}); !errors.As(err, &xe) || xe.Code != "export-nogame" {
		t.Errorf("an event of no games: %v", err)
	}
}

// TestPreviewAspect draws the first page of each PDF of the event on A4
// and Letter: the images have the papers' aspect ratios at 110 dpi, and
// only what the page shows is read: the results list of every round
// reads round 1's three games, not round 2's.
func TestPreviewAspect(t *testing.T) {
	s := sessiontest.Export(t)
	for _, c := range []struct {
		paper export.Paper
		ratio float64 // width / height
	}{{export.A4, 210.0 / 297}, {export.Letter, 8.5 / 11}} {
		for _, f := range []session.ExportFormat{session.FormatPDF, session.FormatForms, session.FormatResults} {
			job, err := s.PrepareExport(f, session.ScopeEvent, session.ExportOptions{Paper: c.paper})
			if err != nil {
				t.Fatal(err)
			}
			report, done, total := progressOf()
			img, err := job.Preview(report)
			if err != nil {
				t.Fatalf("%s %s: %v", c.paper, f, err)
			}
			b := img.Bounds()
			got := float64(b.Dx()) / float64(b.Dy())
			if math.Abs(got-c.ratio) > 0.01 {
				t.Errorf("%s %s: preview %dx%d, ratio %.3f, want %.3f", c.paper, f, b.Dx(), b.Dy(), got, c.ratio)
			}
			// 110 dpi: A4 is 8.27 in wide (910 px), Letter 8.5 (935 px).
			if w := b.Dx(); w < 900 || w > 945 {
				t.Errorf("%s %s: preview %d px wide at 110 dpi", c.paper, f, w)
			}
			if f == session.FormatResults && (done.Load() != 3 || total.Load() != 3) {
				t.Errorf("%s: the results list's first page read %d of %d games, want round 1's 3", c.paper, done.Load(), total.Load())
			}
		}
	}
	pgnJob, err := s.PrepareExport(session.FormatPGN, session.ScopeGame, session.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pgnJob.Preview(nil); err == nil {
		t.Error("a preview of PGN")
	}
}
