package rules

import "unicode/utf8"

// The first stage of reading a cell: the written text becomes a list of
// symbols with their byte offsets, the move number in front and the marks
// behind (check, mate, e.p., annotation glyphs, draw offer) are taken off,
// and what remains, the body, is tokenised with every meaning each
// character can have on this sheet.

type sym struct {
	r        rune
	off, end int
	odd      bool // a dash or blank that was not the ASCII one
}

// symbols splits s into runes with offsets; the dashes people type or
// their word processors produce (U+2010..U+2015, U+2212) become '-'.
func symbols(s string, buf []sym) []sym {
	out := buf[:0]
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		odd := true
		switch r {
		case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
			r = '-'
		case '\u00a0', '\t':
			r = ' '
		default:
			odd = false
		}
		out = append(out, sym{r, i, i + n, odd})
		i += n
	}
	return out
}

func trimSpace(s []sym) []sym {
	for len(s) > 0 && s[0].r == ' ' {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1].r == ' ' {
		s = s[:len(s)-1]
	}
	return s
}

func symString(s []sym) string {
	b := make([]rune, len(s))
	for i, x := range s {
		b[i] = x.r
	}
	return string(b)
}

// marks are what stands behind the move proper.
type marks struct {
	check, mate, doubleCheck bool // +, # or ++
	checkAt                  [2]int
	ep                       bool
	epAt                     [2]int
	annotation               bool
	annotationAt             [2]int
	drawOffer                bool
	drawAt                   [2]int
}

// stripMarks removes the suffixes from the end of s, in any order.
func stripMarks(s []sym, m *marks) []sym {
	for {
		s = trimSpace(s)
		n := len(s)
		if n == 0 {
			return s
		}
		last := s[n-1].r
		switch {
		case n >= 3 && s[n-3].r == '(' && s[n-2].r == '=' && last == ')':
			m.drawOffer, m.drawAt = true, [2]int{s[n-3].off, s[n-1].end}
			s = s[:n-3]
		case last == '!' || last == '?':
			k := n - 1
			for k > 0 && n-k < 2 && (s[k-1].r == '!' || s[k-1].r == '?') {
				k--
			}
			if m.annotation && m.annotationAt[0] == s[n-1].end { // "!!!": glyphs just taken off
				m.annotationAt[0] = s[k].off
			} else {
				m.annotation, m.annotationAt = true, [2]int{s[k].off, s[n-1].end}
			}
			s = s[:k]
		case last == '#' || last == '‡':
			m.mate, m.checkAt = true, [2]int{s[n-1].off, s[n-1].end}
			s = s[:n-1]
		case last == '+' || last == '†':
			if n >= 2 && s[n-2].r == '+' {
				m.doubleCheck, m.checkAt = true, [2]int{s[n-2].off, s[n-1].end}
				s = s[:n-2]
			} else {
				m.check, m.checkAt = true, [2]int{s[n-1].off, s[n-1].end}
				s = s[:n-1]
			}
		default:
			k := epSuffix(s)
			if k < 0 {
				return s
			}
			m.ep, m.epAt = true, [2]int{s[k].off, s[n-1].end}
			s = s[:k]
		}
	}
}

// epSuffix returns where an "e.p." mark ("e.p.", "e.p", "ep", "e. p.")
// starts at the end of s, or -1. It must follow a rank digit (possibly
// with blanks between) so that a body such as "Le" is never cut.
func epSuffix(s []sym) int {
	i := len(s) - 1
	if i >= 0 && s[i].r == '.' {
		i--
	}
	if i < 0 || (s[i].r != 'p' && s[i].r != 'P') {
		return -1
	}
	i--
	for i >= 0 && (s[i].r == ' ' || s[i].r == '.') {
		i--
	}
	if i < 0 || (s[i].r != 'e' && s[i].r != 'E') {
		return -1
	}
	start := i
	i--
	for i >= 0 && s[i].r == ' ' {
		i--
	}
	if i < 0 || s[i].r < '1' || s[i].r > '8' {
		return -1
	}
	return start
}

