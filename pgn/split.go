package pgn

import (
	"bufio"
	"bytes"
	"io"
)

// maxGameBytes bounds one game's text, so that a file with no game
// boundaries cannot make the reader hold it all in memory. splitBufBytes
// is the reader's buffer: a longer line is collected (up to the game
// limit) or followed (drainLine). Variables so that a fuzz target reaches
// the long-line paths with small inputs.
var (
	maxGameBytes  = 4 << 20
	splitBufBytes = 256 << 10
)

// Chunk is the raw text of one game as cut out of a PGN stream.
type Chunk struct {
	Index int    // 0-based game number in the file
	Line  int    // line of the chunk's first byte
	Text  []byte // the game's bytes, lines ending in '\n'
	// TooLong is set when the game was cut at maxGameBytes; CutLine is
	// the line of the first byte not kept.
	TooLong bool
	CutLine int
}

// Splitter cuts a PGN stream into games without parsing them: a game
// ends where the next tag section begins (a tag line after movetext, after
// a blank line, or repeating a tag name of the current section), or where
// movetext follows a result token. Brace comments that span lines are
// followed so a "[" inside them starts nothing; so is a tag value whose
// closing quote is on a later line (a raw line end inside it, which PGN
// does not allow): what it holds starts nothing and ends nothing. It holds
// one game in memory at a time.
type Splitter struct {
	cr      *crReader
	r       *bufio.Reader
	line    int
	cur     Chunk
	n       int
	started bool
	done    bool

	hasTags, hasMoves, blank, ended bool
	braces, parens                  int
	lineComment                     bool     // a ';' comment runs to the end of the line
	tagOpen                         bool     // a tag value runs on past its line (openTag)
	tagNames                        [][2]int // offsets in cur.Text of this section's tag names
	tagSet                          tagSet   // the same names, once there are many
	pending                         []byte   // a line read but belonging to the next game
	pendingBuf                      []byte   // pending's bytes, kept from game to game
	pendingLine                     int
	// more is set when the line just read was cut at the game size
	// limit and the rest of it is still to be read; pendingMore is the
	// same for the pending line.
	more, pendingMore bool
	err               error
}

// NewSplitter reads PGN from r.
func NewSplitter(r io.Reader) *Splitter {
	cr := &crReader{r: r}
	return &Splitter{cr: cr, r: bufio.NewReaderSize(cr, splitBufBytes)}
}

// Reset makes the splitter read a new stream from its first line.
func (s *Splitter) Reset(r io.Reader) {
	*s.cr = crReader{r: r}
	s.r.Reset(s.cr)
	*s = Splitter{cr: s.cr, r: s.r, cur: Chunk{Text: s.cur.Text[:0]}, tagNames: s.tagNames[:0], tagSet: s.tagSet}
	s.tagSet.reset()
}

// crReader turns a lone carriage return, the line end of classic Mac OS
// files, into a line feed; CR LF pairs pass unchanged. The PGN standard
// (4.1) lets a file use its platform's newline.
type crReader struct {
	r     io.Reader
	next  byte  // the byte read ahead after a CR that ended a read
	ahead bool  // next holds a byte
	err   error // the error met while reading ahead, returned next
}

func (c *crReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n := 0
	if c.ahead {
		p[0], n, c.ahead = c.next, 1, false
	}
	var err error
	if c.err != nil {
		err, c.err = c.err, nil
	} else if n < len(p) {
		var m int
		m, err = c.r.Read(p[n:])
		n += m
	}
	for k := 0; k < n; k++ {
		j := bytes.IndexByte(p[k:n], '\r')
		if j < 0 {
			break
		}
		k += j
		if k+1 < n {
			if p[k+1] != '\n' {
				p[k] = '\n'
			}
			continue
		}
		if err == nil {
			// The read ended on this CR: look at the byte after it.
			var b [1]byte
			m := 0
			for try := 0; m == 0 && err == nil && try < 100; try++ {
				m, err = c.r.Read(b[:])
			}
			c.err, err = err, nil
			if m == 1 {
				c.next, c.ahead = b[0], true
				if b[0] == '\n' {
					break
				}
			}
		}
		p[k] = '\n'
	}
	return n, err
}

// InComment reports whether the stream ended inside a brace comment.
func (s *Splitter) InComment() bool { return s.braces > 0 }

