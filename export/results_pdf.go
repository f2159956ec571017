package export

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"scoresheet/rules"
	"scoresheet/sheet"
	"scoresheet/trf"
)

// A round's results list, printed for the wall and for typing into the
// pairing program: a page per round (more when it is long) with the
// event, the round and its date, then one line per board by board
// number (board, White with his rating, the result, Black with his),
// then the round's byes. A result the arbiter checks call into question
// (the copies' results differ, a copy or the pairing program has
// another, the final position does not allow it: sheet.CheckCode's
// IsResult) is printed in red with a mark, and said under the list: a
// disputed result is never posted as if it were settled.

// resultRow is one line of the list.
type resultRow struct {
	board int
	// The players as printed (name, rank) and their ratings, not the
	// players: a row is kept until its round is sorted, and with whole
	// players the list of 50,000 boards peaked at 112 MB, not 91.
	white, black             string
	whiteRating, blackRating string
	result                   string
	bye                      string               // a bye's code (H, F, U, Z) on a bye's line, else ""
	doubts                   []sheet.CheckFinding // the result checks of warning or error
}

// resultRound is one round of the list.
type resultRound struct {
	number int
	rows   []resultRow
}

const (
	resultRowH     = 6.5
	resultHeadTop  = 40.0 // the table's top: below title, event and round
	resultFootRoom = 14.0 // the page footer, below the table
)

// WriteResultsPDF writes the results list of the games (one round or
// several, each from a new page), with the byes of those rounds (from
// the pairing program's file; none without one). The printed words are
// in opt.Lang; opt.Paper sets the paper.
func WriteResultsPDF(w io.Writer, ev *sheet.Event, games Games, byes []trf.Bye, opt PDFOptions) (err error) {
	defer guard(&err)
	rounds, err := resultRounds(ev, games, byes, opt.Progress)
	if err != nil {
		return err
	}
	d := newDoc(opt, false)
	d.pdf.SetTitle(d.l.get("print.results"), true)
	// The pages leave gofpdf as they are done (pdf_spill.go): a round of
	// 50,000 boards is 1,389 pages, 192 MB peak when gofpdf kept them.
	spill := pageSpill{tempFile: tempFile{dir: scratchDir(w)}}
	defer spill.Close()
	for _, r := range rounds {
		if err := d.resultPages(ev, r, &spill, 0); err != nil {
			return err
		}
	}
	return d.finish(w, &spill, len(rounds), nil)
}

