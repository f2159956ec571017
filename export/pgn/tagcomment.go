package pgn

import (
	"strconv"
	"strings"
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

// tagFromComment finds [%tag name "value"] in a comment and unquotes the
// value; a name that is not a symbol is itself Go-quoted.
func tagFromComment(c, name string) (string, bool) {
	for {
		i := strings.Index(c, "[%tag ")
		if i < 0 {
			return "", false
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
				return "", false
			}
			n, c = c[:j], c[j:]
		}
		c = strings.TrimLeft(c, " \n")
		q, err := strconv.QuotedPrefix(c)
		if err != nil || !strings.EqualFold(n, name) || !strings.HasPrefix(c[len(q):], "]") {
			continue
		}
		v, err := strconv.Unquote(q)
		return v, err == nil
	}
}
