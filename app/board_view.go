package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"scoresheet/rules"
)

// boardView draws a position: 8x8 squares and the pieces as figurines.
type boardView struct {
	widget.BaseWidget
	squares [64]*canvas.Rectangle
	pieces  [64]*canvas.Text
	objs    []fyne.CanvasObject
	pos     *rules.Position
}

var (
	lightSquare = color.NRGBA{0xf0, 0xd9, 0xb5, 0xff}
	darkSquare  = color.NRGBA{0xb5, 0x88, 0x63, 0xff}
	blackPiece  = color.NRGBA{0x10, 0x10, 0x10, 0xff}
)

// The figurines: outlined for White, solid for Black, as in books.
var boardGlyphs = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

func newBoardView() *boardView {
	b := &boardView{}
	for sq := 0; sq < 64; sq++ {
		c := lightSquare
		if (sq/8+sq%8)%2 == 0 {
			c = darkSquare
		}
		b.squares[sq] = canvas.NewRectangle(c)
		b.pieces[sq] = canvas.NewText("", blackPiece)
		b.pieces[sq].Alignment = fyne.TextAlignCenter
		b.objs = append(b.objs, b.squares[sq])
	}
	for sq := 0; sq < 64; sq++ {
		b.objs = append(b.objs, b.pieces[sq])
	}
	b.ExtendBaseWidget(b)
	b.SetPosition(rules.NewPosition())
	return b
}

// SetPosition shows p.
func (b *boardView) SetPosition(p *rules.Position) {
	if p == nil {
		p = rules.NewPosition()
	}
	b.pos = p
	for sq := 0; sq < 64; sq++ {
		pc := p.Piece(rules.Square(sq))
		t := b.pieces[sq]
		txt := ""
		col := blackPiece
		if pc != rules.NoPiece {
			txt = boardGlyphs[pc.Color()][pc.Type()]
		}
		if t.Text != txt || t.Color != col {
			t.Text, t.Color = txt, col
			t.Refresh()
		}
	}
}

// Glyph returns what the board shows on square sq, for tests.
func (b *boardView) Glyph(sq rules.Square) string { return b.pieces[sq].Text }

func (b *boardView) CreateRenderer() fyne.WidgetRenderer { return &boardRenderer{b} }

type boardRenderer struct{ b *boardView }

func (r *boardRenderer) Layout(size fyne.Size) {
	side := min(size.Width, size.Height)
	sq := side / 8
	for i := 0; i < 64; i++ {
		file, rank := i%8, i/8
		pos := fyne.NewPos(float32(file)*sq, float32(7-rank)*sq)
		r.b.squares[i].Move(pos)
		r.b.squares[i].Resize(fyne.NewSize(sq, sq))
		t := r.b.pieces[i]
		t.TextSize = sq * 0.75
		t.Move(pos)
		t.Resize(fyne.NewSize(sq, sq))
	}
}

func (r *boardRenderer) MinSize() fyne.Size           { return fyne.NewSize(200, 200) }
func (r *boardRenderer) Refresh()                     { r.Layout(r.b.Size()) }
func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.b.objs }
func (r *boardRenderer) Destroy()                     {}
