//go:build memtest

// The memory test of a large event (issue #6): run it with
//
//	go test -tags memtest -run TestMemoryLargeEvent -v ./app/
//
// It is kept out of the ordinary test run (creating the event takes a
// while on a busy machine).

package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"scoresheet/rules"
	"scoresheet/sheet"
)

const (
	memGames   = 300
	memPlies   = 80
	memBudgetB = 200 << 20 // 200 MB
)

// gameMoves returns plies of a legal game in English and German letters;
// seed varies the game.
func gameMoves(seed, plies int) (en, de []string) {
	p := rules.NewPosition()
	de1 := rules.Notation{Letters: mustLetters("de")}
	for i := 0; len(en) < plies; i++ {
		ms := p.LegalMoves()
		if len(ms) == 0 {
			break
		}
		m := ms[(i*7+3+seed*(i%5))%len(ms)]
		en = append(en, p.SAN(m))
		de = append(de, p.Write(m, de1))
		p = p.Play(m)
	}
	return en, de
}

// makeLargeEvent writes an event of memGames games, each memPlies plies
// written on both copies (White's in German, Black's in English), ten
// rounds of thirty boards.
func makeLargeEvent(t testing.TB, path string) {
	st, err := sheet.Create(path, sheet.Event{Name: "Large Open"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range memGames {
		en, de := gameMoves(i, memPlies)
		g := sheet.Game{Round: i/30 + 1, Board: i%30 + 1,
			White: sheet.Player{Name: "White " + strconv.Itoa(i)}, Black: sheet.Player{Name: "Black " + strconv.Itoa(i)}}
		g.Copies[0].Lang, g.Copies[1].Lang = "de", "en"
		for k := range en {
			g.Copies[0].Cells = append(g.Copies[0].Cells, sheet.Cell{Text: de[k]})
			g.Copies[1].Cells = append(g.Copies[1].Cells, sheet.Cell{Text: en[k]})
		}
		if _, err := st.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
}

// vmRSS returns the process's resident set size from /proc/self/status,
// 0 where there is none.
func vmRSS() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// TestMemoryLargeEvent opens a 300-game event (80 plies on both copies)
// as the app does: the session, the window with Fyne's test driver and
// the navigator drawn with every round open. It prints how long that
// takes and the memory in use after a GC, which must stay under 200 MB.
func TestMemoryLargeEvent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "large.scoresheet")
	t0 := time.Now()
	makeLargeEvent(t, path)
	t.Logf("created %d games of %d plies in %v", memGames, memPlies, time.Since(t0).Round(time.Millisecond))

	runtime.GC()
	debug.FreeOSMemory()
	rssBefore := vmRSS()

	a := test.NewTempApp(t)
	a.Preferences().SetString(prefLanguage, "en")
	t.Cleanup(func() { SetLanguage("en") })

	t0 = time.Now()
	s, err := openSession(Options{Event: path})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tSession := time.Since(t0)
	m := newWindow(a, s)
	t.Cleanup(m.timers.stop)
	m.win.Resize(fyne.NewSize(1280, 820))
	m.win.Canvas().Refresh(m.win.Content())
	tOpen := time.Since(t0)

	if n := len(s.Games()); n != memGames {
		t.Fatalf("%d games open, want %d", n, memGames)
	}
	if n := len(s.Rounds()); n != 10 {
		t.Fatalf("%d rounds, want 10", n)
	}
	// Walk the navigator through every board, as Ctrl+PageDown does.
	t1 := time.Now()
	for range memGames {
		m.stepBoard(1)
	}
	tWalk := time.Since(t1)

	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	inuse := ms.HeapInuse + ms.StackInuse
	rss := vmRSS()
	report := fmt.Sprintf("open %d games × %d plies: session %v, window %v (total %v); every board in turn %v (%v a board); heap+stack in use %.1f MB, VmRSS %.1f MB (%.1f MB before opening)",
		memGames, memPlies, tSession.Round(time.Millisecond), (tOpen - tSession).Round(time.Millisecond), tOpen.Round(time.Millisecond),
		tWalk.Round(time.Millisecond), (tWalk / memGames).Round(time.Microsecond),
		float64(inuse)/(1<<20), float64(rss)/(1<<20), float64(rssBefore)/(1<<20))
	t.Log(report)
	fmt.Println(report)
	if inuse >= memBudgetB {
		t.Errorf("heap+stack in use %.1f MB, budget 200 MB", float64(inuse)/(1<<20))
	}
	if rss >= memBudgetB {
		t.Errorf("VmRSS %.1f MB, budget 200 MB", float64(rss)/(1<<20))
	}
}
