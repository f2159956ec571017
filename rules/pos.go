package rules

import (
	"strconv"
	"unicode/utf8"
)

// Pos is where a reader found something in the text it read: the one
// position of every reader's errors (FEN, movetext, PGN, TRF) and of
// what the readers keep of where things stand (a movetext's cells).
//
//   - Line is 1-based.
//   - Col is 1-based and counts characters (runes) on the line, as a
//     person counts them and as an editor shows them: "Jörg" is four
//     columns, not five bytes. A byte that is not UTF-8 counts one. Col 0
//     is the whole line.
//   - Offset is the 0-based byte offset from the start of the text the
//     reader was given, for the readers given one string (a FEN, a
//     movetext); the readers of a file line by line (PGN, TRF) say Line
//     and Col and leave it 0.
//
// The zero Pos (Line 0) is no position: the error is about the whole
// text, file or event. Words for a position belong in locales/ (the
// app's Explainer says them); String gives the machine form.
type Pos struct {
	Line, Col int
	Offset    int
}

// IsValid reports whether p is a position, not the zero Pos.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns the machine form "line:col" ("3:7"), "line" for a
// whole line, "" for no position: what follows a file name in
// "round1.pgn:3:7", as compilers and editors read it.
func (p Pos) String() string {
	switch {
	case !p.IsValid():
		return ""
	case p.Col == 0:
		return strconv.Itoa(p.Line)
	}
	return strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// PosOf returns the position of the byte at offset in text (offset
// len(text) is the position just after its end).
func PosOf(text string, offset int) Pos {
	var c PosCounter
	c.Reset(text)
	return c.At(offset)
}

// PosCounter gives the positions of byte offsets of one text, counting
// from the last one asked: offsets asked in increasing order cost the
// text once, not once an offset (a movetext of a million bytes has
// hundreds of thousands of cells).
type PosCounter struct {
	text string
	at   Pos // the position of byte at.Offset, counted so far
}

// Reset starts counting positions in text.
func (c *PosCounter) Reset(text string) {
	c.text, c.at = text, Pos{Line: 1, Col: 1}
}

// At returns the position of the byte at offset, clamped to the text.
func (c *PosCounter) At(offset int) Pos {
	offset = max(0, min(offset, len(c.text)))
	if c.at.Line == 0 || offset < c.at.Offset {
		c.Reset(c.text)
	}
	p := c.at
	for p.Offset < offset {
		r, n := utf8.DecodeRuneInString(c.text[p.Offset:])
		n = min(n, offset-p.Offset) // a rune cut by offset: offset is inside it
		p.Offset += n
		if r == '\n' {
			p.Line, p.Col = p.Line+1, 1
		} else {
			p.Col++
		}
	}
	c.at = p
	return p
}
