package export

import (
	"compress/flate"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xuri/excelize/v2"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// XLSXOptions say how WriteXLSX writes the workbook.
type XLSXOptions struct {
	// Notation spells the moves taken (the copies are always as written);
	// the zero value is English SAN.
	Notation rules.Notation
	// Lang is the language of sheet names, headings and words ("en", "de").
	Lang string
	// CreationDate, when set, is the workbook's creation and modification
	// date. Nil means now. The cells are the same for the same input, the
	// bytes not always: excelize orders the streamed sheets in the ZIP
	// file as it likes.
	CreationDate *time.Time
	// Notes also lists the notation reader's notes among a ply's findings;
	// the error and warning counts are the same either way.
	Notes bool
	// Progress, when not nil, is told after each game's sheet how many
	// of the games are written.
	Progress func(done, total int)
}

// Column widths, in characters.
var (
	gamesWidths = []float64{7, 7, 30, 10, 30, 10, 9, 7, 18, 8, 10, 70, 11}
	plyWidths   = []float64{6, 7, 18, 18, 13, 22, 70, 9, 11, 11}
)

// WriteXLSX writes the event's workbook: a Games sheet, one row a game
// (round, board, players and ratings, result, plies, state, counts of
// errors and warnings, the arbiter checks), and one sheet a game, one row
// a ply (move number, each copy as written, the move taken, its status,
// findings, draw offer, clocks). Each sheet has a frozen header row and
// filters. Every text is written as text: nothing becomes a formula.
// ev may be nil.
func WriteXLSX(w io.Writer, ev *sheet.Event, games []sheet.Game, opt XLSXOptions) error {
	return WriteXLSXFrom(w, ev, GameSlice(games), opt)
}

// WriteXLSXFrom is WriteXLSX of games read one at a time: each game's
// sheet and its row of the Games sheet are streamed as soon as the game
// is analysed, and the game is let go.
func WriteXLSXFrom(w io.Writer, ev *sheet.Event, games Games, opt XLSXOptions) error {
	if err := writeXLSX(w, ev, games, opt); err != nil {
		return &WriteError{Code: "export-xlsx", Err: err}
	}
	return nil
}

func writeXLSX(w io.Writer, ev *sheet.Event, games Games, opt XLSXOptions) error {
	l := labeler(opt.Lang)
	f := excelize.NewFile()
	defer f.Close()
	pkg := newXLSXPackage(w)
	defer pkg.release()
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return pkg })
	now := time.Now()
	if opt.CreationDate != nil {
		now = *opt.CreationDate
	}
	props := &excelize.DocProperties{
		Creator: "Scoresheet", Created: now.UTC().Format(time.RFC3339), Modified: now.UTC().Format(time.RFC3339),
		Title: l.get("print.games"),
	}
	if ev != nil && ev.Name != "" {
		props.Title = ev.Name
	}
	if err := f.SetDocProps(props); err != nil {
		return err
	}
	gamesSheet := l.get("print.games")
	if err := f.SetSheetName("Sheet1", gamesSheet); err != nil {
		return err
	}
	headStyle, err := newHeadStyle(f)
	if err != nil {
		return err
	}
	// The Games sheet, first in the workbook, gets its row as each
	// game's own sheet is written.
	gs, err := startGamesSheet(f, l, gamesSheet, games.Total, headStyle, &pkg.gamesRows)
	if err != nil {
		return err
	}
	used := map[string]bool{strings.ToLower(gamesSheet): true}
	n := 0
	err = analyseEach(ev, games, opt.Notation, opt.Notes, func(v *gameView) error {
		name := sheetName(v.g, n, used)
		err := pkg.addSheet(name, len(v.plies)+1, func(sf *excelize.File, sname string, headStyle int) error {
			return writeGameSheet(sf, l, sname, v, headStyle)
		})
		if err != nil {
			return err
		}
		n++
		if err := gs.row(v, name, n); err != nil {
			return err
		}
		report(opt.Progress, n, games.Total)
		return nil
	})
	if err != nil {
		return err
	}
	if err := gs.sw.Flush(); err != nil {
		return err
	}
	// excelize writes the File into a buffer it returns, here empty: the
	// package, its ZIP writer, writes it to w.
	_, err = f.WriteTo(io.Discard)
	return err
}

