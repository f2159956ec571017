package pgn

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"scoresheet/rules"
	"scoresheet/sheet"
)

// Parser reads games from chunks. A Parser is not safe for concurrent use;
// give each worker its own.
type Parser struct {
	File    string
	Letters *rules.Letters // the notation language; nil or English takes the SAN fast path
	// KeepMoves keeps each move with its comments, NAGs and clock (for
	// import); without it only the verdict and the counts are kept.
	KeepMoves bool

	buf  []byte
	game PGNGame
	// start and final are the game's Start and Final: a game's slices
	// and positions are its parser's, used again by the next game.
	start, final rules.Position
}

// Parse reads one chunk. The returned game is valid until the next call.
func (ps *Parser) Parse(c Chunk) *PGNGame {
	g := &ps.game
	*g = PGNGame{Index: c.Index, Line: c.Line, Moves: g.Moves[:0], Tags: g.Tags[:0], Problems: g.Problems[:0], Comments: g.Comments[:0]}
	text := c.Text
	if !utf8.Valid(text) {
		ps.buf = latin1ToUTF8(ps.buf[:0], text)
		text = ps.buf
		g.Latin1 = true
	}
	st := parseState{ps: ps, g: g, text: text, line: c.Line, lineStart: 0, cut: c.TooLong}
	if c.TooLong {
		// Said where the text was cut; what the kept text leaves open
		// there (a comment, the result) is not reported again.
		g.Problems = append(g.Problems, Problem{File: ps.File, Pos: rules.Pos{Line: c.CutLine, Col: 1}, PGN: ProblemTooLong, Severe: true})
	}
	st.run()
	return g
}

func latin1ToUTF8(dst, src []byte) []byte {
	for _, b := range src {
		if b < 0x80 {
			dst = append(dst, b)
		} else {
			dst = utf8.AppendRune(dst, rune(b))
		}
	}
	return dst
}

type parseState struct {
	ps        *Parser
	g         *PGNGame
	text      []byte
	i         int
	line      int
	lineStart int
	pos       rules.Position
	started   bool // the position is set up (tags are over)
	stopped   bool // an illegal move ended the replay
	cut       bool // the chunk was cut at the size limit
	ply       int

	tooManyTags bool // pgn-too-many-tags is said
	control     bool // pgn-control-char is said
	warnings    int  // warnings said (MaxGameWarnings kept)

	colLine, colIdx, colN int // col's count: text[colIdx] of the line at colLine is column colN
}

// col returns the column of text[i] on the current line, in characters
// (rules.Pos), counting on from the last column asked on the line: the
// tokens of a line are asked in order, and a game may be one line of
// megabytes.
func (st *parseState) col(i int) int {
	if st.colN == 0 || st.colLine != st.lineStart || i < st.colIdx {
		st.colLine, st.colIdx, st.colN = st.lineStart, st.lineStart, 1
	}
	st.colN += utf8.RuneCount(st.text[st.colIdx:i])
	st.colIdx = i
	return st.colN
}

// colOn returns the column of t[i] on the line starting at t[lineStart],
// as col counts it, without col's memory of the last column asked.
func colOn(t []byte, lineStart, i int) int {
	return 1 + utf8.RuneCount(t[lineStart:i])
}

func (st *parseState) problemAt(i int, code ProblemCode, text string, severe bool) {
	if !severe {
		st.g.HasWarnings = true
		if st.warnings++; st.warnings > MaxGameWarnings {
			if st.warnings == MaxGameWarnings+1 {
				code, text = ProblemManyWarnings, ""
			} else {
				return
			}
		}
	}
	st.g.Problems = append(st.g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: st.line, Col: st.col(i)},
		PGN: code, Text: text, Severe: severe})
}

func (st *parseState) problem(code ProblemCode, text string, severe bool) {
	st.problemAt(st.i, code, text, severe)
}

// newline moves the line counter past text[i] == '\n'.
func (st *parseState) newline(i int) {
	st.line++
	st.lineStart = i + 1
}

