package pgn

import (
	"strconv"
	"strings"
	"unicode"
)

// ExactTag returns the named tag's value as Scoresheet wrote it: from its
// {[%tag Name "value"]} comment before the first move where PGN could not
// hold the value (a line break, a control character, a byte that is not
// UTF-8: pgn_write.go), else Tag(name). Import takes names with it, so
// that an exported event reads back as it was.
func (g *PGNGame) ExactTag(name string) string {
	for _, c := range g.Comments {
		if v, ok := tagFromComment(c, name); ok {
			return v
		}
	}
	return g.Tag(name)
}

// Tags is a game's tags looked up by name in one step each: ExactTag and
// Tag asked for every tag of a game read all of its tags each time (an
// import of one game with 100,000 tags took 20 s).
type Tags struct {
	tag, comment map[string]string // by foldKey of the name
}

// TagIndex reads the game's tags and its [%tag] comments once.
func (g *PGNGame) TagIndex() *Tags {
	ix := &Tags{tag: make(map[string]string, len(g.Tags)), comment: map[string]string{}}
	for _, t := range g.Tags {
		if k := foldKey(t.Name); !has(ix.tag, k) {
			ix.tag[k] = t.Value
		}
	}
	for _, c := range g.Comments {
		eachCommentTag(c, func(n, q string) bool {
			if k := foldKey(n); !has(ix.comment, k) {
				if v, err := strconv.Unquote(q); err == nil {
					ix.comment[k] = v
				}
			}
			return false
		})
	}
	return ix
}

func has(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// Tag is g.Tag(name).
func (ix *Tags) Tag(name string) string { return ix.tag[foldKey(name)] }

// Exact is g.ExactTag(name).
func (ix *Tags) Exact(name string) string {
	if v, ok := ix.comment[foldKey(name)]; ok {
		return v
	}
	return ix.Tag(name)
}

// foldKey returns a key that two names share exactly when
// strings.EqualFold holds between them: each rune as the least of the
// runes it folds to (a byte that is not UTF-8 as U+FFFD, as EqualFold
// reads it).
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		// The least of {K, k, U+212A (Kelvin)} is K, of {S, s, U+017F} S:
		// the upper case for every ASCII letter.
		return strings.ToUpper(s)
	}
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// tagFromComment finds [%tag name "value"] in a comment and unquotes the
// value; a name that is not a symbol is itself Go-quoted.
func tagFromComment(c, name string) (v string, ok bool) {
	eachCommentTag(c, func(n, q string) bool {
		if !strings.EqualFold(n, name) {
			return false
		}
		var err error
		v, err = strconv.Unquote(q)
		ok = err == nil
		return true
	})
	return v, ok
}

// eachCommentTag calls fn with the name and the quoted value of each
// [%tag name "value"] of a comment, in order, until fn returns true.
func eachCommentTag(c string, fn func(name, quoted string) bool) {
	for {
		i := strings.Index(c, "[%tag ")
		if i < 0 {
			return
		}
		c = c[i+len("[%tag "):]
		n := c
		if strings.HasPrefix(c, `"`) {
			q, err := strconv.QuotedPrefix(c)
			if err != nil {
				continue
			}
			c = c[len(q):]
			n, _ = strconv.Unquote(q)
		} else {
			j := strings.IndexByte(c, ' ')
			if j < 0 {
				return
			}
			n, c = c[:j], c[j:]
		}
		c = strings.TrimLeft(c, " \n")
		q, err := strconv.QuotedPrefix(c)
		if err != nil || !strings.HasPrefix(c[len(q):], "]") {
			continue
		}
		if fn(n, q) {
			return
		}
	}
}
