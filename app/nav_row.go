package app

import (
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"scoresheet/app/session"
	"scoresheet/sheet"
)

// navRow is a board's line in the navigator: its state as an icon, the
// board's number, both players' names and the result. At 1366x768 the
// navigator is about 230 px wide: "Board 1: Hohenzollern-Sig..." left no
// room for Black's name nor the state. The names share the width left
// (each shortened to its surname, then cut with "…" where it must), and
// pointing at the line shows all of it in words (tipLayer).
type navRow struct {
	widget.BaseWidget
	tips   *tipLayer
	icon   *widget.Icon
	texts  [5]*canvas.Text // number, White, dash, Black, result
	full   [5]string       // their texts before cutting to fit
	names  [2]string       // White's and Black's, as shortened (before cutting)
	tip    string
	hasTip bool // a board's line, not a round's
}

func newNavRow(tips *tipLayer) *navRow {
	r := &navRow{tips: tips, icon: widget.NewIcon(nil)}
	for i := range r.texts {
		r.texts[i] = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	}
	r.ExtendBaseWidget(r)
	return r
}

// setRound shows a round's line: a folder and its name.
func (r *navRow) setRound(name string) {
	r.icon.SetResource(theme.FolderIcon())
	r.set([5]string{name}, [2]string{}, "")
	r.hasTip = false
}

// setBoard shows a board's line.
func (r *navRow) setBoard(g session.GameInfo) {
	r.icon.SetResource(stateIcon(g.State))
	names := [2]string{shortName(g.White), shortName(g.Black)}
	dash := ""
	if g.White != "" || g.Black != "" {
		dash = "–"
	}
	r.set([5]string{itoa0(g.Board), "", dash, "", navResult(g.Result)}, names, navLabel(g))
	r.hasTip = true
}

func (r *navRow) set(texts [5]string, names [2]string, tip string) {
	fg := theme.Color(theme.ColorNameForeground)
	for i, t := range texts {
		r.texts[i].Text, r.texts[i].Color = t, fg
	}
	r.full = texts
	r.texts[4].TextStyle.Bold = true
	if r.tips != nil && r.tips.owner == r && tip != r.tip {
		// The tree shows another board in this line (scrolled, or
		// another writer): its tooltip said the board shown before.
		r.tips.hide()
	}
	r.names, r.tip = names, tip
	r.Refresh()
}

// navResult is a result as short as the line needs it: ½-½ for a
// draw, nothing for "*" (no result yet, which the state says).
func navResult(r sheet.Result) string {
	switch r {
	case sheet.Drawn:
		return "½-½"
	case sheet.Unfinished:
		return ""
	}
	return string(r)
}

// shortName is a name as the navigator shows it: a pairing list's
// "Surname, Given names" by its surname; "Given names Surname" by its
// last word (at 1366 wide the line showed "Maximilia…", the given name's
// start, of "Maximilian-Alexander von Hohenzollern"; the tooltip says
// the whole name).
func shortName(name string) string {
	if i := strings.IndexByte(name, ','); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	f := strings.Fields(name)
	k := len(f) - 1 // the surname: the last word, with what only follows it (a number, "Jr.", "III")
	for k > 0 && nameSuffix(f[k]) {
		k--
	}
	if k <= 0 {
		return strings.Join(f, " ")
	}
	return strings.Join(f[k:], " ")
}

// nameSuffix reports whether a word follows a surname rather than being
// one: without a letter ("01"), or a generational suffix.
func nameSuffix(w string) bool {
	switch strings.TrimSuffix(w, ".") {
	case "Jr", "Sr", "II", "III", "IV":
		return true
	}
	return !strings.ContainsFunc(w, unicode.IsLetter)
}

// cutToFit cuts s to its longest start that fits width w with "…" after
// it (s itself when it fits, "" when not even one letter does).
func cutToFit(s string, w float32, size float32, style fyne.TextStyle) string {
	if s == "" || fyne.MeasureText(s, size, style).Width <= w {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs) // the longest start that fits is rs[:lo]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(rs[:mid])+"…", size, style).Width <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return ""
	}
	return strings.TrimSpace(string(rs[:lo])) + "…"
}

func (r *navRow) MouseIn(ev *desktop.MouseEvent) {
	if r.hasTip && r.tips != nil {
		r.tips.showSoon(r, r.tip, ev.AbsolutePosition)
	}
}

func (r *navRow) MouseMoved(*desktop.MouseEvent) {}

func (r *navRow) MouseOut() {
	if r.tips != nil {
		r.tips.hide()
	}
}

func (r *navRow) CreateRenderer() fyne.WidgetRenderer {
	objs := []fyne.CanvasObject{r.icon}
	for _, t := range r.texts {
		objs = append(objs, t)
	}
	return &navRowRenderer{r: r, objs: objs}
}

type navRowRenderer struct {
	r    *navRow
	objs []fyne.CanvasObject
}

func (nr *navRowRenderer) Destroy()                     {}
func (nr *navRowRenderer) Objects() []fyne.CanvasObject { return nr.objs }
func (nr *navRowRenderer) Refresh() {
	nr.Layout(nr.r.Size())
	for _, o := range nr.objs {
		o.Refresh()
	}
}

// navNameMin is how wide a name is at least: a few letters of each.
const navNameMin = 36

