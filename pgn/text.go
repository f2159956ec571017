package pgn

// NotText finds in the start of a file the first byte that makes it no
// text: a control character PGN does not allow (4.1) outside the places
// where the reader passes over one with a warning (pgn-control-char): a
// comment in braces, a rest-of-line comment, an escape line (% in the
// first column) and a tag's quoted value. A NUL between the moves or the
// tags is a binary file, or UTF-16 without its mark, not a PGN with a
// stray byte in a comment. Lines end at LF, CR LF or a lone CR; columns
// count characters. found is false when there is none.
func NotText(data []byte) (line, col int, c byte, found bool) {
	const (
		top = iota
		brace
		rest // a rest-of-line comment or an escape line
		quoted
	)
	state, line, col, lineStart := top, 1, 1, true
	for i, b := range data {
		if b == '\n' || b == '\r' {
			if b == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				continue // the line ends at the LF
			}
			if state != brace {
				state = top
			}
			line, col, lineStart = line+1, 1, true
			continue
		}
		switch state {
		case top:
			switch {
			case isControl(b):
				return line, col, b, true
			case b == '{':
				state = brace
			case b == ';' || b == '%' && lineStart:
				state = rest
			case b == '"':
				state = quoted
			}
		case brace:
			if b == '}' {
				state = top
			}
		case quoted:
			if b == '"' && (i == 0 || data[i-1] != '\\') {
				state = top
			}
		}
		lineStart = false
		if b < 0x80 || b >= 0xc0 { // characters, not UTF-8 continuation bytes
			col++
		}
	}
	return 0, 0, 0, false
}