func (st *parseState) run() {
	t := st.text
	for st.i < len(t) {
		c := t[st.i]
		switch {
		case c == '\n':
			st.newline(st.i)
			st.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			st.i++
		case c == '%' && st.i == st.lineStart:
			st.skipLine()
		case c == '[' && !st.started:
			st.tag()
		case c == '{':
			st.comment()
		case c == ';':
			st.skipLine()
		case c == '(':
			st.variation()
		case c == ')':
			st.problem(ProblemUnexpected, ")", false)
			st.i++
		case c == '$':
			st.nag()
		case c == '!' || c == '?':
			st.glyph()
		case c == '*':
			st.setup()
			st.result("*", st.i)
			st.i++
		default:
			st.symbol()
		}
	}
	st.finish()
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func (st *parseState) skipLine() {
	for st.i < len(st.text) && st.text[st.i] != '\n' {
		if isControl(st.text[st.i]) {
			st.controlChar(st.i, st.text[st.i])
		}
		st.i++
	}
}

// tag reads [Name "Value"]; a tag that does not read is reported and its
// line skipped.
func (st *parseState) tag() {
	t, start := st.text, st.i
	ns := skipSpaceTab(t, start+1)
	i := ns
	for i < len(t) && isTagNameByte(t[i]) {
		i++
	}
	nameBytes := t[ns:i]
	i = skipSpaceTab(t, i)
	if len(nameBytes) == 0 || i >= len(t) || t[i] != '"' {
		st.problemAt(start, ProblemTagSyntax, lineText(t, start), false)
		st.skipLine()
		return
	}
	raw, escaped, i, closed := tagValue(t, i+1)
	if !closed {
		st.problemAt(start, ProblemTagSyntax, lineText(t, start), false)
		if !st.skipOpenValue() {
			st.skipLine()
		}
		return
	}
	for i < len(t) && t[i] != ']' {
		i++
	}
	st.i = i + 1
	for _, c := range raw {
		if isControl(c) {
			st.controlChar(start, c) // said at the tag: raw may be unescaped
			break
		}
	}
	if len(st.g.Tags) >= sheet.MaxGameTags {
		// More than a game holds: said once, at the first one beyond;
		// those after it are not kept.
		if len(st.g.Tags) == sheet.MaxGameTags && !st.tooManyTags {
			st.tooManyTags = true
			st.problemAt(start, ProblemTooManyTags, "", true)
		}
		return
	}
	var name, value string
	if st.ps.KeepMoves || escaped {
		name, value = string(nameBytes), string(raw)
	} else {
		// Validation keeps no tag beyond this game: point into the chunk.
		name, value = bytesString(nameBytes), bytesString(raw)
	}
	st.g.Tags = append(st.g.Tags, Tag{Name: name, Value: value, Line: st.line, Col: st.col(start)})
}

// skipOpenValue passes over a tag value that runs on past its line (a
// raw line end inside it: PGN does not allow one) to the quote and "]"
// that close it on a later line, as the Splitter does, so that nothing
// inside it is read as movetext. The tag is not kept: it is said
// malformed. It reports false, having moved nothing, when a tag starts or
// the game ends before the value closes: the quote was a stray one.
func (st *parseState) skipOpenValue() bool {
	t := st.text
	ls := bytes.IndexByte(t[st.i:], '\n')
	if ls < 0 {
		return false
	}
	for ls += st.i + 1; ls < len(t); {
		line := trimIndent(t[ls:])
		if isTagStart(line) {
			return false
		}
		if end, ok := closesValue(line); ok {
			for k := st.i; k < ls; k++ {
				if t[k] == '\n' {
					st.newline(k)
				}
			}
			st.i = ls + (len(t) - ls - len(line)) + end
			return true
		}
		nl := bytes.IndexByte(t[ls:], '\n')
		if nl < 0 {
			return false
		}
		ls += nl + 1
	}
	return false
}

// skipSpaceTab returns the index of the first byte from i on that is not
// a space or a tab.
func skipSpaceTab(t []byte, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}

// tagValue reads a tag's value from vs, just after its opening quote, to
// the quote that closes it, on the same line. The value is t[vs:end]
// unless it has escapes (escaped): then it is a new slice without them.
// closed is false when no quote followed by "]" ends the value.
func tagValue(t []byte, vs int) (value []byte, escaped bool, end int, closed bool) {
	// The usual value: no backslash or line end before a quote followed
	// by "]". Found with IndexByte (a whole word at a time), as the loop
	// below would read it.
	if q := bytes.IndexByte(t[vs:], '"'); q >= 0 {
		v := t[vs : vs+q]
		if j := skipSpaceTab(t, vs+q+1); j < len(t) && t[j] == ']' &&
			bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '\n') < 0 {
			return v, false, vs + q, true
		}
	}
	var val []byte // only when the value has escapes
	i := vs
	for i < len(t) && t[i] != '\n' {
		if t[i] == '\\' && i+1 < len(t) && (t[i+1] == '"' || t[i+1] == '\\') {
			if !escaped {
				val, escaped = append(val, t[vs:i]...), true
			}
			val = append(val, t[i+1])
			i += 2
			continue
		}
		// A quote followed by "]" closes; any other is part of the
		// value (names like `5th "Mikis" Open` written unescaped).
		if t[i] == '"' {
			if j := skipSpaceTab(t, i+1); j < len(t) && t[j] == ']' {
				closed = true
				break
			}
		}
		if escaped {
			val = append(val, t[i])
		}
		i++
	}
	if escaped {
		return val, true, i, closed
	}
	return t[vs:i], false, i, closed
}

