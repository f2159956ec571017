// Command icongen draws Scoresheet's 512x512 app icon, icon.png: a paper
// scoresheet with two ruled columns of handwritten moves and a chess
// knight, on a chessboard-brown tile.
//
// Usage (from the repository root):
//
//	go run ./app/internal/icongen -o icon.png
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

const size = 512

// shape reports whether the point (x, y), in pixels, is inside it.
type shape func(x, y float64) bool

// layer is a shape filled with an opaque colour.
type layer struct {
	in shape
	c  color.NRGBA
}

func hex(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// Palette.
var (
	boardLight = hex(0xC29A6B)
	boardDark  = hex(0xA9784F)
	paper      = hex(0xFFFDF6)
	paperEdge  = hex(0x7A4E2E)
	header     = hex(0x2F5D50)
	rule       = hex(0xB7C7D9)
	margin     = hex(0xD9665B)
	ink        = hex(0x22375A)
	knight     = hex(0x1E2633)
)

func roundRect(x0, y0, x1, y1, r float64) shape {
	return func(x, y float64) bool {
		if x < x0 || x > x1 || y < y0 || y > y1 {
			return false
		}
		cx := math.Max(x0+r, math.Min(x, x1-r))
		cy := math.Max(y0+r, math.Min(y, y1-r))
		return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}
}

func rect(x0, y0, x1, y1 float64) shape {
	return func(x, y float64) bool { return x >= x0 && x < x1 && y >= y0 && y < y1 }
}

func circle(cx, cy, r float64) shape {
	return func(x, y float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r }
}

func and(a, b shape) shape { return func(x, y float64) bool { return a(x, y) && b(x, y) } }

// segDist is the distance from (x, y) to the segment a-b.
func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := ((x-ax)*dx + (y-ay)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	px, py := ax+t*dx-x, ay+t*dy-y
	return math.Hypot(px, py)
}

// stroke is a line from a to b with round caps, w wide.
func stroke(ax, ay, bx, by, w float64) shape {
	return func(x, y float64) bool { return segDist(x, y, ax, ay, bx, by) <= w/2 }
}

// polygon is the even-odd interior of pts, grown by pad pixels.
func polygon(pts [][2]float64, pad float64) shape {
	return func(x, y float64) bool {
		in := false
		for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
			a, b := pts[i], pts[j]
			if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
				in = !in
			}
		}
		if in || pad == 0 {
			return in
		}
		for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
			if segDist(x, y, pts[i][0], pts[i][1], pts[j][0], pts[j][1]) <= pad {
				return true
			}
		}
		return false
	}
}

// knightOutline is a knight facing left in a 100x100 box.
var knightOutline = [][2]float64{
	{16, 100}, {84, 100}, {84, 90}, {76, 85}, {73, 72},
	{77, 58}, {79, 42}, {75, 27}, {67, 17}, {60, 12},
	{58, 1}, {51, 8}, {45, 9}, {35, 15}, {25, 29},
	{14, 42}, {9, 51}, {12, 58}, {21, 61}, {29, 57},
	{38, 52}, {43, 57}, {36, 70}, {29, 80}, {24, 85},
	{16, 90},
}

func scale(pts [][2]float64, ox, oy, s float64) [][2]float64 {
	out := make([][2]float64, len(pts))
	for i, p := range pts {
		out[i] = [2]float64{ox + p[0]*s, oy + p[1]*s}
	}
	return out
}

func layers() []layer {
	var ls []layer
	add := func(in shape, c color.NRGBA) { ls = append(ls, layer{in, c}) }

	// Tile: a corner of a chessboard.
	tile := roundRect(16, 16, 496, 496, 96)
	add(tile, boardLight)
	add(and(tile, func(x, y float64) bool {
		return (int((x-16)/120)+int((y-16)/120))%2 == 1
	}), boardDark)

	// The sheet, with a shadow and a green header band.
	add(roundRect(104, 62, 420, 468, 22), paperEdge)
	add(roundRect(94, 52, 410, 458, 20), paper)
	add(and(roundRect(94, 52, 410, 458, 20), rect(94, 52, 411, 116)), header)
	add(stroke(126, 84, 230, 84, 12), paper) // title "written" on the band
	add(stroke(252, 84, 300, 84, 12), paper)

	// Ruled rows in two columns, split by a red line.
	const top, step, rows = 150, 34, 9
	for i := 0; i <= rows; i++ {
		y := float64(top + i*step)
		add(rect(110, y-1.5, 394, y+1.5), rule)
	}
	add(rect(250, 124, 254, 444), margin)

	// Handwritten moves: two strokes per half-move, on the first rows.
	lens := [][4]float64{
		{34, 26, 40, 22}, {20, 44, 30, 36}, {42, 18, 24, 40},
		{30, 30, 38, 26}, {24, 40, 44, 20}, {36, 22, 28, 30},
	}
	for i, l := range lens {
		y := float64(top+i*step) + step/2 + 2
		add(stroke(124, y, 124+l[0], y-4, 7), ink)
		add(stroke(132+l[0], y, 132+l[0]+l[1], y-3, 7), ink)
		if i < len(lens)-1 { // Black's reply to the last move is not in yet
			add(stroke(268, y, 268+l[2], y-4, 7), ink)
			add(stroke(276+l[2], y, 276+l[2]+l[3], y-3, 7), ink)
		}
	}

	// The knight, bottom right, outlined in paper colour.
	k := scale(knightOutline, 286, 262, 2.1)
	add(polygon(k, 9), paper)
	add(polygon(k, 0), knight)
	add(circle(286+36*2.1, 262+24*2.1, 6), paper) // eye
	return ls
}

func render() *image.NRGBA {
	ls := layers()
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4 // samples per axis
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := float64(px) + (float64(sx)+0.5)/ss
					y := float64(py) + (float64(sy)+0.5)/ss
					for i := len(ls) - 1; i >= 0; i-- {
						if ls[i].in(x, y) {
							c := ls[i].c
							r += float64(c.R)
							g += float64(c.G)
							b += float64(c.B)
							a++
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{
				uint8(r/a + 0.5), uint8(g/a + 0.5), uint8(b/a + 0.5),
				uint8(a/(ss*ss)*255 + 0.5),
			})
		}
	}
	return img
}

func main() {
	out := flag.String("o", "icon.png", "output PNG file")
	flag.Parse()
	f, err := os.Create(*out)
	if err == nil {
		err = png.Encode(f, render())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
}
