package app

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/session"
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
	// mode says whether the copy is typed in full or consulted (typed
	// only at the half-moves looked up), and changes it.
	mode *headSelect
	// lang is the copy's notation language: the event's (Copy.Lang ""),
	// first, then every language of its own (rules.Languages).
	lang *headSelect
	// langFor is the event's language and the UI's the notation choices
	// were made for: they are made again only when one changes, not on
	// every key.
	langFor string
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
		unseen bool // not looked up (Session.NotLookedUp)
		// waiting: typed while the event was away, kept in the journal
		// and not yet written (Session.Waiting)
		waiting bool
		// refused: text typed here was refused (another writer changed
		// the cell) and is kept until written or dropped (F8, Shift+F8)
		refused bool
		draw    bool
		mark    sheet.CellMark
		exists  bool
		cursor  bool
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
	cv.lang = newHeadSelect(w, copyLangOptions(""), nil)
	cv.lang.OnChanged = func(string) {
		if i := cv.lang.SelectedIndex(); i >= 0 {
			w.setLang(side, copyLangCode(i))
		}
	}
	modes := []string{T("ui.copy.full"), T("ui.copy.consulted")}
	cv.mode = newHeadSelect(w, modes, nil)
	cv.mode.OnChanged = func(string) {
		if i := cv.mode.SelectedIndex(); i >= 0 {
			w.setConsulted(side, i == 1)
		}
	}
	cv.mode.PlaceHolder = longest(modes) // its width holds either
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
	// The copy's name on a line of its own, but for whether it is typed
	// in full: beside the result and the notation, on a laptop's width,
	// it had no room left but for "...". The notation takes the width the
	// result leaves (the event's choice names the event and the
	// language). Tab goes as they are seen: the mode, the result, the
	// notation (the containers hold them in that order).
	cv.head = container.NewVBox(
		container.New(layout.NewBorderLayout(nil, nil, nil, cv.mode), cv.title, cv.mode),
		container.New(layout.NewBorderLayout(nil, nil, cv.result, nil), cv.result, cv.lang))
	return cv
}

// copyLangOptions are a copy's notation choices: first the event's
// (which names the event's language, "" English), then each language.
func copyLangOptions(eventLang string) []string {
	l, ok := rules.LettersFor(eventLang)
	if !ok {
		l, _ = rules.LettersFor("en")
	}
	out := []string{T("ui.copy.lang.event", map[string]any{"Lang": notationLangName(l)})}
	for _, l := range rules.Languages() {
		out = append(out, notationLangName(l))
	}
	return out
}

// copyLangCode is the copy's language of option i of copyLangOptions:
// "" for the event's.
func copyLangCode(i int) string {
	if i <= 0 {
		return ""
	}
	return rules.Languages()[i-1].Code
}

// copyLangIndex is the option of copyLangOptions for a copy's own
// language ("" the event's); -1 for a code no language has.
func copyLangIndex(code string) int {
	if code == "" {
		return 0
	}
	if i := langIndex(code); i >= 0 {
		return i + 1
	}
	return -1
}

// langIndex is a language's place in rules.Languages, -1 for none.
func langIndex(code string) int {
	return slices.IndexFunc(rules.Languages(), func(l *rules.Letters) bool { return l.Code == code })
}

// longest returns the longest of texts as drawn.
func longest(texts []string) string {
	out, w := "", float32(0)
	for _, t := range texts {
		if tw := fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{}).Width; tw > w {
			out, w = t, tw
		}
	}
	return out
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
	// "White: Anna Schmidt": the colour first and short, since beside
	// the copy's choice of typed in full or consulted the line has room
	// for few words ("White's scoresheet" left no room for the name,
	// and German's "Partieformular von Weiß" none for the colour).
	if cv.side == sheet.WhiteCopy {
		setLabel(cv.title, T("ui.header.white")+": "+g.White.Name)
	} else {
		setLabel(cv.title, T("ui.header.black")+": "+g.Black.Name)
	}
	cv.refreshHead(g)
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

// refreshHead shows the copy's choices as the game has them: typed in
// full or consulted, its notation (the event's names the event's
// language, which may have changed). Setting a choice to what the game
// holds writes nothing (gameView.setLang and setConsulted see no change).
func (cv *copyView) refreshHead(g *sheet.Game) {
	c := g.Copies[cv.side]
	if key := g.EventLang + "|" + Language(); key != cv.langFor {
		cv.langFor = key
		if opts := copyLangOptions(g.EventLang); !slices.Equal(opts, cv.lang.Options) {
			cv.lang.Options = opts
			cv.lang.Selected = "" // shown anew below, in the new words
		}
	}
	if i := copyLangIndex(c.Lang); i >= 0 && cv.lang.Selected != cv.lang.Options[i] {
		cv.lang.SetSelected(cv.lang.Options[i])
	}
	mode := cv.mode.Options[0]
	if c.Consulted {
		mode = cv.mode.Options[1]
	}
	if cv.mode.Selected != mode {
		cv.mode.SetSelected(mode)
	}
}

func (cv *copyView) refreshCell(rv *rowView, col, i int, cur session.Cursor) {
	s := cv.w.s
	c := rv.cells[col]
	c.index = i
	cell, exists := s.Cell(cv.side, i)
	status := s.Status(cv.side, i)
	unseen := s.NotLookedUp(cv.side, i)
	waiting := s.Waiting(cv.side, i)
	refused := s.NotSavedAt(cv.side, i)
	isCursor := cur.Side == cv.side && cur.Index == i
	clock := cell.Clock
	if rv.clocks[col].Text != clock {
		rv.clocks[col].Text = clock
		rv.clocks[col].Refresh()
	}
	if c.shown.text == cell.Text && c.shown.status == status && c.shown.draw == cell.DrawOffer &&
		c.shown.mark == cell.Mark && c.shown.exists == exists && c.shown.cursor == isCursor && c.text.Text == cell.Text &&
		c.shown.unseen == unseen && c.shown.waiting == waiting && c.shown.refused == refused {
		return
	}
	c.shown.unseen, c.shown.waiting, c.shown.refused = unseen, waiting, refused
	c.shown.text, c.shown.status, c.shown.draw, c.shown.exists, c.shown.cursor = cell.Text, status, cell.DrawOffer, exists, isCursor
	c.shown.mark = cell.Mark
	c.text.Text = cell.Text
	c.text.Refresh()
	c.draw.Text = strings.TrimSpace(drawSign(cell.DrawOffer) + " " + markSign[cell.Mark])
	c.draw.Refresh()
	switch {
	case unseen:
		// Not looked up: greyed, no verdict (it is no finding).
		c.bg.FillColor = colorNotLookedUp
		c.icon.SetResource(nil)
	case exists && cell.Text != "":
		c.bg.FillColor = statusColor(status)
		c.icon.SetResource(statusIcon(status))
	default:
		c.bg.FillColor = color.Transparent
		c.icon.SetResource(nil)
	}
	if refused {
		c.icon.SetResource(theme.ErrorIcon())
	}
	if waiting {
		// Kept on this computer, not yet on the event: the clock icon and
		// an amber frame; the status line says it in words.
		c.icon.SetResource(theme.HistoryIcon())
	}
	c.bg.Refresh()
	switch {
	case isCursor:
		c.frame.StrokeColor = colorCursor
		c.frame.StrokeWidth = 2
	case waiting:
		c.frame.StrokeColor = colorWaiting
		c.frame.StrokeWidth = 2
	case refused:
		c.frame.StrokeColor = colorIllegal
		c.frame.StrokeWidth = 2
	default:
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
