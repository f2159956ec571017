package app

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

	"scoresheet/app/core"
	"scoresheet/export"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// newExportSession makes an event of three games in round 1 (the German
// sample game on White's copy, the English on Black's) and one in round
// 2, with round 1 board 1 open.
func newExportSession(t testing.TB) *Session {
	t.Helper()
	s, _ := newTestSession(t)
	typeWords(t, s, germanCells)
	s.SwitchCopy()
	s.MoveTo(Cursor{sheet.BlackCopy, 0})
	typeWords(t, s, englishCells)
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	for _, rb := range [][2]int{{1, 2}, {1, 3}, {2, 1}} {
		g := *s.Game()
		g.ID, g.Round, g.Board = 0, rb[0], rb[1]
		if _, err := s.Store().AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	return s
}

// progressOf returns a progress callback and the last (done, total) it saw.
func progressOf() (func(done, total int), *atomic.Int64, *atomic.Int64) {
	var done, total atomic.Int64
	return func(d, t int) { done.Store(int64(d)); total.Store(int64(t)) }, &done, &total
}

func TestExportRoundEveryFormat(t *testing.T) {
	s := newExportSession(t)
	dir := t.TempDir()
	magic := map[ExportFormat]string{FormatPGN: "[Event ", FormatPDF: "%PDF-", FormatForms: "%PDF-", FormatXLSX: "PK\x03\x04", FormatResults: "%PDF-"}
	written := 0
	for _, f := range ExportFormats {
		if f == FormatTRF {
			continue // an event imported from a TRF: TestWindowExportTRF
		}
		written++
		report, done, total := progressOf()
		opt := ExportOptions{Paper: export.Letter, Notation: rules.FigurineNotation, Lang: "de"}
		data, err := s.Export(f, ScopeRound, opt, report)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if total.Load() != 3 || done.Load() != 3 {
			t.Errorf("%s: progress ended at %d of %d, want 3 of 3", f, done.Load(), total.Load())
		}
		path := filepath.Join(dir, "round1-"+string(f)+f.Ext())
		if err := SaveExport(path, f, data); err != nil {
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
		case FormatPGN:
			if n := strings.Count(string(got), "[Round \"1\"]"); n != 3 {
				t.Errorf("pgn: %d games of round 1, want 3", n)
			}
			if strings.Contains(string(got), "[Round \"2\"]") {
				t.Error("pgn: round 2 exported with round 1")
			}
		case FormatPDF, FormatForms, FormatResults:
			if !bytes.Contains(got[max(0, len(got)-32):], []byte("%%EOF")) {
				t.Errorf("%s: no %%%%EOF at the end", f)
			}
		case FormatXLSX:
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
	s := newExportSession(t)
	count := func(scope ExportScope) int {
		data, err := s.Export(FormatPGN, scope, ExportOptions{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", scope, err)
		}
		return strings.Count(string(data), "[Event ")
	}
	if n := count(ScopeGame); n != 1 {
		t.Errorf("game: %d games", n)
	}
	if n := count(ScopeEvent); n != 4 {
		t.Errorf("event: %d games", n)
	}
	j, _ := s.PrepareExport(FormatForms, ScopeGame, ExportOptions{})
	if got := j.FileName(); got != "Test Open-r1-b1-forms.pdf" {
		t.Errorf("file name %q", got)
	}
	if _, err := s.Export("docx", ScopeEvent, ExportOptions{}, nil); err == nil {
		t.Error("unknown format exported")
	}
	// No game open: only the event can be exported.
	s2, _ := newTestSession(t)
	s2.game = nil
	var xe *ExportError
	if _, err := s2.Export(FormatPGN, ScopeRound, ExportOptions{}, nil); !errors.As(err, &xe) || xe.Code != "export-nogame" {
		t.Errorf("round without a game: %v", err)
	}
	// An event of no games: said when the export is asked for, before
	// the window asks for the file.
	games, err := s2.Store().Games()
	if err != nil || len(games) != 1 || s2.Store().DeleteGame(games[0].ID) != nil {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if _, err := s2.PrepareExport(FormatXLSX, ScopeEvent, ExportOptions{}); !errors.As(err, &xe) || xe.Code != "export-nogame" {
		t.Errorf("an event of no games: %v", err)
	}
}

// TestPreviewAspect draws the first page of each PDF of the event on A4
// and Letter: the images have the papers' aspect ratios at 110 dpi, and
// only what the page shows is read: the results list of every round
// reads round 1's three games, not round 2's.
func TestPreviewAspect(t *testing.T) {
	s := newExportSession(t)
	for _, c := range []struct {
		paper export.Paper
		ratio float64 // width / height
	}{{export.A4, 210.0 / 297}, {export.Letter, 8.5 / 11}} {
		for _, f := range []ExportFormat{FormatPDF, FormatForms, FormatResults} {
			job, err := s.PrepareExport(f, ScopeEvent, ExportOptions{Paper: c.paper})
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
			if f == FormatResults && (done.Load() != 3 || total.Load() != 3) {
				t.Errorf("%s: the results list's first page read %d of %d games, want round 1's 3", c.paper, done.Load(), total.Load())
			}
		}
	}
	if _, err := (&ExportJob{store: s.Store(), format: FormatPGN}).Preview(nil); err == nil {
		t.Error("a preview of PGN")
	}
}

// TestExportJobLeavesOutBadGame: an export of a round with a game whose
// start position does not read hands out the others' PGN with the error
// that names the board left out (the window saves them and says it).
func TestExportJobLeavesOutBadGame(t *testing.T) {
	s, _ := newTestSession(t)
	g := sheet.Game{Round: 1, Board: 2, FEN: "8/8/8 w - - 0 1"}
	if _, err := s.Store().AddGame(g); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	data, err := s.Export(FormatPGN, ScopeRound, ExportOptions{}, nil)
	var left *core.NotWrittenError
	if !errors.As(err, &left) || len(left.Games) != 1 || left.Games[0].Board != 2 || !strings.Contains(string(data), `[White "Anna"]`) {
		t.Fatalf("%v\n%s", err, data)
	}
	if got := errText(err); !strings.Contains(got, "round 1, board 2: not written") {
		t.Errorf("the window says %q", got)
	}
}