// newHeadStyle adds the style of the header rows to f.
func newHeadStyle(f *excelize.File) (int, error) {
	return f.NewStyle(&excelize.Style{
		Font:      &excelize.Font{Bold: true},
		Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}},
		Border:    []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}},
		Alignment: &excelize.Alignment{Vertical: "center"},
	})
}

// filterRef is the range of a filter over rows rows (the header
// included) of cols columns.
func filterRef(cols, rows int) (string, error) {
	last, err := excelize.CoordinatesToCellName(cols, max(rows, 2))
	if err != nil {
		return "", err
	}
	return "A1:" + last, nil
}

// deflaters are flate writers at BestSpeed for reuse: each takes about
// a megabyte, and a workbook has two files a game.
var deflaters sync.Pool

// pooledDeflater returns its writer to deflaters when closed.
type pooledDeflater struct{ *flate.Writer }

func (p pooledDeflater) Close() error {
	err := p.Writer.Close()
	deflaters.Put(p.Writer)
	return err
}

// fastDeflate is a zip compressor at flate.BestSpeed.
func fastDeflate(out io.Writer) (io.WriteCloser, error) {
	if fw, ok := deflaters.Get().(*flate.Writer); ok {
		fw.Reset(out)
		return pooledDeflater{fw}, nil
	}
	fw, err := flate.NewWriter(out, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	return pooledDeflater{fw}, nil
}

// sheetName returns a unique sheet name for game i: "R3 B12", or
// "Game 7" without round and board.
func sheetName(g *sheet.Game, i int, used map[string]bool) string {
	base := "Game " + strconv.Itoa(i+1)
	if g.Round > 0 || g.Board > 0 {
		base = "R" + strconv.Itoa(g.Round) + " B" + strconv.Itoa(g.Board)
	}
	name := base
	for n := 2; used[strings.ToLower(name)]; n++ {
		name = base + " (" + strconv.Itoa(n) + ")"
	}
	used[strings.ToLower(name)] = true
	return name
}

// xlsxStream starts a sheet of rows rows (the header included): column
// widths, a filter over the rows, the frozen header row, the header itself.
func xlsxStream(f *excelize.File, name string, widths []float64, head []string, rows, headStyle int) (*excelize.StreamWriter, error) {
	// The filter goes on the sheet before streaming, which keeps it; a
	// table would do too, but excelize numbers tables by reading all
	// the others, which is quadratic in the sheets.
	ref, err := filterRef(len(head), rows)
	if err != nil {
		return nil, err
	}
	if err := f.AutoFilter(name, ref, nil); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return nil, err
	}
	for i, wd := range widths {
		if err := sw.SetColWidth(i+1, i+1, wd); err != nil {
			return nil, err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return nil, err
	}
	row := make([]interface{}, len(head))
	for i, h := range head {
		row[i] = h
	}
	return sw, sw.SetRow("A1", row, excelize.RowOpts{StyleID: headStyle})
}

// xlsxText returns s as a cell value that is always a string, never a formula.
func xlsxText(s string) interface{} {
	if s == "" {
		return nil
	}
	return s
}

func xlsxNumber(n int) interface{} {
	if n == 0 {
		return nil
	}
	return n
}

// gamesSheet is the Games sheet being streamed: its header by sw, then
// one row a game into rows.
type gamesSheet struct {
	sw  *excelize.StreamWriter
	row func(v *gameView, name string, n int) error
}

// startGamesSheet starts the Games sheet for total games (its filter
// covers that many rows).
func startGamesSheet(f *excelize.File, l labeler, name string, total, headStyle int, rows *rowSpool) (*gamesSheet, error) {
	head := []string{l.get("ui.header.round"), l.get("ui.header.board"), l.get("ui.header.white"), l.get("print.white-rating"), l.get("ui.header.black"), l.get("print.black-rating"),
		l.get("ui.header.result"), l.get("print.plies"), l.get("print.state"), l.get("print.errors"), l.get("print.warnings"), l.get("ui.checks"), l.get("print.sheet")}
	sw, err := xlsxStream(f, name, gamesWidths, head, total+1, headStyle)
	if err != nil {
		return nil, err
	}
	gs := &gamesSheet{sw: sw}
	row := make([]interface{}, len(head))
	// row writes game n's row (1-based), whose sheet is name.
	gs.row = func(v *gameView, name string, n int) error {
		g := v.g
		row[0], row[1] = xlsxNumber(g.Round), xlsxNumber(g.Board)
		row[2], row[3] = xlsxText(g.White.Name), xlsxNumber(g.White.Rating)
		row[4], row[5] = xlsxText(g.Black.Name), xlsxNumber(g.Black.Rating)
		row[6], row[7] = xlsxText(string(g.Result)), len(v.plies)
		row[8] = xlsxText(l.get("print.state." + string(v.state)))
		row[9], row[10] = v.errors, v.warnings
		row[11] = xlsxText(checksText(l, v))
		row[12] = xlsxText(name)
		cell, _ := excelize.CoordinatesToCellName(1, n+1)
		return rows.add(cell, row)
	}
	return gs, nil
}

// checksText lists a game's arbiter checks: "what (ply 34, Art. 9.2);
// Error: what (ply 40, Art. 7.5.1); ...".
func checksText(l labeler, v *gameView) string {
	var parts []string
	for _, f := range v.checks {
		s := severityPrefix(l, f.Severity()) + l.get("print.check."+string(f.Code))
		var in []string
		if f.Ply > 0 {
			in = append(in, l.get("print.ply-of")+" "+strconv.Itoa(f.Ply))
		}
		if f.Article != "" {
			in = append(in, l.get("print.article")+" "+f.Article)
		}
		if len(in) > 0 {
			s += " (" + strings.Join(in, ", ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func writeGameSheet(f *excelize.File, l labeler, name string, v *gameView, headStyle int) error {
	head := []string{l.get("print.ply"), l.get("print.move-no"), l.get("print.written-white"), l.get("print.written-black"), l.get("print.move-taken"),
		l.get("print.status"), l.get("print.findings"), l.get("print.draw"), l.get("print.clock-white"), l.get("print.clock-black")}
	sw, err := xlsxStream(f, name, plyWidths, head, len(v.plies)+1, headStyle)
	if err != nil {
		return err
	}
	// The footnotes of each ply, as one text.
	notes := map[int][]string{}
	for _, fn := range v.notes {
		s := fn.text(l)
		switch fn.copy {
		case int(sheet.WhiteCopy):
			s = l.get("print.copy-white") + ": " + s
		case int(sheet.BlackCopy):
			s = l.get("print.copy-black") + ": " + s
		}
		notes[fn.ply] = append(notes[fn.ply], s)
	}
	row := make([]interface{}, len(head))
	for i, p := range v.plies {
		r, _ := v.slot(i)
		row[0], row[1] = p.ply, v.firstMove+r
		row[2], row[3] = xlsxText(p.written[0]), xlsxText(p.written[1])
		row[4] = nil
		if !p.asWriten {
			row[4] = xlsxText(p.text)
		}
		row[5] = xlsxText(l.get("print.ply." + string(p.status)))
		row[6] = xlsxText(strings.Join(notes[p.ply], "; "))
		row[7] = nil
		if p.draw {
			row[7] = "(=)"
		}
		row[8], row[9] = xlsxText(p.clocks[0]), xlsxText(p.clocks[1])
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	return sw.Flush()
}
