package pdfraster

import (
	"bytes"
	"compress/zlib"
	"io"
	"math"
	"regexp"
	"strconv"
)

// The values of a PDF file (ISO 32000-1, 7.3) as this reader holds them:
// nil, bool, float64 (every number), name, []byte (a string), []any (an
// array), dict, ref and *stream.
type (
	name   string
	dict   map[name]any
	ref    int // an indirect object's number (generations are always 0 in our files)
	stream struct {
		dict dict
		raw  []byte
	}
)

// file is a PDF file's objects by number. The file is read by its
// objects' "N G obj" openings, not by its cross-reference table: the
// files read are the app's own, written in one piece.
type file struct {
	objs map[ref]any
}

var objOpen = regexp.MustCompile(`(?m)(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b`)

func parseFile(data []byte) (*file, error) {
	f := &file{objs: map[ref]any{}}
	for _, m := range objOpen.FindAllSubmatchIndex(data, -1) {
		n, err := strconv.Atoi(string(data[m[2]:m[3]]))
		if err != nil {
			return nil, &Error{Code: CodeBadObject, Offset: m[2]}
		}
		p := &parser{data: data, pos: m[1]}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if d, ok := v.(dict); ok {
			if s, ok, err := p.stream(d); err != nil {
				return nil, err
			} else if ok {
				v = s
			}
		}
		f.objs[ref(n)] = v
	}
	if len(f.objs) == 0 {
		return nil, &Error{Code: CodeNotPDF}
	}
	return f, nil
}

// resolve follows a reference (a missing object is nil, as PDF says).
func (f *file) resolve(v any) any {
	for i := 0; i < 32; i++ { // a chain of references, not a loop
		r, ok := v.(ref)
		if !ok {
			return v
		}
		v = f.objs[r]
	}
	return nil
}

func (f *file) dict(v any) dict {
	switch x := f.resolve(v).(type) {
	case dict:
		return x
	case *stream:
		return x.dict
	}
	return nil
}

func (f *file) num(v any) (float64, bool) {
	x, ok := f.resolve(v).(float64)
	return x, ok
}

func (f *file) array(v any) []any {
	a, _ := f.resolve(v).([]any)
	return a
}

// data returns a stream's bytes, inflated when it is Flate-compressed
// (the only filter our files use).
func (f *file) data(v any) ([]byte, error) {
	s, ok := f.resolve(v).(*stream)
	if !ok {
		return nil, &Error{Code: CodeBadStream}
	}
	switch flt := f.resolve(s.dict["Filter"]).(type) {
	case nil:
		return s.raw, nil
	case name:
		if flt == "FlateDecode" {
			r, err := zlib.NewReader(bytes.NewReader(s.raw))
			if err != nil {
				return nil, &Error{Code: CodeBadStream, Err: err}
			}
			out, err := io.ReadAll(io.LimitReader(r, maxStream+1))
			if err != nil || len(out) > maxStream {
				return nil, &Error{Code: CodeBadStream, Err: err}
			}
			return out, nil
		}
	}
	return nil, &Error{Code: CodeUnsupported}
}

// maxStream is more than any stream of a scoresheet's page inflates to.
const maxStream = 64 << 20

// parser reads values from data at pos.
type parser struct {
	data []byte
	pos  int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool { return bytes.IndexByte([]byte("()<>[]{}/%"), c) >= 0 }

func (p *parser) skip() {
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case isSpace(c):
			p.pos++
		case c == '%':
			for p.pos < len(p.data) && p.data[p.pos] != '\n' && p.data[p.pos] != '\r' {
				p.pos++
			}
		default:
			return
		}
	}
}

// token reads a regular word: a number, a keyword or an operator.
func (p *parser) token() string {
	start := p.pos
	for p.pos < len(p.data) && !isSpace(p.data[p.pos]) && !isDelim(p.data[p.pos]) {
		p.pos++
	}
	return string(p.data[start:p.pos])
}

// isNumber reports whether tok is written as a PDF number (7.3.3):
// digits, a sign and a point, not Go's "Inf", "0x1p3" or "1e5".
func isNumber(tok string) bool {
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; (c < '0' || c > '9') && c != '.' && c != '-' && c != '+' {
			return false
		}
	}
	return true
}

// maxDepth bounds nested arrays and dictionaries.
const maxDepth = 64

func (p *parser) value() (any, error) { return p.valueAt(0) }

func (p *parser) valueAt(depth int) (any, error) {
	p.skip()
	if p.pos >= len(p.data) || depth > maxDepth {
		return nil, &Error{Code: CodeBadObject, Offset: p.pos}
	}
	switch c := p.data[p.pos]; {
	case c == '/':
		p.pos++
		return name(p.token()), nil
	case c == '(':
		return p.literal()
	case c == '<' && p.pos+1 < len(p.data) && p.data[p.pos+1] == '<':
		return p.dictAt(depth)
	case c == '<':
		return p.hex()
	case c == '[':
		return p.arrayAt(depth)
	case isDelim(c):
		return nil, &Error{Code: CodeBadObject, Offset: p.pos}
	}
	at := p.pos
	tok := p.token()
	switch tok {
	case "true", "false":
		return tok == "true", nil
	case "null":
		return nil, nil
	}
	return p.numberOrRef(tok, at)
}

