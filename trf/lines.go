package trf

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Line is one line of the file as read: its bytes without the line end,
// and the line end itself ("\r\n", "\r", "\n" or "" for the last line).
// The format counts columns in characters: a line that is UTF-8 is
// counted in runes, any other (Latin-1) in bytes.
type Line struct {
	Num  int // 1-based
	Text []byte
	EOL  []byte
	utf8 bool
	cols []int // byte offset of each column, then len(Text); nil until needed
}

// splitLines cuts data into lines at CR, LF or CRLF, keeping each line's
// end so that joining them gives data back.
func splitLines(data []byte) []*Line {
	var lines []*Line
	for len(data) > 0 {
		i := 0
		for i < len(data) && data[i] != '\r' && data[i] != '\n' {
			i++
		}
		end := i
		if i < len(data) && data[i] == '\r' {
			end++
		}
		if end < len(data) && data[end] == '\n' {
			end++
		}
		l := &Line{Num: len(lines) + 1, Text: data[:i:i], EOL: data[i:end:end]}
		l.utf8 = utf8.Valid(l.Text)
		lines = append(lines, l)
		data = data[end:]
	}
	return lines
}

// index returns the byte offset of each column, then len(Text): built
// once, so that reading a line's fields is linear in its length.
func (l *Line) index() []int {
	if l.cols != nil {
		return l.cols
	}
	cols := make([]int, 0, len(l.Text)+1)
	if l.utf8 {
		for i := range string(l.Text) {
			cols = append(cols, i)
		}
	} else {
		for i := range l.Text {
			cols = append(cols, i)
		}
	}
	l.cols = append(cols, len(l.Text))
	return l.cols
}

// offset returns the byte offset of 1-based column col, and whether the
// line reaches it.
func (l *Line) offset(col int) (int, bool) {
	idx := l.index()
	if col >= 1 && col < len(idx) {
		return idx[col-1], true
	}
	return len(l.Text), false
}

// Width is the number of columns of the line.
func (l *Line) Width() int { return len(l.index()) - 1 }

// Field returns columns from..to (1-based, inclusive) as text (Latin-1
// decoded when the line is not UTF-8); columns past the line's end are
// left out.
func (l *Line) Field(from, to int) string {
	a, ok := l.offset(from)
	if !ok {
		return ""
	}
	b, ok := l.offset(to + 1)
	if !ok {
		b = len(l.Text)
	}
	return decode(l.Text[a:b], l.utf8)
}

// Trimmed returns Field without the blanks around it.
func (l *Line) Trimmed(from, to int) string { return strings.TrimSpace(l.Field(from, to)) }

// Rest returns the line from column from to its end, without the blanks
// around it: the value of a header line.
func (l *Line) Rest(from int) string { return l.Trimmed(from, max(from, l.Width())) }

// decode returns b as a string: as it is when UTF-8, else Latin-1.
func decode(b []byte, isUTF8 bool) string {
	if isUTF8 {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// set writes the ASCII byte c at 1-based column col, padding the line
// with blanks up to it when it is shorter.
func (l *Line) set(col int, c byte) {
	if pad := col - l.Width(); pad > 0 {
		l.Text = append(l.Text, bytes.Repeat([]byte{' '}, pad)...)
		l.cols = nil
	}
	i, _ := l.offset(col)
	size := 1
	if l.utf8 {
		_, size = utf8.DecodeRune(l.Text[i:])
	}
	text := make([]byte, 0, len(l.Text))
	text = append(text, l.Text[:i]...)
	text = append(text, c)
	l.Text = append(text, l.Text[i+size:]...)
	l.cols = nil
}
