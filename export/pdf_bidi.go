package export

import "unicode"

// A simplified Unicode bidirectional algorithm (UAX #9) for one line on a
// left-to-right page, which is what a name, an event or a footnote is:
// no explicit embeddings, paragraph level 0. Letters of right-to-left
// scripts get level 1; digits after them level 2 (they still read left to
// right); blanks and punctuation between two right-to-left letters or
// numbers level 1, otherwise 0; marks the level of their letter.

type bidiClass uint8

const (
	bidiNeutral bidiClass = iota
	bidiL                 // strong left to right
	bidiR                 // strong right to left
	bidiNum               // a digit
)

var rtlScripts = []*unicode.RangeTable{
	unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko,
	unicode.Samaritan, unicode.Mandaic, unicode.Adlam,
}

func classOf(r rune) bidiClass {
	switch {
	case unicode.IsDigit(r):
		return bidiNum
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return bidiNeutral
	case r >= 0x0590 && unicode.In(r, rtlScripts...):
		return bidiR
	case r == 0x200F: // RIGHT-TO-LEFT MARK
		return bidiR
	case unicode.IsLetter(r) || unicode.Is(unicode.Mc, r):
		return bidiL
	}
	return bidiNeutral
}

// bidiLevels returns the embedding level of each rune.
func bidiLevels(rs []rune) []int {
	levels := make([]int, len(rs))
	cls := make([]bidiClass, len(rs))
	last := bidiL // the paragraph's direction before the first strong letter
	for i, r := range rs {
		c := classOf(r)
		if i > 0 && unicode.In(r, unicode.Mn, unicode.Me) {
			c = cls[i-1] // a mark takes its letter's class
		}
		cls[i] = c
		switch c {
		case bidiL:
			last = bidiL
		case bidiR:
			last = bidiR
			levels[i] = 1
		case bidiNum:
			if last == bidiR {
				levels[i] = 2
			}
		}
	}
	// Neutrals: level 1 between two right-to-left sides (a right-to-left
	// letter or a number inside right-to-left text), else the page's 0.
	rtlSide := func(i int) bool { return cls[i] == bidiR || (cls[i] == bidiNum && levels[i] == 2) }
	for i := 0; i < len(rs); {
		if cls[i] != bidiNeutral {
			i++
			continue
		}
		j := i
		for j < len(rs) && cls[j] == bidiNeutral {
			j++
		}
		if i > 0 && j < len(rs) && rtlSide(i-1) && rtlSide(j) {
			for k := i; k < j; k++ {
				levels[k] = 1
			}
		}
		i = j
	}
	return levels
}

// visualOrder reorders items (each of one level, in logical order) for
// display (UAX #9 rule L2): from the highest level down to 1, every run of
// items at that level or higher is reversed.
func visualOrder(items []item) []item {
	top := 0
	for _, it := range items {
		top = max(top, it.level)
	}
	for lvl := top; lvl >= 1; lvl-- {
		for i := 0; i < len(items); {
			if items[i].level < lvl {
				i++
				continue
			}
			j := i
			for j < len(items) && items[j].level >= lvl {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				items[a], items[b] = items[b], items[a]
			}
			i = j
		}
	}
	return items
}
