package app

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// movesView shows the moves taken as words that wrap like a paragraph
// ("1. e4", "e5", "2. ♘f3", ...), each word a text of its own: a key
// that changes one move lays out and draws that word again, not the
// whole game (a wrapped label shaped every glyph of 80 half-moves on
// each key).
type movesView struct {
	widget.BaseWidget
	words []*canvas.Text
	Text  string // the words, joined by spaces (for tests)
	width float32
}

func newMovesView() *movesView {
	v := &movesView{}
	v.ExtendBaseWidget(v)
	return v
}

// SetWords shows words; only the words that changed are drawn again.
func (v *movesView) SetWords(words []string) {
	text := strings.Join(words, " ")
	if text == v.Text {
		return
	}
	v.Text = text
	fg := theme.Color(theme.ColorNameForeground)
	for i, w := range words {
		if i == len(v.words) {
			v.words = append(v.words, canvas.NewText("", fg))
		}
		if t := v.words[i]; t.Text != w || t.Color != fg {
			t.Text, t.Color = w, fg
			t.Refresh()
		}
	}
	v.words = v.words[:len(words)]
	v.Refresh()
}

func (v *movesView) CreateRenderer() fyne.WidgetRenderer { return &movesRenderer{v: v} }

type movesRenderer struct{ v *movesView }

func (r *movesRenderer) Destroy() {}

func (r *movesRenderer) Objects() []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(r.v.words))
	for i, w := range r.v.words {
		out[i] = w
	}
	return out
}

func (r *movesRenderer) Refresh() { r.Layout(r.v.Size()) }

// flow places the words in lines of width w; it returns the height.
func (r *movesRenderer) flow(w float32, place bool) float32 {
	pad, ts := theme.InnerPadding(), theme.TextSize()
	space := fyne.MeasureText(" ", ts, fyne.TextStyle{}).Width
	lineH := fyne.MeasureText("Mg", ts, fyne.TextStyle{}).Height
	x, y := pad, pad
	for _, t := range r.v.words {
		t.TextSize = ts
		tw := fyne.MeasureText(t.Text, ts, t.TextStyle).Width
		if x > pad && x+tw > w-pad {
			x, y = pad, y+lineH
		}
		if place {
			t.Move(fyne.NewPos(x, y))
			t.Resize(fyne.NewSize(tw, lineH))
		}
		x += tw + space
	}
	if len(r.v.words) == 0 {
		return 2 * pad
	}
	return y + lineH + pad
}

func (r *movesRenderer) Layout(size fyne.Size) {
	r.v.width = size.Width
	r.flow(size.Width, true)
}

// MinSize is as wide as the widest word and as high as the words take
// at the width last laid out (a paragraph's height depends on its
// width, which Fyne gives only in Layout).
func (r *movesRenderer) MinSize() fyne.Size {
	pad, ts := theme.InnerPadding(), theme.TextSize()
	var widest float32
	for _, t := range r.v.words {
		widest = max(widest, fyne.MeasureText(t.Text, ts, t.TextStyle).Width)
	}
	h := 2 * pad
	if r.v.width > 0 {
		h = r.flow(r.v.width, false)
	}
	return fyne.NewSize(widest+2*pad, h)
}
