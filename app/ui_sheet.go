package app

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// copyView draws one copy like a paper scoresheet: move number, White's
// move, clock, Black's move, clock; one row per move. Its head (the
// player and the copy's notation) stays above the rows; the rows of both
// copies scroll together in the game view's one scroll (see
// newSheetsView), row beside row.
type copyView struct {
	w     *gameView
	side  sheet.Side
	title *widget.Label
	lang  *headSelect
	// result is the result written on the copy: "", then sheet.CopyResults.
	result *headSelect
	rows   []*rowView
	head   *fyne.Container
	box    *fyne.Container // the rows (vbox), in the shared scroll
	vbox   *fyne.Container
	scrl   *container.Scroll // the scroll both copies share
}

type rowView struct {
	num    *canvas.Text
	cells  [2]*cellView
	clocks [2]*canvas.Text
}

// cellView is one cell: its state's colour and icon, the text as
// written, the draw offer mark; the cursor cell holds the entry.
type cellView struct {
	bg    *canvas.Rectangle
	frame *canvas.Rectangle
	icon  *widget.Icon
	text  *canvas.Text
	draw  *canvas.Text
	stack *fyne.Container
	tap   *tapArea
	index int

	shown struct {
		text   string
		status rules.CellStatus
		draw   bool
		mark   sheet.CellMark
		exists bool
		cursor bool
	}
}

// drawSign is how a cell shows a draw offer: (=), as players write it.
func drawSign(offer bool) string {
	if offer {
		return "(=)"
	}
	return ""
}

// markSign is how a cell shows the arbiter's mark: the article it
// marks, words in no language (the Arbiter checks tab says the rest).
var markSign = map[sheet.CellMark]string{
	sheet.MarkClaimRepetition: "9.2", sheet.MarkClaimFiftyMoves: "9.3",
	sheet.MarkSealed: "I.1", sheet.MarkRecordingStopped: "8.4",
}

// minRows is how many rows a copy shows at least, like a paper sheet.
const minRows = 30

func newCopyView(w *gameView, side sheet.Side) *copyView {
	cv := &copyView{w: w, side: side}
	cv.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// A long name ends in an ellipsis: the label would otherwise ask for
	// its whole width and widen the window past a laptop's screen.
	cv.title.Truncation = fyne.TextTruncateEllipsis
	var codes []string
	for _, l := range rules.Languages() {
		codes = append(codes, notationLangName(l))
	}
	cv.lang = newHeadSelect(w, codes, func(v string) {
		if len(v) >= 2 {
			w.setLang(side, v[:2])
		}
	})
	names := []string{""}
	for _, r := range sheet.CopyResults {
		names = append(names, string(r))
	}
	cv.result = newHeadSelect(w, names, func(v string) {
		w.setCopyResult(side, sheet.Result(v))
	})
	cv.result.PlaceHolder = T("ui.copy.result")
	cv.vbox = container.NewVBox()
	cv.box = cv.vbox
	// The copy's name on a line of its own: beside the result and the
	// notation, on a laptop's width, it had no room left but for "...".
	cv.head = container.NewVBox(cv.title, container.NewHBox(cv.result, cv.lang))
	return cv
}

// newSheetsView lays out the two copies: their heads side by side, and
// below them one scroll holding both copies' rows, so that move n of
// White's copy stays beside move n of Black's whatever the scroll (each
// copy has as many rows as the other, all rowHeight high).
func newSheetsView(white, black *copyView) fyne.CanvasObject {
	scrl := container.NewVScroll(container.NewGridWithColumns(2, white.box, black.box))
	white.scrl, black.scrl = scrl, scrl
	return topFirst(container.NewGridWithColumns(2, white.head, black.head), scrl)
}

// rowLayout lays out a row: number, cell, clock, cell, clock.
type rowLayout struct{}

const (
	numWidth   = 34
	clockWidth = 48
	rowHeight  = 30
	// cellMinWidth is a cell's least width, small enough for the window
	// to fit a 1280 px wide screen; the cells take whatever more width
	// the window gives them.
	cellMinWidth = 80
)

func (rowLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(numWidth+2*clockWidth+2*cellMinWidth, rowHeight)
}

func (rowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cell := (size.Width - numWidth - 2*clockWidth) / 2
	x := float32(0)
	widths := []float32{numWidth, cell, clockWidth, cell, clockWidth}
	for i, o := range objs {
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(widths[i]-2, size.Height-2))
		x += widths[i]
	}
}

