package core

import (
	"io"
	"unicode/utf8"
)

// TerminalText returns s as a terminal may be shown it: the control
// characters (C0 but tab and line feed, DEL, C1) escaped as \u001b, a
// byte that is not UTF-8 as \xff, everything else as it is. Names,
// cells and file names come from other people's files: printed raw, an
// ESC or a C1 CSI in them sets the terminal's title, clears its screen
// or rewrites what the arbiter reads. The \u form is also JSON's escape
// of the same character, so JSON text through it stays JSON that reads
// back the same (encoding/json leaves DEL and C1 raw).
func TerminalText(s string) string {
	if terminalSafe([]byte(s)) {
		return s
	}
	return string(appendTerminal(nil, []byte(s)))
}

// terminalSafe reports whether p is shown as it is: the fast path of
// text with no control character.
func terminalSafe(p []byte) bool {
	ascii := true
	for i, c := range p {
		switch {
		case c < 0x20:
			if c != '\n' && c != '\t' {
				return false
			}
		case c == 0x7f:
			return false
		case c == 0xc2 && i+1 < len(p) && p[i+1] < 0xa0: // C1, U+0080-U+009F
			return false
		case c >= 0x80:
			ascii = false
		}
	}
	return ascii || utf8.Valid(p)
}

// appendTerminal appends p to dst as TerminalText shows it.
func appendTerminal(dst, p []byte) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(p); {
		c := p[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			} else {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, '\\', 'x', hex[c>>4], hex[c&15])
		case r < 0xa0:
			dst = append(dst, '\\', 'u', '0', '0', hex[r>>4], hex[r&15])
		default:
			dst = append(dst, p[i:i+n]...)
		}
		i += n
	}
	return dst
}

// TerminalWriter writes to a terminal (the command line's stdout and
// stderr) what is written to it as TerminalText shows it: the one place
// where the command line's text leaves, so that no command, and no error
// quoting its input, can print a control character raw. A character cut
// between two writes is held until the next one, or Flush.
type TerminalWriter struct {
	w    io.Writer
	held []byte // the start of a UTF-8 sequence the last write ended in
	buf  []byte
}

// NewTerminalWriter returns a TerminalWriter that writes to w.
func NewTerminalWriter(w io.Writer) *TerminalWriter { return &TerminalWriter{w: w} }

// Write writes p as TerminalText shows it; it returns len(p) when all of
// it was taken (a cut character held counts as taken).
func (t *TerminalWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(t.held) > 0 {
		p = append(t.held, p...)
		t.held = nil
	}
	if cut := cutRune(p); cut < len(p) {
		t.held = append([]byte(nil), p[cut:]...)
		p = p[:cut]
	}
	if terminalSafe(p) {
		if _, err := t.w.Write(p); err != nil {
			return 0, err
		}
		return n, nil
	}
	t.buf = appendTerminal(t.buf[:0], p)
	if _, err := t.w.Write(t.buf); err != nil {
		return 0, err
	}
	return n, nil
}

// Flush writes a character held from the last write, as bytes that are
// not UTF-8 (it was never finished).
func (t *TerminalWriter) Flush() error {
	if len(t.held) == 0 {
		return nil
	}
	t.buf = appendTerminal(t.buf[:0], t.held)
	t.held = nil
	_, err := t.w.Write(t.buf)
	return err
}

// cutRune returns where p's last UTF-8 sequence starts if it is cut
// short (more bytes may follow in the next write), else len(p).
func cutRune(p []byte) int {
	for i := len(p) - 1; i >= 0 && i >= len(p)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(p[i]) {
			if p[i] >= 0xc0 && !utf8.FullRune(p[i:]) {
				return i
			}
			break
		}
	}
	return len(p)
}
