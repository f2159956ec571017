package export

import (
	"strconv"
	"strings"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// This file turns a game into what the printed scoresheet and the
// workbook show: one entry per ply with the move taken, the clock, the
// draw offer and a footnote mark, and the footnotes themselves. Both the
// PDF and the XLSX writers use it.

// plyView is one ply as printed.
type plyView struct {
	ply      int
	text     string // the move in the chosen notation, or as written when no move was taken
	asWriten bool   // text is a copy's writing, not a move
	draw     bool   // a draw was offered with this move, on either copy
	clock    string // the mover's clock as written (his copy first)
	mark     int    // footnote number, 0 for none
	severe   bool   // the mark is for an error
	status   sheet.PlyStatus
	written  [2]string // each copy's cell as written
	clocks   [2]string // each copy's clock as written
	codes    []string  // label keys of the findings at this ply, in footnote order
}

// footnote is one finding printed below the moves.
type footnote struct {
	mark     int    // the cell's mark; 0 for findings about the whole game
	ply      int    // 0 for the whole game
	copy     int    // -1 when about no copy in particular
	written  string // the writing concerned, if any
	key      string // locale key: "print.finding.CODE" or "print.check.CODE"
	article  string
	severity rules.Severity
	settled  string // a slip at a settled ply: the locale key of how (print.ply.STATUS)
}

// severe reports whether the footnote is an error (printed in red).
func (fn footnote) severe() bool { return fn.severity == rules.Error }

// text is what the footnote says: its severity, what it is, and the
// article it applies.
func (fn footnote) text(l labeler) string {
	s := severityPrefix(l, fn.severity) + l.get(fn.key)
	if fn.settled != "" {
		s = l.get("print.slip") + " (" + l.get(fn.settled) + "): " + l.get(fn.key)
	}
	if fn.article != "" {
		s += " (" + l.get("print.article") + " " + fn.article + ")"
	}
	return s
}

// severityPrefix is "Error: " or "Warning: " in the printed language,
// nothing for a note: a printout in black and white still tells errors
// and warnings apart, and the workbook says them in words.
func severityPrefix(l labeler, s rules.Severity) string {
	switch s {
	case rules.Error:
		return l.get("print.severity.error") + ": "
	case rules.Warning:
		return l.get("print.severity.warning") + ": "
	}
	return ""
}

// gameView is a game analysed for printing.
type gameView struct {
	g          *sheet.Game
	firstMove  int  // the move number of the first row
	blackFirst bool // the game starts with Black to move
	plies      []plyView
	notes      []footnote
	errors     int // reading errors, both copies
	warnings   int // reading warnings, both copies
	checks     []sheet.CheckFinding
	state      sheet.GameState // judged by sheet.Analyse; its word is print.state.STATE
	clocks     bool            // some cell has a clock time
}

// rows returns the number of scoresheet rows the moves take.
func (v *gameView) rows() int {
	slots := len(v.plies)
	if v.blackFirst {
		slots++
	}
	return (slots + 1) / 2
}

// slot returns the row (0-based) and column (0 White, 1 Black) of ply i (0-based).
func (v *gameView) slot(i int) (row, col int) {
	if v.blackFirst {
		i++
	}
	return i / 2, i % 2
}

// moveLabel returns "12." for White's ply and "12…" for Black's.
func (v *gameView) moveLabel(ply int) string {
	row, col := v.slot(ply - 1)
	n := strconv.Itoa(v.firstMove + row)
	if col == 0 {
		return n + "."
	}
	return n + "…"
}

// analyse reconciles and checks g and lays out its plies and footnotes.
// withNotes includes the reading notes (acceptable variants) among the
// footnotes; warnings and errors are always there.
func analyse(ev *sheet.Event, g *sheet.Game, n rules.Notation, withNotes bool) *gameView {
	v := &gameView{g: g, firstMove: 1}
	var on sheet.Conditions
	if ev != nil {
		on = ev.Conditions()
	}
	a := sheet.Analyse(g, on)
	v.checks, v.state = a.Checks, a.State
	rec := a.Rec
	if rec == nil {
		for _, f := range v.checks {
			v.notes = append(v.notes, checkNote(f))
		}
		return v
	}
	v.firstMove = rec.Start.MoveNumber()
	v.blackFirst = rec.Start.Turn() == rules.Black
	byPly := map[int][]sheet.CheckFinding{}
	for _, f := range v.checks {
		byPly[f.Ply] = append(byPly[f.Ply], f)
	}
	v.plies = make([]plyView, len(rec.Plies))
	mark := 0
	for i := range rec.Plies {
		p, pv := &rec.Plies[i], &v.plies[i]
		mover := v.layPly(p, pv, n)
		// Footnotes: the copies' readings, mover's copy first, then the checks.
		notes := v.readingNotes(p, mover, withNotes)
		for _, f := range byPly[p.Ply] {
			notes = append(notes, checkNote(f))
		}
		if len(notes) > 0 {
			mark++
			pv.mark = mark
			for j := range notes {
				notes[j].mark = mark
				pv.severe = pv.severe || notes[j].severe()
				pv.codes = append(pv.codes, notes[j].key)
			}
			v.notes = append(v.notes, notes...)
		}
	}
	// Checks about plies past the last written one, and about the whole game.
	for _, f := range v.checks {
		if f.Ply == 0 || f.Ply > len(rec.Plies) {
			v.notes = append(v.notes, checkNote(f))
		}
	}
	return v
}

// layPly fills pv with ply p: what each copy wrote, the clocks, the
// draw offer and the text printed (the move in notation n, or the
// writing when no move was taken). It returns the mover's copy.
func (v *gameView) layPly(p *sheet.Ply, pv *plyView, n rules.Notation) (mover int) {
	pv.ply, pv.status = p.Ply, p.Status
	mover = int(sheet.WhiteCopy)
	if p.Before.Turn() == rules.Black {
		mover = int(sheet.BlackCopy)
	}
	for s, c := range p.Copies {
		if c == nil {
			continue
		}
		pv.written[s] = c.Cell.Text
		pv.clocks[s] = c.Cell.Clock
		v.clocks = v.clocks || c.Cell.Clock != ""
		pv.draw = pv.draw || c.Cell.DrawOffer || c.Reading.DrawOffer
	}
	pv.clock = pv.clocks[mover]
	if pv.clock == "" {
		pv.clock = pv.clocks[1-mover]
	}
	if p.Move != rules.NoMove {
		pv.text = p.Before.Write(p.Move, n)
		return mover
	}
	pv.text, pv.asWriten = pv.written[mover], true
	if pv.text == "" {
		pv.text = pv.written[1-mover]
	}
	return mover
}

// readingNotes counts the reading errors and warnings of ply p's cells
// and returns their footnotes, the mover's copy first; notes (acceptable
// variants) only withNotes, and never the draw offer, which is printed
// with the move.
func (v *gameView) readingNotes(p *sheet.Ply, mover int, withNotes bool) []footnote {
	var notes []footnote
	for _, s := range [2]int{mover, 1 - mover} {
		c := p.Copies[s]
		if c == nil {
			continue
		}
		for _, f := range c.Reading.Findings {
			sev := f.Severity()
			settled := ""
			if sev != rules.Note && p.Settled() {
				// The player's slip at a ply the other copy, what
				// follows or the arbiter settled: said as the window
				// says it (the ply's status), no error of the record.
				sev, settled = rules.Warning, "print.ply."+string(p.Status)
			}
			switch sev {
			case rules.Error:
				v.errors++
			case rules.Warning:
				v.warnings++
			}
			if sev == rules.Note && (!withNotes || f.Code == rules.CodeDrawOffer) {
				continue
			}
			notes = append(notes, footnote{ply: p.Ply, copy: s, written: c.Cell.Text, key: "print.finding." + string(f.Code), article: f.Article(), severity: sev, settled: settled})
		}
	}
	return notes
}

// checkNote turns an arbiter check's finding into a footnote.
func checkNote(f sheet.CheckFinding) footnote {
	fn := footnote{ply: f.Ply, copy: -1, key: "print.check." + string(f.Code), article: f.Article, severity: f.Severity()}
	if s, ok := f.Copy.Side(); ok {
		fn.copy = int(s)
	}
	if f.Texts[0] != "" || f.Texts[1] != "" {
		fn.written = strings.TrimSpace(quote(f.Texts[0]) + " / " + quote(f.Texts[1]))
	}
	return fn
}

// quote returns s in typographic quotes, or "–" for nothing.
func quote(s string) string {
	if s == "" {
		return "–"
	}
	return "“" + s + "”"
}
