package app

import (
	"image/png"
	"os"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// game80 returns 80 plies of a legal game in SAN (English) and German.
func game80() (en, de []string) {
	p := rules.NewPosition()
	for i := 0; len(en) < 80; i++ {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[(i*7+3)%len(ms)]
		en = append(en, p.SAN(m))
		de = append(de, p.Write(m, rules.Notation{Letters: mustLetters("de")}))
		p = p.Play(m)
	}
	return en, de
}

func mustLetters(code string) *rules.Letters {
	l, _ := rules.LettersFor(code)
	return l
}

// BenchmarkTypeRune: from a rune typed in the last cell of an 80-ply
// game (both copies written) to the cell judged and every widget
// updated, with Fyne's test driver. The budget is one frame, 16 ms.
func BenchmarkTypeRune(b *testing.B) {
	m, s := newTestWindow(b)
	en, de := game80()
	typeWords(b, s, de[:79])
	s.SwitchCopy()
	s.MoveTo(Cursor{sheet.BlackCopy, 0})
	typeWords(b, s, en[:79])
	s.MoveTo(Cursor{sheet.WhiteCopy, 79})
	m.gv.load()
	last := de[79]
	b.ResetTimer()
	var worst time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if i%2 == 0 {
			test.Type(m.gv.entry, last[:1])
		} else {
			m.gv.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
		}
		worst = max(worst, time.Since(t0))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	if c := m.gv.copies[0].cellAt(79); c == nil {
		b.Fatal("no cell 80")
	}
}

// TestScreenshot writes testdata/app-screenshot.png (for the README)
// when SCORESHEET_SCREENSHOT is set: the window with the German sample
// game on White's copy and the English one on Black's, one cell wrong.
func TestScreenshot(t *testing.T) {
	out := os.Getenv("SCORESHEET_SCREENSHOT")
	if out == "" {
		t.Skip("SCORESHEET_SCREENSHOT not set")
	}
	m, s := newTestWindow(t)
	g := *s.Game()
	g.White = sheet.Player{Name: "Anna Schmidt", Rating: 2011}
	g.Black = sheet.Player{Name: "Bert Jansen", Rating: 1987}
	g.Date = "2026.11.22"
	if err := s.SetHeader(g); err != nil {
		t.Fatal(err)
	}
	test.Type(m.gv.entry, "e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=) ")
	m.gv.switchCopy()
	test.Type(m.gv.entry, "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3 Be7 Nd2 O-O O-O-O Re8 Kb1 (=) ")
	m.gv.tapCell(sheet.BlackCopy, 16)
	m.gv.header.load()
	m.win.Resize(fyne.NewSize(1400, 860))
	img := m.win.Canvas().Capture()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
