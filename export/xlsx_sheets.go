package export

import (
	"bufio"
	"encoding/binary"
	"io"
	"math"
)

// sheetList holds the games' sheets, in order, in a temporary file: the
// workbook, its relationships and content types list them when the File
// is written, and kept in memory their names and row counts grow with
// the games (2 MB of 50,000).
type sheetList struct {
	tempFile // f made when the first sheet is added
	w        *bufio.Writer
	n        int
}

// add appends s: its row count and its name, each after its length.
func (l *sheetList) add(s gameSheet) error {
	if l.f == nil {
		if err := l.create("sheets"); err != nil {
			return err
		}
		l.w = bufio.NewWriter(l.f)
	}
	b := binary.AppendUvarint(nil, uint64(s.rows))
	b = binary.AppendUvarint(b, uint64(len(s.name)))
	l.w.Write(b)
	if _, err := l.w.WriteString(s.name); err != nil {
		return err
	}
	l.n++
	return nil
}

// each calls fn with each sheet i (from 0), in order.
func (l *sheetList) each(fn func(i int, s gameSheet) error) error {
	if l.n == 0 {
		return nil
	}
	if err := l.w.Flush(); err != nil {
		return err
	}
	r := bufio.NewReader(io.NewSectionReader(l.f, 0, math.MaxInt64))
	var name []byte
	for i := range l.n {
		rows, err := binary.ReadUvarint(r)
		if err != nil {
			return err
		}
		n, err := binary.ReadUvarint(r)
		if err != nil {
			return err
		}
		if uint64(cap(name)) < n {
			name = make([]byte, n)
		}
		name = name[:n]
		if _, err := io.ReadFull(r, name); err != nil {
			return err
		}
		if err := fn(i, gameSheet{name: string(name), rows: int(rows)}); err != nil {
			return err
		}
	}
	return nil
}