// bytesString returns a string sharing b's bytes: only for strings that do
// not outlive the chunk being parsed.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// lineText returns the start of the line from t[i], as a problem
// quotes it (sheet.ShortText: a line may be megabytes long).
func lineText(t []byte, i int) string {
	j := bytes.IndexByte(t[i:], '\n')
	if j < 0 {
		j = len(t) - i
	}
	j = min(j, 4*sheet.MaxCellBytes)
	return sheet.ShortText(strings.TrimRight(string(t[i:i+j]), "\r"))
}

// setup sets the start position once the tags are over.
func (st *parseState) setup() {
	if st.started {
		return
	}
	st.started = true
	g := st.g
	if v := strings.TrimSpace(g.Tag("Variant")); v != "" && !standardVariant(v) {
		st.tagProblem("Variant", ProblemVariant, sheet.ShortText(v))
		st.stopped = true
	}
	if fen := g.Tag("FEN"); fen != "" {
		p, err := rules.ParseFEN(strings.TrimSpace(fen))
		if err != nil {
			st.tagProblem("FEN", ProblemBadFEN, err.Error())
			st.stopped = true
			st.pos = *rules.NewPosition()
		} else {
			st.pos = *p
		}
	} else {
		st.pos = *rules.NewPosition()
	}
	st.ps.start = st.pos
	g.Start = &st.ps.start
}

// standardVariant reports whether a Variant tag names standard chess:
// lichess writes "Standard" and, for games from a set-up position, "From
// Position"; other programs write "normal", "regular" or "classical".
func standardVariant(v string) bool {
	for _, s := range []string{"standard", "chess", "from position", "normal", "regular", "classical"} {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// tagProblem reports a severe problem at the named tag.
func (st *parseState) tagProblem(name string, code ProblemCode, text string) {
	line, col := st.g.Line, 1
	for _, t := range st.g.Tags {
		if strings.EqualFold(t.Name, name) {
			line, col = t.Line, t.Col
			break
		}
	}
	st.g.Problems = append(st.g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: line, Col: col},
		PGN: code, Text: text, Severe: true})
}

