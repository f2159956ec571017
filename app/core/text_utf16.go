package core

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// ErrUTF16Odd is UTF-16 input whose last byte has no pair (a cut file).
var ErrUTF16Odd = errors.New("utf16-odd")

// DecodeUTF16 returns r as UTF-8 where it starts with a UTF-16 byte order
// mark, little or big endian (PowerShell's "> file" writes that), the
// mark dropped; any other input as it is, a UTF-8 mark kept (a TRF comes
// back byte for byte). Every way text comes in reads it so: import,
// validate, event enter.
func DecodeUTF16(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	// One byte first: a terminal's first line may be a single character.
	if b, _ := br.Peek(1); len(b) == 0 || b[0] != 0xff && b[0] != 0xfe {
		return br
	}
	b, _ := br.Peek(2)
	switch {
	case bytes.Equal(b, []byte{0xff, 0xfe}):
		br.Discard(2)
		return &utf16Reader{r: br, order: binary.LittleEndian}
	case bytes.Equal(b, []byte{0xfe, 0xff}):
		br.Discard(2)
		return &utf16Reader{r: br, order: binary.BigEndian}
	}
	return br
}

// utf16Reader reads UTF-16 as UTF-8, a block at a time. A surrogate
// without its pair reads as U+FFFD, which no move nor name is.
type utf16Reader struct {
	r     *bufio.Reader
	order binary.ByteOrder
	out   []byte // decoded, not yet read
	err   error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			return 0, u.err
		}
		u.fill()
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// fill decodes what the buffer holds, at least one character or the end.
func (u *utf16Reader) fill() {
	u.out = u.out[:0]
	for len(u.out) < 4096 {
		c, err := u.unit()
		if err != nil {
			u.err = err
			return
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			r = utf8.RuneError
			if next, err := u.r.Peek(2); err == nil {
				if r2 := utf16.DecodeRune(rune(c), rune(u.order.Uint16(next))); r2 != utf8.RuneError {
					u.r.Discard(2)
					r = r2
				}
			}
		}
		u.out = utf8.AppendRune(u.out, r)
		if u.r.Buffered() < 2 && len(u.out) > 0 {
			return // what is here now, without waiting for a pipe
		}
	}
}

// unit reads one UTF-16 code unit.
func (u *utf16Reader) unit() (uint16, error) {
	var b [2]byte
	n, err := io.ReadFull(u.r, b[:])
	switch {
	case n == 1:
		return 0, ErrUTF16Odd
	case err != nil:
		return 0, err
	}
	return u.order.Uint16(b[:]), nil
}
