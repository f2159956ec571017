package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/app/session"
	"scoresheet/app/session/sessiontest"
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
// updated, with Fyne's test driver, in a round of 30 boards (the
// navigator shows them all). The budget is one frame, 16 ms.
func BenchmarkTypeRune(b *testing.B) {
	m, s := newTestWindow(b)
	for board := 2; board <= 30; board++ {
		if _, err := s.AddGame(1, board, "de"); err != nil {
			b.Fatal(err)
		}
	}
	m.nav.Refresh()
	m.nav.OpenBranch(roundNode(1))
	en, de := game80()
	sessiontest.Type(b, s, de[:79])
	s.SwitchCopy()
	s.MoveTo(session.Cursor{Side: sheet.BlackCopy, Index: 0})
	sessiontest.Type(b, s, en[:79])
	s.MoveTo(session.Cursor{Side: sheet.WhiteCopy, Index: 79})
	m.gv.load()
	last := de[79]
	b.ResetTimer()
	var worst time.Duration
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if i%2 == 0 {
			test.Type(m.gv.entry, last[:1])
		} else {
			m.gv.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
		}
		worst = max(worst, time.Since(t0))
	}
	// The CPU time per rune, of every thread (the store's watcher too):
	// on a loaded machine the wall time says more of the others' work.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	if c := m.gv.copies[0].cellAt(79); c == nil {
		b.Fatal("no cell 80")
	}
}