// comment reads {...}, possibly over several lines.
func (st *parseState) comment() {
	st.setup()
	t, start := st.text, st.i
	// Where it starts, for the problem of a comment left open: the
	// column is counted only then (counting it at every comment was a
	// twentieth of the work on lichess's files, a clock comment a move).
	line, lineStart := st.line, st.lineStart
	i := start + 1
	for i < len(t) && t[i] != '}' {
		if t[i] < 0x20 || t[i] == 0x7f {
			if t[i] == '\n' {
				st.newline(i)
			} else if isControl(t[i]) {
				st.controlChar(i, t[i])
			}
		}
		i++
	}
	if i >= len(t) {
		// The comment runs to the end of the file and swallows whatever
		// follows, games included: an error, not to be passed over.
		st.i = len(t)
		if st.cut {
			return
		}
		st.g.Problems = append(st.g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: line, Col: colOn(t, lineStart, start)}, PGN: ProblemUnclosedComment, Severe: true})
		return
	}
	st.i = i + 1
	if st.ps.KeepMoves {
		st.attachComment(string(t[start+1 : i]))
	}
}

// variation skips a (...) side line with its nested variations and comments.
func (st *parseState) variation() {
	t, start := st.text, st.i
	line, lineStart := st.line, st.lineStart // the column only for a problem
	depth := 0
	i := start
	for i < len(t) {
		switch t[i] {
		case '\n':
			st.newline(i)
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			for i < len(t) && t[i] != '}' {
				if t[i] == '\n' {
					st.newline(i)
				} else if isControl(t[i]) {
					st.controlChar(i, t[i])
				}
				i++
			}
		case ';':
			// A rest-of-line comment: parentheses in it do not count.
			for i+1 < len(t) && t[i+1] != '\n' {
				i++
			}
		}
		i++
		if depth == 0 {
			break
		}
	}
	st.i = min(i, len(t)) // past the end after a comment left open
	if depth > 0 && !st.cut {
		st.g.Problems = append(st.g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: line, Col: colOn(t, lineStart, start)}, PGN: ProblemUnclosedVariation})
		st.g.HasWarnings = true
	}
}

func (st *parseState) nag() {
	t := st.text
	i := st.i + 1
	n := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' && i-st.i < 5 {
		n = n*10 + int(t[i]-'0')
		i++
	}
	if i == st.i+1 {
		st.problem(ProblemUnexpected, "$", false)
	} else if st.ps.KeepMoves && len(st.g.Moves) > 0 {
		m := &st.g.Moves[len(st.g.Moves)-1]
		m.NAGs = append(m.NAGs, n)
	}
	st.i = i
}

// glyphNAG maps the move suffix glyphs to their NAGs (PGN standard 10).
var glyphNAG = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

func (st *parseState) glyph() {
	t := st.text
	i := st.i
	for i < len(t) && (t[i] == '!' || t[i] == '?') && i-st.i < 2 {
		i++
	}
	if n, ok := glyphNAG[string(t[st.i:i])]; ok && st.ps.KeepMoves && len(st.g.Moves) > 0 {
		m := &st.g.Moves[len(st.g.Moves)-1]
		m.NAGs = append(m.NAGs, n)
	}
	st.i = i
}

func isSymbolByte(c byte) bool { return symbolBytes[c] }

// symbolBytes are the bytes of a symbol: letters, digits, _+#=:-/. and
// every byte of a character beyond ASCII (one table look-up a byte of
// movetext).
var symbolBytes = func() (t [256]bool) {
	for c := range 256 {
		b := byte(c)
		t[c] = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
			strings.IndexByte("_+#=:-/.", b) >= 0 || b >= 0x80
	}
	return t
}()

