package export

import (
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"
)

// shapedPiece shapes an item with HarfBuzz (go-text/typesetting): Arabic
// letters joined, marks placed on their letters, a right-to-left item's
// glyphs in visual order. Each glyph is drawn at the place the shaper
// gives it, through the code point the font names it by (the joined forms
// of Arabic letters through their presentation forms, U+FB50..U+FEFF); a
// glyph no code point names (some ligatures) is drawn as its cluster's
// first character. Each cluster's characters are its ActualText.
func (d *doc) shapedPiece(it item) textPiece {
	face := d.face(it.font)
	dir := di.DirectionLTR
	if it.level%2 == 1 {
		dir = di.DirectionRTL
	}
	out := d.shaper.Shape(shaping.Input{
		Text: it.runes, RunStart: 0, RunEnd: len(it.runes),
		Direction: dir, Face: face, Size: fixed.I(1000), Script: scriptOf(it.runes),
	})
	p := textPiece{font: it.font}
	ends, first := clusterEnds(out.Glyphs, len(it.runes))
	pen := 0.0
	for _, g := range out.Glyphs {
		r, ok := it.font.glyphRune(g.GlyphID)
		if !ok && g.ClusterIndex >= 0 && g.ClusterIndex < len(it.runes) {
			r = it.runes[g.ClusterIndex]
		}
		if r > 0xFFFF || !it.font.has(r) {
			r = replacement
		}
		c := min(max(g.ClusterIndex, 0), len(it.runes))
		from := c
		if c == first {
			from = 0 // characters the shaper drew nothing for (a leading joiner) go with the first cluster
		}
		p.glyphs = append(p.glyphs, placedGlyph{
			r:       r,
			x:       pen + float64(g.XOffset)/64,
			y:       float64(g.YOffset) / 64,
			cluster: c, actual: string(it.runes[from:ends[c]]),
		})
		pen += float64(g.XAdvance) / 64
	}
	p.width = pen
	return p
}

// clusterEnds returns, for each cluster's first character, the index
// after its last (the next cluster's start in logical order), and the
// first cluster's start.
func clusterEnds(glyphs []shaping.Glyph, n int) (map[int]int, int) {
	starts := make([]bool, n+1)
	for _, g := range glyphs {
		starts[min(max(g.ClusterIndex, 0), n)] = true
	}
	ends := map[int]int{}
	next := n
	for i := n; i >= 0; i-- {
		if starts[i] {
			ends[i] = next
			next = i
		}
	}
	return ends, next
}

// scriptOf returns the script of the first letter of rs that has one.
func scriptOf(rs []rune) language.Script {
	for _, r := range rs {
		if s := language.LookupScript(r); s != language.Common && s != language.Inherited && s != language.Unknown {
			return s
		}
	}
	return language.Common
}

// face returns the doc's face of f (a face caches glyph extents and is
// not safe for concurrent use, so each document has its own).
func (d *doc) face(f *pdfFont) *font.Face {
	if d.faces == nil {
		d.faces = map[*pdfFont]*font.Face{}
	}
	fc, ok := d.faces[f]
	if !ok {
		fc = font.NewFace(f.font())
		d.faces[f] = fc
	}
	return fc
}