// Next returns the next game's chunk; ok is false at the end of the
// stream. The chunk's Text is valid until the next call.
func (s *Splitter) Next() (c Chunk, ok bool) {
	if s.done {
		return Chunk{}, false
	}
	s.cur = Chunk{Index: s.n, Text: s.cur.Text[:0]}
	s.hasTags, s.hasMoves, s.blank, s.ended, s.tagOpen = false, false, false, false, false
	s.braces, s.parens = 0, 0
	s.tagNames = s.tagNames[:0]
	s.tagSet.reset()
	if s.pending != nil {
		s.cur.Line = s.pendingLine
		scanned := s.addLine(s.pending)
		s.pending = nil
		if s.pendingMore {
			s.pendingMore = false
			s.endRead(s.drainLine(scanned))
		}
	}
	for !s.done {
		line, err := s.readLine()
		if len(line) > 0 {
			if s.startsNewGame(line) {
				// Kept in a buffer of the splitter's own: line is the
				// reader's, and the game read next starts with it.
				s.pending = append(s.pendingBuf[:0], line...)
				s.pendingBuf = s.pending
				s.pendingLine, s.pendingMore = s.line, s.more
				break
			}
			scanned := false
			if len(s.cur.Text) > 0 || !ignoredLine(line) {
				if s.cur.Line == 0 {
					s.cur.Line = s.line
				}
				scanned = s.addLine(line)
			}
			if err == nil && s.more {
				err = s.drainLine(scanned)
			}
		}
		s.endRead(err)
	}
	if !s.hasTags && !s.hasMoves {
		return Chunk{}, false
	}
	s.n++
	return s.cur, true
}

// endRead ends the stream at a read error (io.EOF: its end).
func (s *Splitter) endRead(err error) {
	if err == nil {
		return
	}
	if err != io.EOF {
		s.err = err
	}
	s.done = true
}

// Err returns the read error that ended the stream, if any.
func (s *Splitter) Err() error { return s.err }

// readLine returns the next line. A line longer than the buffer is
// collected whole up to just over maxGameBytes, which is more than a game
// may hold; the rest of a longer line is left for drainLine (s.more).
func (s *Splitter) readLine() ([]byte, error) {
	line, err := s.r.ReadSlice('\n')
	s.more = false
	if err == bufio.ErrBufferFull {
		long := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull && len(long) <= maxGameBytes {
			line, err = s.r.ReadSlice('\n')
			long = append(long, line...)
		}
		line = long
		if err == bufio.ErrBufferFull {
			s.more, err = true, nil
		}
	}
	if len(line) > 0 {
		s.line++
		if !s.started {
			s.started = true
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
	}
	return line, err
}

// drainLine reads the rest of a line cut at the size limit without
// keeping it, following its braces and parentheses when the line is
// movetext (scan), so that the game ends where it would have ended and
// the games after it are read. A result token that straddles two reads
// of the buffer is not seen; the game is reported too long anyway.
func (s *Splitter) drainLine(scan bool) error {
	for {
		seg, err := s.r.ReadSlice('\n')
		if scan && !s.lineComment {
			s.scanMovetext(seg, true)
		}
		if err != bufio.ErrBufferFull {
			return err
		}
	}
}

// startsNewGame reports whether line begins a game after the current one.
func (s *Splitter) startsNewGame(line []byte) bool {
	if s.braces > 0 || (!s.hasTags && !s.hasMoves) {
		return false
	}
	t := trimIndent(line)
	if s.tagOpen && !isTagStart(t) {
		return false
	}
	if len(t) > 0 && t[0] == '[' {
		name := tagName(t)
		if name == nil {
			return s.hasMoves
		}
		if s.hasMoves || s.blank {
			return true
		}
		return s.repeatsTag(name)
	}
	return s.ended && !isBlankLine(line) && t[0] != '%'
}

// ignoredLine reports whether a line before a game is no part of it: a
// blank line or an escape line (PGN standard 6). The game starts at its
// first tag or movetext line, wherever the stream was cut.
func ignoredLine(line []byte) bool {
	return line[0] == '%' || isBlankLine(line)
}

// trimIndent is bytes.TrimLeft(line, " \t\r") without building its set
// of bytes at each of a file's lines.
func trimIndent(line []byte) []byte {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
		i++
	}
	return line[i:]
}