// symbol reads a move number, a move, a null move or a result.
func (st *parseState) symbol() {
	t, start := st.text, st.i
	i := start
	for i < len(t) && isSymbolByte(t[i]) {
		i++
	}
	if i == start {
		st.problem(ProblemUnexpected, string(t[start:start+1]), false)
		st.i++
		return
	}
	st.i = i
	tok := t[start:i]
	st.setup()
	if maybeResult(tok) && resultAt(t[start:]) == i-start {
		st.result(resultText(tok), start)
		return
	}
	// Move numbers: "12." "12..." "12" and "12.e4" written together.
	if tok[0] >= '0' && tok[0] <= '9' && tok[0] != '0' {
		j := 0
		for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
			j++
		}
		k := j
		for k < len(tok) && tok[k] == '.' {
			k++
		}
		if k == len(tok) || k > j {
			if k == len(tok) {
				return
			}
			tok, start = tok[k:], start+k
		}
	}
	for len(tok) > 0 && tok[0] == '.' {
		tok, start = tok[1:], start+1
	}
	switch string(tok) {
	case "", "e.p.", "e.p", "ep", "+", "++", "#":
		return // a mark written apart belongs to the move before
	}
	st.move(tok, start)
}

// resultText returns a result token as a string, the usual ones without
// allocating one a game.
func resultText(tok []byte) string {
	for _, r := range [...]string{"1-0", "0-1", "1/2-1/2", "*"} {
		if string(tok) == r {
			return r
		}
	}
	return string(tok)
}

func (st *parseState) result(tok string, at int) {
	g := st.g
	if g.Result != "" {
		st.problemAt(at, ProblemUnexpected, tok, false)
		return
	}
	switch tok {
	case "½-½", "1/2":
		tok = "1/2-1/2"
	}
	g.Result = tok
	if tag := g.Tag("Result"); tag != "" && tag != tok {
		st.problemAt(at, ProblemResultMismatch, tok, false)
	}
}

// move plays one move of the main line.
func (st *parseState) move(tok []byte, at int) {
	g := st.g
	if g.Result != "" {
		st.problemAt(at, ProblemUnexpected, string(tok), false)
		return
	}
	st.ply++
	if st.stopped {
		return
	}
	if (len(tok) > sheet.MaxCellBytes || st.ply > sheet.MaxCopyCells) && st.beyondBounds(tok, at) {
		return
	}
	if string(tok) == "--" || string(tok) == "Z0" || string(tok) == "0000" {
		st.problemAt(at, ProblemNullMove, string(tok), true)
		st.stopped = true
		g.IllegalPly = st.ply
		return
	}
	var m rules.Move
	var rd *rules.Reading
	english := st.ps.Letters == nil || st.ps.Letters == rules.English
	if english {
		// The string shares tok's bytes only for the call.
		mv, err := st.pos.ParseSAN(bytesString(tok))
		if err == nil {
			m = mv
		}
	}
	if m == rules.NoMove {
		r := rules.ReadCell(&st.pos, string(tok), st.ps.Letters)
		rd = &r
		m = r.Move
		col := st.col(at)
		for _, f := range r.Findings {
			sev := f.Severity()
			if sev == rules.Note {
				continue
			}
			fcol := col + utf8.RuneCount(tok[:max(0, min(f.Offset, len(tok)))]) // the finding's character in the move
			g.Problems = append(g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: st.line, Col: fcol},
				Move: f.Code, Ply: st.ply, Text: string(tok), Severe: sev == rules.Error})
			if sev == rules.Warning {
				g.HasWarnings = true
			}
		}
		if r.Status != rules.StatusOK && r.Status != rules.StatusNonstandard {
			if r.Status == rules.StatusIllegal && m != rules.NoMove {
				// A promotion without piece: illegal (7.5.2), the pawn becomes a queen.
			} else {
				if len(r.Findings) == 0 {
					g.Problems = append(g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: st.line, Col: st.col(at)},
						Status: r.Status, Ply: st.ply, Text: string(tok), Severe: true})
				}
				g.IllegalPly = st.ply
				st.stopped = true
				if st.ps.KeepMoves {
					g.Moves = append(g.Moves, PGNMove{Text: string(tok), Line: st.line, Col: st.col(at), Reading: rd})
				}
				return
			}
		}
	}
	if st.ps.KeepMoves {
		g.Moves = append(g.Moves, PGNMove{Text: string(tok), Move: m, Line: st.line, Col: st.col(at), Reading: rd})
	}
	st.pos.Apply(m)
	g.Plies++
}

