package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"scoresheet/app/core"
	"scoresheet/rules"
)

// maxEnterLine bounds a line of event enter's input: far more than a
// whole game written on one line. A longer line is read to its end
// without being kept, said with its number, and the lines after it are
// read (a variable so that tests and the fuzz target use a small one).
var maxEnterLine = 1 << 20

// enterLine is one line of event enter's input.
type enterLine struct {
	no   int    // 1-based
	text string // without its line end (LF, CR LF or CRs)
	size int    // the bytes of a line longer than maxEnterLine, whose text is not kept; else 0
	// notText is set for a line with a NUL byte in it, whose text is not
	// kept: no one writes a NUL, UTF-16 without its BOM is full of them.
	notText bool
}

// cells returns what the line enters: its cells as movetext (rules.
// SplitMovetext), one empty cell for a blank line, and the result that
// ends the movetext, if any.
func (l enterLine) cells() (cells []string, result string) {
	if strings.TrimSpace(l.text) == "" {
		return []string{""}, ""
	}
	mt := rules.SplitMovetext(l.text)
	for _, c := range mt.Cells {
		cells = append(cells, c.Text)
	}
	return cells, mt.Result
}

// enterReader reads event enter's input line by line, lines of any
// length (bufio.Scanner stopped at 64 KB and dropped the rest of the
// input).
type enterReader struct {
	r   *bufio.Reader
	no  int
	buf []byte
}

func newEnterReader(r io.Reader) *enterReader { return &enterReader{r: bufio.NewReader(textInput(r))} }

// textInput returns event enter's input as UTF-8, as its BOM says:
// UTF-8 with a BOM without it, UTF-16 (little or big endian, with its
// BOM: PowerShell's "> file" writes that) decoded (core.DecodeUTF16);
// input without a BOM as it is (a line with a NUL in it, UTF-16 without
// its BOM, is then no text: enterLine.notText). UTF-16 was stored as
// cells full of NULs.
func textInput(r io.Reader) io.Reader {
	br := bufio.NewReader(core.DecodeUTF16(r))
	// One byte first: a terminal's first line may be a single character.
	if b, _ := br.Peek(1); len(b) == 1 && b[0] == 0xef {
		if b, _ := br.Peek(3); bytes.Equal(b, []byte{0xef, 0xbb, 0xbf}) {
			br.Discard(3)
		}
	}
	return br
}

// next returns the next line; io.EOF after the last.
func (er *enterReader) next() (enterLine, error) {
	er.buf = er.buf[:0]
	size := 0
	for {
		seg, err := er.r.ReadSlice('\n')
		size += len(seg)
		if size <= maxEnterLine+2 { // the line and its CR LF
			er.buf = append(er.buf, seg...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && size > 0 {
			break // the last line, without a line end
		}
		if err != nil {
			return enterLine{}, err
		}
		break
	}
	er.no++
	text := bytes.TrimRight(bytes.TrimSuffix(er.buf, []byte{'\n'}), "\r")
	if size > maxEnterLine+2 || len(text) > maxEnterLine {
		return enterLine{no: er.no, size: size}, nil
	}
	if bytes.IndexByte(text, 0) >= 0 {
		return enterLine{no: er.no, notText: true}, nil
	}
	return enterLine{no: er.no, text: string(text)}, nil
}

// enterInput reads event enter's input: it stores the cells of each line
// in order and the result that ends a line's movetext, and says each line
// too long on stderr; it returns how many there were. It stops at the
// first error of reading or storing.
func enterInput(r io.Reader, stderr io.Writer, store, setResult func(string) error) (tooLong int, err error) {
	in := newEnterReader(r)
	for {
		l, err := in.next()
		if err == io.EOF {
			return tooLong, nil
		}
		if err != nil {
			return tooLong, err
		}
		if l.size > 0 {
			fmt.Fprintf(stderr, "scoresheet event enter: %s\n", tooLongLine(l))
			tooLong++
			continue
		}
		if l.notText {
			fmt.Fprintf(stderr, "scoresheet event enter: %s: %s\n", english.Where("", rules.Pos{Line: l.no}), said("ui.enter.not-text", "not-text"))
			tooLong++
			continue
		}
		cells, result := l.cells()
		for _, c := range cells {
			if err := store(c); err != nil {
				return tooLong, err
			}
		}
		if result != "" {
			if err := setResult(result); err != nil {
				return tooLong, err
			}
		}
	}
}

// tooLongLine says a line that was not stored.
func tooLongLine(l enterLine) string {
	return fmt.Sprintf("%s (%d bytes, more than %d): %s", english.Where("", rules.Pos{Line: l.no}), l.size, maxEnterLine, said("ui.enter.line-too-long", "line-too-long"))
}