// isBlankLine reports whether bytes.TrimSpace(line) is empty, deciding at
// the first byte that is not ASCII white space, as most lines allow.
func isBlankLine(line []byte) bool {
	for _, c := range line {
		switch c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			continue
		}
		if c < 0x80 {
			return false
		}
		return len(bytes.TrimSpace(line)) == 0 // Unicode white space
	}
	return true
}

// tagName returns the name of a tag line "[Name ...", or nil.
func tagName(t []byte) []byte {
	i := skipSpaceTab(t, 1)
	j := i
	for j < len(t) && isTagNameByte(t[j]) {
		j++
	}
	if j == i || j == len(t) || (t[j] != ' ' && t[j] != '\t' && t[j] != '"') {
		return nil
	}
	return t[i:j]
}

func isTagNameByte(c byte) bool { return tagNameBytes[c] }

// tagNameBytes are the bytes of a tag name: letters, digits and _.
var tagNameBytes = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = b == '_' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
	}
	return t
}()

// addLine adds a line to the current game and reports whether it was
// read as movetext (or inside a comment), whose rest drainLine follows.
func (s *Splitter) addLine(line []byte) bool {
	// A game over the size limit keeps only its first bytes, but its lines
	// are still followed (comments, results) so that it ends where it
	// would have ended.
	at := -1
	if len(s.cur.Text)+len(line) > maxGameBytes {
		if !s.cur.TooLong {
			s.cur.TooLong, s.cur.CutLine = true, s.line
		}
	} else {
		at = len(s.cur.Text)
		s.cur.Text = append(s.cur.Text, line...)
		if line[len(line)-1] != '\n' {
			s.cur.Text = append(s.cur.Text, '\n')
		}
	}
	s.lineComment = false
	t := trimIndent(line)
	if s.tagOpen && s.continuesTag(t) {
		return false
	}
	switch {
	case s.braces > 0:
		s.scanMovetext(line, false)
		return true
	case isBlankLine(t):
		s.blank = true
	case line[0] == '%':
		// An escape line (PGN 6): ignored.
	case t[0] == '[' && !s.hasMoves && tagName(t) != nil:
		s.hasTags, s.blank = true, false
		s.tagOpen = openTag(t)
		if at >= 0 {
			s.addTagName(at+(len(line)-len(t)), t)
		}
	default:
		s.hasMoves = true
		s.blank = false
		s.scanMovetext(line, false)
		return true
	}
	return false
}

// scanStops are the bytes scanMovetext looks at; it passes over the
// others (most of movetext: moves and blanks) one table look-up each.
var scanStops = func() (t [256]bool) {
	for _, c := range []byte("{;()10*\xc2") {
		t[c] = true
	}
	return t
}()

// scanMovetext follows braces, parentheses and result tokens on a line,
// or on the rest of one (more: a result may not start the line).
func (s *Splitter) scanMovetext(line []byte, more bool) {
	for i := 0; i < len(line); i++ {
		if s.braces > 0 {
			// Comments are most of a long line: skip to the brace.
			j := bytes.IndexByte(line[i:], '}')
			if j < 0 {
				return
			}
			s.braces = 0
			i += j
			continue
		}
		c := line[i]
		if !scanStops[c] {
			continue
		}
		switch c {
		case '{':
			s.braces = 1
		case ';':
			s.lineComment = true
			return
		case '(':
			s.parens++
		case ')':
			if s.parens > 0 {
				s.parens--
			}
		case '1', '0', '*', 0xc2: // 0xc2 starts the UTF-8 of ½
			if s.parens == 0 && (i == 0 && !more || i > 0 && isSpace(line[i-1])) && maybeResult(line[i:]) {
				if n := resultAt(line[i:]); n > 0 {
					s.ended = true
					i += n - 1
				}
			}
		}
	}
}

// maybeResult is a cheap test before resultAt: move numbers also start
// with 1 but are never followed by '-' or '/'.
func maybeResult(b []byte) bool {
	return b[0] == '*' || len(b) > 1 && (b[1] == '-' || b[1] == '/' || b[0] == 0xc2)
}

// addTagName notes the name of the tag line t, which starts at offset at
// of the current game's text.
func (s *Splitter) addTagName(at int, t []byte) {
	name := tagName(t)
	// name is a subslice of t; its copy starts at the same offset.
	start := at + indexOf(t, name)
	s.tagNames = append(s.tagNames, [2]int{start, start + len(name)})
	if len(s.tagNames) > tagSetMin {
		s.tagSet.add(s.cur.Text, s.tagNames)
	}
}

