package export

import (
	"strconv"

	"scoresheet/sheet"
)

// filledPages returns how many pages a game's filled scoresheet takes:
// its move pages and the pages of footnotes that do not fit on the last.
func (d *doc) filledPages(v *gameView) (movePages, notePages int) {
	movePages = max(1, (v.rows()+rowsPerPage-1)/rowsPerPage)
	last, alone := d.noteCapacity()
	if rest := len(v.notes) - last; rest > 0 {
		notePages = (rest + alone - 1) / alone
	}
	return movePages, notePages
}

// filledSheet prints one game: its move pages, then footnote pages if
// the footnotes need more room than the last move page has.
func (d *doc) filledSheet(ev *sheet.Event, v *gameView) {
	movePages, notePages := d.filledPages(v)
	total := movePages + notePages
	h := d.gameHeader(ev, v.g, d.l.get("print.scoresheet"), -1)
	foot := d.footerText(h)
	// Every page says the game's state, as the window's navigator and
	// the workbook do.
	state := d.l.get("print.state") + ": " + d.l.get("print.state."+string(v.state)) + " · "
	pageText := func(n int) string {
		return state + d.l.get("print.page") + " " + strconv.Itoa(n) + " " + d.l.get("print.of") + " " + strconv.Itoa(total)
	}
	notes := v.notes
	last, alone := d.noteCapacity()
	for p := 0; p < movePages; p++ {
		d.page.AddPage()
		if p > 0 {
			h.title = d.l.get("print.continuation")
		}
		d.drawHeader(h)
		d.drawGrid(v.firstMove+p*rowsPerPage, v.clocks)
		d.drawMoves(v, p)
		if p == movePages-1 {
			if n := min(len(notes), last); n > 0 {
				d.drawNotes(v, d.gridBottom+3, notes[:n])
				notes = notes[n:]
			}
			d.drawResultAndSignatures(pgnToken(v.g.Result))
		}
		d.drawPageFooter(foot, pageText(p+1))
	}
	h.title = d.l.get("print.findings-more")
	for p := 0; p < notePages; p++ {
		d.page.AddPage()
		d.drawHeader(h)
		n := min(len(notes), alone)
		d.drawNotes(v, d.gridTop, notes[:n])
		notes = notes[n:]
		d.drawPageFooter(foot, pageText(movePages+p+1))
	}
}

// drawMoves writes the plies that fall on move page p.
func (d *doc) drawMoves(v *gameView, p int) {
	moveW, _ := d.columns(v.clocks)
	for i := range v.plies {
		pv := &v.plies[i]
		row, col := v.slot(i)
		if row/rowsPerPage != p {
			continue
		}
		box := d.cell(row%rowsPerPage, col, v.clocks)
		base := box.y + d.rowH*0.72
		markW := 0.0
		if pv.mark > 0 {
			s := strconv.Itoa(pv.mark)
			c := warnAmber
			if pv.severe {
				c = errorRed
			}
			bold := chain(true)[0]
			d.useFont(bold, 6)
			markW = d.stringWidth(bold, s, 6) + 1.2
			d.text(box.x+moveW-markW+0.4, box.y+2.3, s, 6, true, c)
			// A corner flag, so the cell stands out on a printout.
			d.page.SetFillColor(c)
			d.page.Polygon(cornerFlag(box.x, box.y), "F")
		}
		s := pv.text
		if pv.draw {
			s += " (=)"
		}
		c := black
		if pv.asWriten {
			c = textGrey
		}
		d.fitText(box.x+1.6, base, moveW-2.2-markW, s, moveFont, false, c)
		if v.clocks && pv.clock != "" {
			d.centred(box.clockX, base, clockW, pv.clock, 7.5, false, black)
		}
	}
}

// blankForm prints an empty scoresheet of g for one player.
func (d *doc) blankForm(ev *sheet.Event, g *sheet.Game, holder sheet.Side) {
	d.page.AddPage()
	h := d.gameHeader(ev, g, d.l.get("print.scoresheet"), int(holder))
	first := 1
	if g.FEN != "" {
		if p, err := g.StartPosition(); err == nil {
			first = p.MoveNumber()
		}
	}
	d.drawHeader(h)
	d.drawGrid(first, d.opt.Clocks)
	d.drawResultAndSignatures("")
	d.drawPageFooter(d.footerText(h), "")
}

// pgnToken is the result a scoresheet's boxes mark: a forfeit's winner's
// box (the points it gives), none for a double forfeit.
func pgnToken(r sheet.Result) string {
	tok, _ := r.PGNResult()
	return tok
}
