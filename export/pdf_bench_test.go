package export

import (
	"io"
	"strconv"
	"sync"
	"testing"
	"time"

	"scoresheet/internal/cputime"
	"scoresheet/rules"
	"scoresheet/sheet"
)

// The speed targets of issue #7: blank forms for a 300-board round (600
// pages) in under 3 seconds, the workbook of a 1,000-game event in under
// 5 seconds. Each benchmark reports an error when an operation takes
// longer.
//
//	go test ./export -run '^$' -bench 'Forms300Boards|Workbook1000Games' -benchtime 3x

var players = []sheet.Player{pDurdevic, pMuller, pKramnik,
	{Name: "Ødegaard, Åse", Rating: 1987, Federation: "NOR"},
	{Name: "Παπαδόπουλος, Νίκος", Rating: 2105, Federation: "GRE"},
	{Name: "Smith, John", Rating: 1650, Federation: "ENG"},
}

// roundGames returns n pairings of round 5 without moves.
func roundGames(n int) []sheet.Game {
	games := make([]sheet.Game, n)
	for i := range games {
		w, b := players[i%len(players)], players[(i+1)%len(players)]
		w.Name += " " + strconv.Itoa(i)
		games[i] = sheet.Game{Round: 5, Board: i + 1, White: w, Black: b, Date: "2026.11.24"}
	}
	return games
}

var (
	eventOnce  sync.Once
	eventGames []sheet.Game
)

// thousandGames returns 1,000 games of 40 moves with clock times, a
// draw offer and a cell with a finding each.
func thousandGames() []sheet.Game {
	eventOnce.Do(func() {
		eventGames = make([]sheet.Game, 1000)
		for i := range eventGames {
			tokens := randomTokens(80, uint64(1000+i))
			for j := range tokens {
				tokens[j] += "@" + strconv.Itoa(119-j/2) + ":00"
			}
			g := twoCopies(1+i/100, 1+i%100, players[i%len(players)], players[(i+2)%len(players)], tokens...)
			g.Copies[sheet.BlackCopy].Cells[10].Text = "?"
			g.Copies[sheet.WhiteCopy].Cells[21].DrawOffer = true
			g.Result = "1/2-1/2"
			eventGames[i] = g
		}
	})
	return eventGames
}

// clock is the start of a measurement: wall time and CPU time.
type clock struct {
	wall time.Time
	cpu  time.Duration
}

func startClock() clock { return clock{time.Now(), cputime.Used()} }

// limit reports the CPU seconds an operation took (on a shared machine
// the wall time says more about the neighbours) and fails b when an
// operation took longer than d of wall time on average.
func limit(b *testing.B, start clock, d time.Duration) {
	n := time.Duration(b.N)
	if cpu := cputime.Used() - start.cpu; cpu > 0 {
		b.ReportMetric((cpu / n).Seconds(), "cpu-s/op")
	}
	if per := time.Since(start.wall) / n; per > d {
		b.Errorf("%v an operation, the target is under %v", per, d)
	}
}

func BenchmarkForms300Boards(b *testing.B) {
	games := roundGames(300)
	opt := PDFOptions{CreationDate: &fixedDate, Clocks: true}
	b.ReportAllocs()
	b.ResetTimer()
	start := startClock()
	for i := 0; i < b.N; i++ {
		if err := WriteForms(io.Discard, testEvent, games, opt); err != nil {
			b.Fatal(err)
		}
	}
	limit(b, start, 3*time.Second)
}

func BenchmarkWorkbook1000Games(b *testing.B) {
	games := thousandGames()
	opt := XLSXOptions{CreationDate: &fixedDate, Notation: rules.FigurineNotation}
	b.ReportAllocs()
	b.ResetTimer()
	start := startClock()
	for i := 0; i < b.N; i++ {
		if err := WriteXLSX(io.Discard, testEvent, games, opt); err != nil {
			b.Fatal(err)
		}
	}
	limit(b, start, 5*time.Second)
}

// BenchmarkFilledSheets100Games is the filled scoresheets of 100 games.
func BenchmarkFilledSheets100Games(b *testing.B) {
	games := thousandGames()[:100]
	opt := PDFOptions{CreationDate: &fixedDate, Notation: rules.FigurineNotation}
	b.ReportAllocs()
	b.ResetTimer()
	start := startClock()
	for i := 0; i < b.N; i++ {
		if err := WritePDF(io.Discard, testEvent, games, opt); err != nil {
			b.Fatal(err)
		}
	}
	limit(b, start, time.Minute)
}