// repeatsTag reports whether name is a tag name of the current section.
func (s *Splitter) repeatsTag(name []byte) bool {
	if len(s.tagNames) > tagSetMin {
		return s.tagSet.has(name)
	}
	for _, n := range s.tagNames {
		if bytes.Equal(s.cur.Text[n[0]:n[1]], name) {
			return true
		}
	}
	return false
}

// tagSetMin is the number of tag names up to which a section's names are
// compared one by one: games have a dozen, and a set only pays for
// sections with many (a file with 200,000 tags in one game must not take
// quadratic time).
const tagSetMin = 32

// tagSet holds the tag names of a section with many.
type tagSet struct {
	m    map[string]struct{}
	done int // the names of tagNames already in m
}

func (ts *tagSet) reset() {
	switch {
	case ts.done == 0:
	case len(ts.m) > 1024:
		ts.m = nil // clearing a big map costs its size at every game
	default:
		clear(ts.m)
	}
	ts.done = 0
}

// add puts the names not yet in the set (offsets into text) into it.
func (ts *tagSet) add(text []byte, names [][2]int) {
	if ts.m == nil {
		ts.m = map[string]struct{}{}
	}
	for _, n := range names[ts.done:] {
		ts.m[string(text[n[0]:n[1]])] = struct{}{}
	}
	ts.done = len(names)
}

func (ts *tagSet) has(name []byte) bool {
	_, ok := ts.m[string(name)]
	return ok
}

// indexOf returns where sub, a subslice of b, starts in b.
func indexOf(b, sub []byte) int { return cap(b) - cap(sub) }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// resultAt returns the length of a result token at the start of b that
// ends at a blank or the end, or 0.
func resultAt(b []byte) int {
	n := 0
	switch {
	case len(b) == 0:
		return 0
	case b[0] == '*':
		n = 1
	case len(b) >= 3 && (string(b[:3]) == "1-0" || string(b[:3]) == "0-1"):
		n = 3
	case len(b) >= 7 && string(b[:7]) == "1/2-1/2":
		n = 7
	case len(b) >= 5 && string(b[:5]) == "½-½":
		n = 5
	case len(b) >= 3 && string(b[:3]) == "1/2":
		n = 3
	default:
		return 0
	}
	if len(b) == n || isSpace(b[n]) {
		return n
	}
	return 0
}

// continuesTag reports whether a line (t, its indent trimmed) is part of
// a tag value left open on an earlier line: any line up to the one with
// the closing quote and "]", but a line that starts a tag, which shows
// the open quote was a stray one (the tag is then said malformed, as
// before, and the line read as it is).
func (s *Splitter) continuesTag(t []byte) bool {
	if isTagStart(t) {
		s.tagOpen = false
		return false
	}
	if _, ok := closesValue(t); ok {
		s.tagOpen, s.blank = false, false
	} else if isBlankLine(t) {
		s.blank = true
	}
	return true
}

// isTagStart reports whether t (a line, its indent trimmed) starts with
// a tag: "[" and a name.
func isTagStart(t []byte) bool { return len(t) > 0 && t[0] == '[' && tagName(t) != nil }

// openTag reports whether the tag line t has a value whose closing quote
// is not on the line: [Name "Value and a line end.
func openTag(t []byte) bool {
	i := skipSpaceTab(t, 1)
	for i < len(t) && isTagNameByte(t[i]) {
		i++
	}
	i = skipSpaceTab(t, i)
	if i >= len(t) || t[i] != '"' {
		return false
	}
	_, _, _, closed := tagValue(t, i+1)
	return !closed
}

// closesValue finds, on a line that continues an open tag value, the
// quote and "]" that close it; end is the index just past the "]".
func closesValue(t []byte) (end int, ok bool) {
	for i := 0; i < len(t) && t[i] != '\n'; i++ {
		if t[i] == '\\' && i+1 < len(t) {
			i++
			continue
		}
		if t[i] == '"' {
			if j := skipSpaceTab(t, i+1); j < len(t) && t[j] == ']' {
				return j + 1, true
			}
		}
	}
	return 0, false
}