func (nr *navRowRenderer) MinSize() fyne.Size {
	pad, ts := theme.InnerPadding(), theme.TextSize()
	icon := theme.IconInlineSize()
	h := max(icon, fyne.MeasureText("Mg", ts, fyne.TextStyle{}).Height) + pad
	return fyne.NewSize(icon+pad+fyne.MeasureText("30", ts, fyne.TextStyle{}).Width+2*navNameMin+3*pad, h)
}

// Layout puts the icon, the number, the names around the dash and the
// result in a row; the names get what the others leave, shared so that a
// short name leaves the rest to the other, each cut to fit.
func (nr *navRowRenderer) Layout(size fyne.Size) {
	r := nr.r
	pad, ts := theme.InnerPadding(), theme.TextSize()
	icon := theme.IconInlineSize()
	r.icon.Resize(fyne.NewSquareSize(icon))
	r.icon.Move(fyne.NewPos(0, (size.Height-icon)/2))
	x := icon + pad
	width := func(t *canvas.Text) float32 {
		if t.Text == "" {
			return 0
		}
		return fyne.MeasureText(t.Text, ts, t.TextStyle).Width
	}
	gap := pad / 2
	place := func(t *canvas.Text, w float32) {
		t.TextSize = ts
		h := fyne.MeasureText("Mg", ts, t.TextStyle).Height
		t.Move(fyne.NewPos(x, (size.Height-h)/2))
		t.Resize(fyne.NewSize(w, h))
		if w > 0 {
			x += w + gap
		}
	}
	num, dash, res := r.texts[0], r.texts[2], r.texts[4]
	if !r.hasTip { // a round: its name in the whole width
		num.Text = cutToFit(r.full[0], size.Width-x, ts, num.TextStyle)
		place(num, size.Width-x)
		return
	}
	fixed := width(num) + width(dash) + width(res) + 4*gap
	room := max(0, size.Width-x-fixed)
	want := [2]float32{}
	for i, n := range r.names {
		want[i] = fyne.MeasureText(n, ts, fyne.TextStyle{}).Width
	}
	got := [2]float32{room / 2, room / 2}
	switch {
	case want[0]+want[1] <= room:
		got = want
	case want[0] < room/2:
		got = [2]float32{want[0], room - want[0]}
	case want[1] < room/2:
		got = [2]float32{room - want[1], want[1]}
	}
	place(num, width(num))
	for i, t := range []*canvas.Text{r.texts[1], r.texts[3]} {
		t.Text = cutToFit(r.names[i], got[i], ts, t.TextStyle)
		place(t, width(t)) // what is left of its share is left at the end
		if i == 0 {
			place(dash, width(dash))
		}
	}
	place(res, width(res))
}

// tipLayer draws a tooltip over the window: a box of text near the
// pointer, shown after it rests on a line a moment, gone when it leaves.
// It lies in the window's content, not in an overlay: an overlay takes
// the keyboard (Fyne gives the keys to the top overlay), and the
// arbiter's typing must never go to a tooltip.
type tipLayer struct {
	layer  *fyne.Container // no layout: the box is placed where it is shown
	box    *fyne.Container
	text   *canvas.Text
	delay  time.Duration // 0: at once (tests)
	gen    int           // the tooltip asked last; a later one or a hide cancels it
	owner  any           // what asked for the tooltip shown or asked last (nil after a hide)
	timers *uiTimers     // the window's
}

func newTipLayer(timers *uiTimers) *tipLayer {
	tl := &tipLayer{delay: 500 * time.Millisecond, timers: timers}
	tl.text = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	bg.StrokeWidth = 1
	bg.CornerRadius = theme.InputRadiusSize()
	tl.box = container.NewStack(bg, container.NewPadded(tl.text))
	tl.box.Hide()
	tl.layer = container.NewWithoutLayout(tl.box)
	return tl
}

// showSoon shows text at the pointer's place after the delay, unless the
// pointer left first.
func (tl *tipLayer) showSoon(owner any, text string, at fyne.Position) {
	tl.gen++
	gen := tl.gen
	tl.owner = owner
	if tl.delay <= 0 {
		tl.show(text, at)
		return
	}
	tl.timers.after(tl.delay, func() {
		if gen == tl.gen {
			tl.show(text, at)
		}
	})
}

func (tl *tipLayer) show(text string, at fyne.Position) {
	tl.text.Text = text
	tl.text.Color = theme.Color(theme.ColorNameForeground)
	tl.text.Refresh()
	size := tl.box.MinSize()
	win := tl.layer.Size()
	pos := at.Add(fyne.NewPos(12, 18)) // below and right of the pointer
	if pos.X+size.Width > win.Width {
		pos.X = max(0, win.Width-size.Width)
	}
	if pos.Y+size.Height > win.Height {
		pos.Y = max(0, at.Y-size.Height-4)
	}
	tl.box.Resize(size)
	tl.box.Move(pos)
	tl.box.Show()
	tl.layer.Refresh()
}

func (tl *tipLayer) hide() {
	tl.gen++
	tl.owner = nil
	if tl.box.Visible() {
		tl.box.Hide()
		tl.layer.Refresh()
	}
}

// shown returns the tooltip's text, "" when none is shown.
func (tl *tipLayer) shown() string {
	if !tl.box.Visible() {
		return ""
	}
	return tl.text.Text
}