// resultRounds analyses the games and returns the list's rounds, in
// order, with the byes.
func resultRounds(ev *sheet.Event, games Games, byes []trf.Bye, progress func(done, total int)) ([]resultRound, error) {
	byRound := map[int]*resultRound{}
	done := 0
	err := analyseEach(ev, games, rules.Notation{}, false, func(v *gameView) error {
		g := v.g
		r := byRound[g.Round]
		if r == nil {
			r = &resultRound{number: g.Round}
			byRound[g.Round] = r
		}
		wr, br, _ := trf.Ranks(g)
		row := resultRow{board: g.Board, white: rankedPlayer(g.White, wr), black: rankedPlayer(g.Black, br),
			whiteRating: ratingText(g.White), blackRating: ratingText(g.Black), result: printedResult(resultText(g))}
		for _, f := range v.checks {
			if f.Code.IsResult() && f.Severity() >= rules.Warning {
				row.doubts = append(row.doubts, f)
			}
		}
		r.rows = append(r.rows, row)
		done++
		report(progress, done, games.Total)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return withByes(sortedRounds(byRound), byes), nil
}

// sortedRounds returns the rounds by number, each round's boards by
// board number, whatever order the games came in.
func sortedRounds(byRound map[int]*resultRound) []resultRound {
	var rounds []resultRound
	for _, r := range byRound {
		slices.SortStableFunc(r.rows, func(a, b resultRow) int { return a.board - b.board })
		rounds = append(rounds, *r)
	}
	slices.SortFunc(rounds, func(a, b resultRound) int { return a.number - b.number })
	return rounds
}

// printedResult prints a draw as on the scoresheet, ½-½.
func printedResult(r string) string {
	if r == "1/2-1/2" {
		return "½-½"
	}
	return r
}

// withByes adds each bye to its round (the rounds in order; a round of
// byes only is added where it falls).
func withByes(rounds []resultRound, byes []trf.Bye) []resultRound {
	for _, b := range byes {
		i := 0
		for i < len(rounds) && rounds[i].number < b.Round {
			i++
		}
		if i == len(rounds) || rounds[i].number != b.Round {
			rounds = append(rounds[:i], append([]resultRound{{number: b.Round}}, rounds[i:]...)...)
		}
		code := b.Result
		if code == ' ' {
			code = 'Z'
		}
		rounds[i].rows = append(rounds[i].rows, resultRow{
			white: rankedPlayer(sheet.Player{Name: b.Player.Name}, b.Player.Rank), whiteRating: ratingText(sheet.Player{Rating: b.Player.Rating}), bye: string(code)})
	}
	return rounds
}

// resultPages prints one round: its lines, then what is in doubt, over
// as many pages as they take (the first last of them when last > 0),
// each finished one taken into spill (none for the preview).
func (d *doc) resultPages(ev *sheet.Event, r resultRound, spill *pageSpill, last int) error {
	lines := d.doubtLines(r)
	perPage := max(1, int((d.ph-resultHeadTop-resultFootRoom-resultRowH)/resultRowH))
	pages := max(1, (len(r.rows)+len(lines)+perPage-1)/perPage)
	if last <= 0 {
		last = pages
	}
	rows, row := r.rows, 0
	for p := 1; p <= min(pages, last); p++ {
		d.page.AddPage()
		if spill != nil {
			if err := spill.take(d.pdf); err != nil {
				return err
			}
		}
		d.resultHead(ev, r.number)
		y := resultHeadTop + resultRowH
		n := 0
		for ; n < perPage && row < len(rows); n, row = n+1, row+1 {
			d.resultLine(y, &rows[row])
			y += resultRowH
		}
		for ; n < perPage && len(lines) > 0; n++ {
			d.fitText(d.margin, y+4.5, d.cw, lines[0], 8, false, errorRed)
			lines = lines[1:]
			y += resultRowH
		}
		right := d.l.get("print.page") + " " + strconv.Itoa(p) + " " + d.l.get("print.of") + " " + strconv.Itoa(pages)
		d.drawPageFooter(d.l.get("ui.header.round")+" "+strconv.Itoa(r.number), right)
	}
	return nil
}

// doubtLines says, per board whose result is in doubt, why.
func (d *doc) doubtLines(r resultRound) []string {
	var out []string
	for _, row := range r.rows {
		if len(row.doubts) == 0 {
			continue
		}
		var why []string
		for _, f := range row.doubts {
			why = append(why, d.l.get("print.check."+string(f.Code))+" ("+f.Article+")")
		}
		out = append(out, "! "+d.l.get("ui.header.board")+" "+strconv.Itoa(row.board)+": "+strings.Join(why, "; "))
	}
	if len(out) > 0 {
		out = append([]string{d.l.get("print.results-doubt")}, out...)
	}
	return out
}

// resultColumns are the table's columns: their left edges and widths,
// from the content width (board, White, rating, result, Black, rating).
func (d *doc) resultColumns() (x, w [6]float64) {
	const boardW, ratingW, resultW = 14.0, 16.0, 24.0
	name := (d.cw - boardW - 2*ratingW - resultW) / 2
	w = [6]float64{boardW, name, ratingW, resultW, name, ratingW}
	at := d.margin
	for i := range w {
		x[i] = at
		at += w[i]
	}
	return x, w
}

// resultHead prints the page's title, the event, the round with its date
// and the table's column headings.
func (d *doc) resultHead(ev *sheet.Event, round int) {
	x, y := d.margin, topMargin
	d.fitText(x, y+6.5, d.cw, d.l.get("print.results"), 15, true, black)
	if ev != nil {
		about := ev.Name
		if ev.Site != "" && ev.Site != "?" {
			about += ", " + ev.Site
		}
		d.fitText(x, y+14, d.cw, about, 11, false, black)
	}
	r := d.l.get("ui.header.round") + " " + strconv.Itoa(round)
	if date := roundDate(ev, round); date != "" {
		r += " · " + date
	}
	d.fitText(x, y+22, d.cw, r, 12, true, black)
	cx, cw := d.resultColumns()
	heads := [6]string{d.l.get("ui.header.board"), "♔ " + d.l.get("ui.header.white"), d.l.get("ui.header.rating"),
		d.l.get("ui.header.result"), "♚ " + d.l.get("ui.header.black"), d.l.get("ui.header.rating")}
	top := resultHeadTop
	for i, h := range heads {
		d.fitText(cx[i]+1, top+4.5, cw[i]-2, h, 8, true, labelGrey)
	}
	d.page.SetLineWidth(0.4)
	d.page.Line(x, top+resultRowH, x+d.cw, top+resultRowH)
	d.page.SetLineWidth(0.2)
}

// roundDate is the round's date, or "".
func roundDate(ev *sheet.Event, round int) string {
	if ev == nil {
		return ""
	}
	for _, r := range ev.Rounds {
		if r.Number == round {
			return r.Date
		}
	}
	return ""
}

// resultLine prints one board at y (the line's top).
func (d *doc) resultLine(y float64, row *resultRow) {
	cx, cw := d.resultColumns()
	base := y + 4.6
	if row.bye == "" {
		d.fitText(cx[0]+1, base, cw[0]-2, strconv.Itoa(row.board), 10, true, black)
	}
	d.fitText(cx[1]+1, base, cw[1]-2, row.white, 10, false, black)
	d.fitText(cx[2]+1, base, cw[2]-2, row.whiteRating, 10, false, black)
	result, c := row.result, black
	if row.bye != "" {
		result = d.l.get("print.bye") + " " + row.bye
	}
	if len(row.doubts) > 0 {
		result, c = result+" !", errorRed
	}
	d.centred(cx[3], base, cw[3], result, 11, true, c)
	d.fitText(cx[4]+1, base, cw[4]-2, row.black, 10, false, black)
	d.fitText(cx[5]+1, base, cw[5]-2, row.blackRating, 10, false, black)
	d.page.SetDrawColor(rowGrey)
	d.page.Line(d.margin, y+resultRowH, d.margin+d.cw, y+resultRowH)
	d.page.SetDrawColor(black)
}

// rankedPlayer is a player as the list prints him: title, name,
// federation, and his starting rank in the pairing program ("(12)").
func rankedPlayer(p sheet.Player, rank int) string {
	s := playerText(p)
	if rank > 0 {
		s += " (" + strconv.Itoa(rank) + ")"
	}
	return s
}
