package export

import (
	"slices"
	"testing"
)

// TestBidiVisualOrder: the order in which the characters of a line are
// drawn, left to right (runs reversed as UAX #9 does for a left-to-right
// paragraph without embeddings).
func TestBidiVisualOrder(t *testing.T) {
	for _, c := range []struct {
		in, want string
		levels   []int
	}{
		{"abc", "abc", []int{0, 0, 0}},
		{"אבג", "גבא", []int{1, 1, 1}},
		{"אב גד", "דג בא", []int{1, 1, 1, 1, 1}},
		{"ab אב", "ab בא", []int{0, 0, 0, 1, 1}},
		{"אב 12 גד", "דג 12 בא", []int{1, 1, 1, 2, 2, 1, 1, 1}},
		{"12 אב", "12 בא", []int{0, 0, 0, 1, 1}},
		{"אב (X)", "בא (X)", []int{1, 1, 0, 0, 0, 0}},
		{"ש\u05b8ל", "ל\u05b8ש", []int{1, 1, 1}}, // the point has its letter's level (the shaper places it)
		{"Ivan إيفان איוון", "Ivan ןוויא نافيإ", nil},
	} {
		rs := []rune(c.in)
		levels := bidiLevels(rs)
		if c.levels != nil && !slices.Equal(levels, c.levels) {
			t.Errorf("%q: levels %v, want %v", c.in, levels, c.levels)
		}
		var items []item
		for i, r := range rs {
			items = append(items, item{runes: []rune{r}, level: levels[i]})
		}
		var got []rune
		for _, it := range visualOrder(items) {
			got = append(got, it.runes...)
		}
		if string(got) != c.want {
			t.Errorf("%q: drawn %q, want %q", c.in, string(got), c.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Müller", "Müller"},
		{"a\tb\nc\r\n", "a b c  "},
		{"nul\x00\x7f\u0085x", "nul\uFFFD\uFFFD x"},
		{"bad\xff", "bad\uFFFD"},
		{"😀", "😀"},
	} {
		if got := string(printable(c.in)); got != c.want {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSimpleLatinCovered: the fast path of the layout (simpleLatin) may
// draw in DejaVu Sans without a look at the fonts, because both faces
// have every character it lets through.
func TestSimpleLatinCovered(t *testing.T) {
	for _, f := range chain(false)[:1] {
		for _, b := range []*pdfFont{f, chain(true)[0]} {
			for r := rune(0); r < 0x300; r++ {
				if simpleLatin([]rune{r}) && !b.has(r) {
					t.Errorf("%s%s lacks %U", b.family, b.style, r)
				}
			}
		}
	}
}