// numberOrRef reads a number, or the reference "N G R" it begins.
func (p *parser) numberOrRef(tok string, at int) (any, error) {
	n, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsInf(n, 0) || math.IsNaN(n) || !isNumber(tok) {
		return nil, &Error{Code: CodeBadObject, Offset: at}
	}
	// "N G R" is a reference.
	save := p.pos
	p.skip()
	if g := p.token(); g != "" {
		if _, err := strconv.Atoi(g); err == nil {
			p.skip()
			if p.pos < len(p.data) && p.data[p.pos] == 'R' && (p.pos+1 == len(p.data) || isSpace(p.data[p.pos+1]) || isDelim(p.data[p.pos+1])) {
				p.pos++
				return ref(int(n)), nil
			}
		}
	}
	p.pos = save
	return n, nil
}

func (p *parser) arrayAt(depth int) (any, error) {
	p.pos++ // [
	var out []any
	for {
		p.skip()
		if p.pos >= len(p.data) {
			return nil, &Error{Code: CodeBadObject, Offset: p.pos}
		}
		if p.data[p.pos] == ']' {
			p.pos++
			return out, nil
		}
		v, err := p.valueAt(depth + 1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

func (p *parser) dictAt(depth int) (any, error) {
	p.pos += 2 // <<
	d := dict{}
	for {
		p.skip()
		if p.pos+1 < len(p.data) && p.data[p.pos] == '>' && p.data[p.pos+1] == '>' {
			p.pos += 2
			return d, nil
		}
		k, err := p.valueAt(depth + 1)
		if err != nil {
			return nil, err
		}
		key, ok := k.(name)
		if !ok {
			return nil, &Error{Code: CodeBadObject, Offset: p.pos}
		}
		v, err := p.valueAt(depth + 1)
		if err != nil {
			return nil, err
		}
		d[key] = v
	}
}

// literal reads a string in parentheses (7.3.4.2).
func (p *parser) literal() (any, error) {
	p.pos++ // (
	var out []byte
	nest := 0
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		switch {
		case c == '(':
			nest++
		case c == ')' && nest == 0:
			return out, nil
		case c == ')':
			nest--
		case c == '\\' && p.pos < len(p.data):
			c = p.escape()
			if c == 0xff && p.data[p.pos-1] == '\n' { // a line continued
				continue
			}
		}
		out = append(out, c)
	}
	return nil, &Error{Code: CodeBadObject, Offset: p.pos}
}

// escape reads what follows a backslash in a literal string.
func (p *parser) escape() byte {
	c := p.data[p.pos]
	p.pos++
	switch c {
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case '\n':
		return 0xff
	}
	if c < '0' || c > '7' {
		return c // \( \) \\ and any other character stand for themselves
	}
	v := int(c - '0')
	for i := 0; i < 2 && p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '7'; i++ {
		v = v*8 + int(p.data[p.pos]-'0')
		p.pos++
	}
	return byte(v)
}

// hex reads a string in angle brackets.
func (p *parser) hex() (any, error) {
	p.pos++ // <
	var out []byte
	var digits []byte
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		p.pos++
		if c == '>' {
			if len(digits)%2 == 1 {
				digits = append(digits, '0')
			}
			for i := 0; i < len(digits); i += 2 {
				v, _ := strconv.ParseUint(string(digits[i:i+2]), 16, 8)
				out = append(out, byte(v))
			}
			return out, nil
		}
		if isSpace(c) {
			continue
		}
		if _, err := strconv.ParseUint(string(c), 16, 8); err != nil {
			return nil, &Error{Code: CodeBadObject, Offset: p.pos - 1}
		}
		digits = append(digits, c)
	}
	return nil, &Error{Code: CodeBadObject, Offset: p.pos}
}

// stream reads the stream that follows a dictionary, if one does.
func (p *parser) stream(d dict) (*stream, bool, error) {
	p.skip()
	if !bytes.HasPrefix(p.data[p.pos:], []byte("stream")) {
		return nil, false, nil
	}
	p.pos += len("stream")
	if p.pos < len(p.data) && p.data[p.pos] == '\r' {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '\n' {
		p.pos++
	}
	n, ok := d["Length"].(float64)
	if !ok || n < 0 || p.pos+int(n) > len(p.data) {
		end := bytes.Index(p.data[p.pos:], []byte("endstream"))
		if end < 0 {
			return nil, false, &Error{Code: CodeBadStream, Offset: p.pos}
		}
		n = float64(end)
	}
	s := &stream{dict: d, raw: p.data[p.pos : p.pos+int(n)]}
	p.pos += int(n)
	return s, true, nil
}