func (cv *copyView) newRow(r int) *rowView {
	rv := &rowView{num: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	rv.num.Alignment = fyne.TextAlignTrailing
	objs := []fyne.CanvasObject{rv.num}
	for col := 0; col < 2; col++ {
		c := &cellView{index: -1}
		c.bg = canvas.NewRectangle(color.Transparent)
		c.frame = canvas.NewRectangle(color.Transparent)
		c.frame.StrokeColor = theme.Color(theme.ColorNameSeparator)
		c.frame.StrokeWidth = 1
		c.icon = widget.NewIcon(nil)
		c.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		c.draw = canvas.NewText("", theme.Color(theme.ColorNameForeground))
		c.draw.TextSize = theme.TextSize() * 0.8
		inner := container.NewBorder(nil, nil, nil, container.NewHBox(c.draw, c.icon), container.NewPadded(c.text))
		c.stack = container.NewStack(c.bg, c.frame, inner)
		cc := c
		c.tap = newTapArea(c.stack, func() { cv.w.tapCell(cv.side, cc.index) })
		rv.cells[col] = c
		clk := canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
		clk.TextSize = theme.TextSize() * 0.85
		rv.clocks[col] = clk
		objs = append(objs, c.tap, clk)
	}
	cv.vbox.Add(container.New(rowLayout{}, objs...))
	return rv
}

// refresh draws every cell from the session.
func (cv *copyView) refresh() {
	s := cv.w.s
	g := s.Game()
	if g == nil {
		return
	}
	if cv.side == sheet.WhiteCopy {
		setLabel(cv.title, T("ui.copy.white")+": "+g.White.Name)
	} else {
		setLabel(cv.title, T("ui.copy.black")+": "+g.Black.Name)
	}
	for _, o := range cv.lang.Options {
		if len(o) >= 2 && o[:2] == g.CopyLang(cv.side) {
			if cv.lang.Selected != o {
				cv.lang.SetSelected(o)
			}
		}
	}
	if r := string(g.Copies[cv.side].Result); cv.result.Selected != r {
		cv.result.SetSelected(r)
	}
	n := max(s.Len(sheet.WhiteCopy), s.Len(sheet.BlackCopy)) + 2
	lastRow, _ := s.RowCol(n)
	rows := max(minRows, lastRow+1)
	for len(cv.rows) < rows {
		cv.rows = append(cv.rows, cv.newRow(len(cv.rows)))
	}
	cur := s.Cursor()
	for r, rv := range cv.rows {
		num := strconv.Itoa(s.MoveNumber(r))
		if rv.num.Text != num {
			rv.num.Text = num
			rv.num.Refresh()
		}
		for col := 0; col < 2; col++ {
			i := s.IndexAt(r, col)
			cv.refreshCell(rv, col, i, cur)
		}
	}
}

func (cv *copyView) refreshCell(rv *rowView, col, i int, cur Cursor) {
	s := cv.w.s
	c := rv.cells[col]
	c.index = i
	cell, exists := s.Cell(cv.side, i)
	status := s.Status(cv.side, i)
	isCursor := cur.Side == cv.side && cur.Index == i
	clock := cell.Clock
	if rv.clocks[col].Text != clock {
		rv.clocks[col].Text = clock
		rv.clocks[col].Refresh()
	}
	if c.shown.text == cell.Text && c.shown.status == status && c.shown.draw == cell.DrawOffer &&
		c.shown.mark == cell.Mark && c.shown.exists == exists && c.shown.cursor == isCursor && c.text.Text == cell.Text {
		return
	}
	c.shown.text, c.shown.status, c.shown.draw, c.shown.exists, c.shown.cursor = cell.Text, status, cell.DrawOffer, exists, isCursor
	c.shown.mark = cell.Mark
	c.text.Text = cell.Text
	c.text.Refresh()
	c.draw.Text = strings.TrimSpace(drawSign(cell.DrawOffer) + " " + markSign[cell.Mark])
	c.draw.Refresh()
	if exists && cell.Text != "" {
		c.bg.FillColor = statusColor(status)
		c.icon.SetResource(statusIcon(status))
	} else {
		c.bg.FillColor = color.Transparent
		c.icon.SetResource(nil)
	}
	c.bg.Refresh()
	if isCursor {
		c.frame.StrokeColor = colorCursor
		c.frame.StrokeWidth = 2
	} else {
		c.frame.StrokeColor = theme.Color(theme.ColorNameSeparator)
		c.frame.StrokeWidth = 1
	}
	c.frame.Refresh()
}

// statusColor and statusIcon show a cell's verdict.
func statusColor(s rules.CellStatus) color.Color {
	switch s {
	case rules.StatusOK, rules.StatusResult:
		return colorOK
	case rules.StatusNonstandard:
		return colorNonstandard
	case rules.StatusAmbiguous:
		return colorAmbiguous
	case rules.StatusIllegal:
		return colorIllegal
	case rules.StatusUnreadable:
		return colorUnreadable
	}
	return color.Transparent
}

func statusIcon(s rules.CellStatus) fyne.Resource {
	switch s {
	case rules.StatusOK, rules.StatusResult:
		return theme.ConfirmIcon()
	case rules.StatusNonstandard:
		return theme.WarningIcon()
	case rules.StatusAmbiguous:
		return theme.QuestionIcon()
	case rules.StatusIllegal, rules.StatusUnreadable:
		return theme.ErrorIcon()
	}
	return nil
}

// cellAt returns the cell view of a cell index, or nil.
func (cv *copyView) cellAt(i int) *cellView {
	r, col := cv.w.s.RowCol(i)
	if i < 0 || r >= len(cv.rows) {
		return nil
	}
	return cv.rows[r].cells[col]
}