// tokKind is what one character (or multi-character letter) means.
type tokKind uint8

const (
	tkPiece tokKind = iota
	tkFile
	tkRank
	tkCapture
	tkDash
	tkEquals
	tkOpen
	tkClose
	tkSlash
)

// tok is one meaning of one symbol of the body.
type tok struct {
	kind     tokKind
	val      int8 // file 0-7, rank 0-7, or PieceType
	off, end int
	sign     rune // the capture sign as written
	slip     Code // what reading it this way says about the writing, if anything
	tier     int8 // 0 for a correct reading, 1 for a slip
}

// letterSets are the letters every language uses, for reading a letter
// that is not one of the sheet's (C.3 lets each player use his own).
var foreignMeanings = func() map[string][]PieceType {
	m := map[string][]PieceType{}
	for _, l := range languages {
		for t := Pawn; t <= King; t++ {
			s := l.Pieces[t]
			if !containsType(m[s], t) {
				m[s] = append(m[s], t)
			}
		}
	}
	return m
}()

func containsType(ts []PieceType, t PieceType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

var figurineTypes = map[rune]PieceType{
	'♔': King, '♕': Queen, '♖': Rook, '♗': Bishop, '♘': Knight, '♙': Pawn,
	'♚': King, '♛': Queen, '♜': Rook, '♝': Bishop, '♞': Knight, '♟': Pawn,
}

// sheetLetter returns the piece type letter s has on sheet l.
func sheetLetter(l *Letters, s string) (PieceType, bool) {
	for t := Pawn; t <= King; t++ {
		if l.Pieces[t] == s {
			return t, true
		}
	}
	return NoPieceType, false
}

func lower(r rune) rune {
	switch {
	case r >= 'A' && r <= 'Z':
		return r + 'a' - 'A'
	case r >= 'А' && r <= 'Я':
		return r + 'а' - 'А'
	}
	return r
}

func upper(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z':
		return r - 'a' + 'A'
	case r >= 'а' && r <= 'я':
		return r - 'а' + 'А'
	}
	return r
}

// tokenize gives each position of the body the list of its meanings, one
// after the other in flat, position k's ending at ends[k]. A position may
// span two symbols (Russian "Кр"). ends is nil when a character has no
// meaning at all.
//
// flat and ends are the caller's room (4 meanings per position are enough
// for most cells, ends needs len(body)): a cell is read thousands of times
// when a game is read again, and allocating them each time cost a fifth
// of reading it.
func tokenize(body []sym, l *Letters, flat []tok, ends []int) ([]tok, []int) {
	flat, ends = flat[:0], ends[:0]
	for i := 0; i < len(body); {
		alts := flat[len(flat):]
		span := 1
		// Two-rune letters first (Кр), on the sheet, then foreign.
		if i+1 < len(body) && twoRuneStart(l, body[i].r) {
			two := string([]rune{body[i].r, body[i+1].r})
			twoUp := string([]rune{upper(body[i].r), lower(body[i+1].r)})
			if t, ok := sheetLetter(l, two); ok && len([]rune(two)) == 2 {
				alts = append(alts, pieceTok(t, body[i].off, body[i+1].end, "", 0))
				span = 2
			} else if t, ok := sheetLetter(l, twoUp); ok && len([]rune(twoUp)) == 2 {
				// The sheet's letter in other capitals: "КР" is printed
				// too; "кр" is a lower-case slip.
				var slip Code
				var tier int8
				if upper(body[i].r) != body[i].r {
					slip, tier = CodeLowercasePiece, 1
				}
				alts = append(alts, pieceTok(t, body[i].off, body[i+1].end, slip, tier))
				span = 2
			} else if ts, ok := foreignMeanings[twoUp]; ok && len([]rune(twoUp)) == 2 {
				for _, t := range ts {
					alts = append(alts, pieceTok(t, body[i].off, body[i+1].end, CodeForeignLetter, 1))
				}
				span = 2
			}
		}
		if span == 1 {
			alts = symbolMeanings(body[i], l, alts)
		}
		if len(alts) == 0 {
			return nil, nil
		}
		flat = append(flat, alts...) // in place unless alts outgrew flat
		ends = append(ends, len(flat))
		i += span
	}
	return flat, ends
}