// beyondBounds stops the replay, saying so, at a move longer than a
// box holds or beyond the half-moves a copy holds (sheet's bounds, the
// import's and the window's alike): an error, and a game an import does
// not take (PGNGame.Refusal).
func (st *parseState) beyondBounds(tok []byte, at int) bool {
	code := ProblemCode("")
	switch {
	case len(tok) > sheet.MaxCellBytes:
		code = ProblemCellTooLong
	case st.ply > sheet.MaxCopyCells:
		code = ProblemTooManyMoves
	default:
		return false
	}
	st.problemAt(at, code, sheet.ShortText(string(tok[:min(len(tok), 4*sheet.MaxCellBytes)])), true)
	st.g.IllegalPly = st.ply
	st.stopped = true
	return true
}

// controlChar says the first control character of a game that PGN does
// not allow (4.1: of the ASCII controls only the tabs and the line ends)
// in a comment or a tag value, where the reader passes over it: a
// warning, so that "validate" says what an import takes as written.
// (In movetext it is pgn-unexpected.)
func (st *parseState) controlChar(i int, c byte) {
	if st.control {
		return
	}
	st.control = true
	const hex = "0123456789abcdef"
	st.g.Problems = append(st.g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: st.line, Col: st.col(i)},
		PGN: ProblemControlChar, Text: string([]byte{'\\', 'x', hex[c>>4], hex[c&15]})})
	st.g.HasWarnings = true
}

// isControl reports whether c is an ASCII control character PGN does not
// allow (4.1), DEL included.
func isControl(c byte) bool {
	return c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' || c == 0x7f
}

func (st *parseState) finish() {
	st.setup()
	g := st.g
	st.ps.final = st.pos
	g.Final = &st.ps.final
	if g.Result == "" && (g.Plies > 0 || len(g.Tags) > 0) && !st.cut {
		// Where the result should be: just after the game's last token.
		t, j, line := st.text, st.i, st.line
		for j > 0 && isBlank(t[j-1]) {
			if t[j-1] == '\n' {
				line--
			}
			j--
		}
		col := utf8.RuneCount(t[bytes.LastIndexByte(t[:j], '\n')+1:j]) + 1
		g.Problems = append(g.Problems, Problem{File: st.ps.File, Pos: rules.Pos{Line: line, Col: col}, PGN: ProblemMissingResult})
		g.HasWarnings = true
	}
}

// attachComment stores a comment on the last move, taking Scoresheet's own
// forms out of it: the draw offer "(=)", the clock "[%clk h:mm:ss]" and
// the copies' texts "[%copy white "..."]".
func (st *parseState) attachComment(c string) {
	g := st.g
	if len(g.Moves) == 0 {
		if s := strings.TrimSpace(c); s != "" {
			g.Comments = append(g.Comments, s)
		}
		return
	}
	m := &g.Moves[len(g.Moves)-1]
	rest := c
	for {
		i := strings.Index(rest, "[%")
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			break
		}
		cmd := rest[i+2 : i+j]
		keep := true
		switch {
		case strings.HasPrefix(cmd, "clk "):
			m.Clock = strings.TrimSpace(cmd[4:])
			keep = false
		case strings.HasPrefix(cmd, "copy "):
			f := strings.SplitN(strings.TrimSpace(cmd[5:]), " ", 2)
			if len(f) == 2 {
				if v, err := strconv.Unquote(f[1]); err == nil {
					switch f[0] {
					case "white":
						m.Written[0], keep = v, false
					case "black":
						m.Written[1], keep = v, false
					}
				}
			}
		}
		if keep {
			break
		}
		rest = rest[:i] + rest[i+j+1:]
	}
	if strings.Contains(rest, "(=)") {
		m.DrawOffer = true
		rest = strings.Replace(rest, "(=)", "", 1)
	}
	if s := strings.TrimSpace(rest); s != "" {
		m.Comments = append(m.Comments, s)
	}
}
