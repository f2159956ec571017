package app

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/canvas"

	"scoresheet/app/session"
	"scoresheet/sheet"
	"scoresheet/sheet/sheettest"
)

// previewWindow is a window on a round of boards, each with an 80-ply
// game written on both copies (German and English), board 1 open.
func previewWindow(b *testing.B, boards int) *mainWindow {
	m, s := newTestWindow(b)
	en, de := game80()
	for board := 1; board <= boards; board++ {
		g := sheet.Game{Round: 1, Board: board, White: sheet.Player{Name: "Đurđević, Milan", Rating: 2381}, Black: sheet.Player{Name: "Müller, Jürgen", Rating: 2217}, Result: "1-0"}
		g.Copies[sheet.WhiteCopy] = sheet.Copy{Lang: "de", Cells: sheettest.Cells(de...)}
		g.Copies[sheet.BlackCopy] = sheet.Copy{Lang: "en", Cells: sheettest.Cells(en...)}
		if board == 1 {
			cur := *s.Game()
			g.ID = cur.ID
			if err := sheettest.SetHeader(s.Store(), g); err != nil {
				b.Fatal(err)
			}
			for side := range g.Copies {
				for i, c := range g.Copies[side].Cells {
					if err := sheettest.InsertCell(s.Store(), g.ID, sheet.Side(side), i, c); err != nil {
						b.Fatal(err)
					}
				}
			}
			continue
		}
		if _, err := s.Store().AddGame(g); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Reload(); err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkPreviewShown: from OK in the export dialog (runExport) to the
// save dialog shown with the PDF's first page, with Fyne's test driver,
// for one game of 80 plies and a round of 150 such boards, in each PDF
// kind:
//
//	go test -run '^$' -bench BenchmarkPreviewShown -benchtime 5x ./app/
func BenchmarkPreviewShown(b *testing.B) {
	for _, boards := range []int{1, 150} {
		m := previewWindow(b, boards)
		scope := session.ScopeGame
		name := "game"
		if boards > 1 {
			scope, name = session.ScopeRound, "round150"
		}
		for _, f := range []session.ExportFormat{session.FormatPDF, session.FormatForms, session.FormatResults} {
			b.Run(name+"-"+string(f), func(b *testing.B) {
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					m.lastSave = nil
					m.runExport(scope, f, session.ExportOptions{Lang: "en"})
					m.busy.Wait()
					if _, ok := m.lastSave.preview.(*canvas.Image); m.lastSave == nil || !ok {
						b.Fatal("no preview")
					}
					m.lastSave.kd.dismiss()
				}
				if used := processCPU() - cpu; used > 0 {
					b.ReportMetric(used.Seconds()/float64(b.N), "cpu-s/op")
				}
			})
		}
	}
}

// processCPU is the CPU time the process has used, user and system, as
// Linux's /proc says it (in clock ticks of 10 ms); 0 elsewhere. On a
// shared machine it says more than the wall time, which the neighbours
// lengthen.
func processCPU() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0
	}
	// The fields after the command's name (in brackets, which may hold
	// blanks): utime and stime are the 12th and 13th.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return time.Duration(u+s) * 10 * time.Millisecond
}