// twoRuneFirst holds, in capitals, the first rune of every piece letter
// of two runes in any language (Кр).
var twoRuneFirst = func() map[rune]bool {
	m := map[rune]bool{}
	for s := range foreignMeanings {
		if r := []rune(s); len(r) == 2 {
			m[upper(r[0])] = true
		}
	}
	return m
}()

// twoRuneStart reports whether a piece letter of two runes may start with
// r, on the sheet's letters or another language's: most runes start none,
// and looking for one costs a string per rune.
func twoRuneStart(l *Letters, r rune) bool {
	if twoRuneFirst[upper(r)] {
		return true
	}
	for _, p := range l.Pieces {
		if first, _ := utf8.DecodeRuneInString(p); utf8.RuneCountInString(p) == 2 && upper(first) == upper(r) {
			return true
		}
	}
	return false
}

func pieceTok(t PieceType, off, end int, slip Code, tier int8) tok {
	return tok{kind: tkPiece, val: int8(t), off: off, end: end, slip: slip, tier: tier}
}

// signKind returns the token a sign is, whatever the sheet's language:
// a capture sign, a hyphen, or a promotion's decoration.
func signKind(r rune) (tokKind, bool) {
	switch r {
	case 'x', 'X', ':', '×':
		return tkCapture, true
	case '-':
		return tkDash, true
	case '=':
		return tkEquals, true
	case '(':
		return tkOpen, true
	case ')':
		return tkClose, true
	case '/':
		return tkSlash, true
	}
	return tkPiece, false
}

func symbolMeanings(s sym, l *Letters, alts []tok) []tok {
	r := s.r
	add := func(t tok) { t.off, t.end = s.off, s.end; alts = append(alts, t) }
	switch {
	case r >= 'a' && r <= 'h':
		add(tok{kind: tkFile, val: int8(r - 'a')})
	case r >= '1' && r <= '8':
		add(tok{kind: tkRank, val: int8(r - '1')})
		return alts
	}
	if kind, ok := signKind(r); ok {
		t := tok{kind: kind}
		if kind == tkCapture {
			t.sign = r // "x", ":" or another: how it was written is a finding
		}
		add(t)
		return alts
	}
	if t, ok := figurineTypes[r]; ok {
		add(tok{kind: tkPiece, val: int8(t), slip: CodeFigurine})
		return alts
	}
	one := string(r)
	t, isSheet := sheetLetter(l, one)
	if isSheet {
		alts = append(alts, pieceTok(t, s.off, s.end, "", 0))
	} else if up := string(upper(r)); up != one {
		// A lower-case piece letter: a slip, unless it is also a file,
		// which was added above and reads first.
		if t, ok := sheetLetter(l, up); ok {
			add(tok{kind: tkPiece, val: int8(t), slip: CodeLowercasePiece, tier: 1})
		}
	} else {
		for _, t := range foreignMeanings[one] {
			add(tok{kind: tkPiece, val: int8(t), slip: CodeForeignLetter, tier: 1})
		}
	}
	// An upper-case file is a slip, but not when the letter is one of the
	// sheet's pieces: "Bb5" or "Bxc3" is a bishop move that may be illegal,
	// never the b-pawn's, and "P-B4" is descriptive notation, not b4.
	if r >= 'A' && r <= 'H' && !isSheet {
		add(tok{kind: tkFile, val: int8(r - 'A'), slip: CodeUppercaseSquare, tier: 1})
	}
	return alts
}
