package pgn

import (
	"fmt"
	"strings"
	"testing"

	"scoresheet/sheet"
)

// manyTags is one game with n distinct tags, then its moves.
func manyTags(n int) []byte {
	var b strings.Builder
	b.WriteString("[Event \"many tags\"]\n")
	for i := range n {
		fmt.Fprintf(&b, "[Tag%d \"value %d\"]\n", i, i)
	}
	b.WriteString("\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. d4 *\n")
	return []byte(b.String())
}

// TestManyTagsSplit: a section with many tags is one game, and a tag
// name repeated after many starts the next one, as with few (up to as
// many as a game holds, with the Event tag: more is pgn-too-many-tags).
func TestManyTagsSplit(t *testing.T) {
	for _, n := range []int{3, tagSetMin, tagSetMin + 1, sheet.MaxGameTags - 1} {
		vs, sum := collect(t, manyTags(n), 1)
		if sum.Games != 2 || len(vs[0].Problems) != 0 || vs[0].Plies != 2 {
			t.Errorf("%d tags: %d games, first %+v", n, sum.Games, vs[0])
		}
		// Tag0 again without a blank line: the next game's header.
		text := strings.Replace(string(manyTags(n)), "\n\n1. e4", "\n[Tag0 \"again\"]\n\n1. e4", 1)
		vs, sum = collect(t, []byte(text), 1)
		if n > 0 && (sum.Games != 3 || vs[1].Line != n+2) {
			t.Errorf("%d tags, Tag0 repeated: %d games, second at line %d", n, sum.Games, vs[1].Line)
		}
	}
	// The set is emptied between games: the next game's first tags are
	// no repetition.
	text := string(manyTags(100)) + "\n" + string(manyTags(100))
	if _, sum := collect(t, []byte(text), 1); sum.Games != 4 {
		t.Errorf("two games of 100 tags: %d games", sum.Games)
	}
}

// BenchmarkManyTags validates one game with 25,000 to 200,000 tags: the
// time per op grows linearly with the number of tags (issue 13: it was
// quadratic, 47 s for 200,000).
func BenchmarkManyTags(b *testing.B) {
	for _, n := range []int{25_000, 100_000, 200_000} {
		data := manyTags(n)
		b.Run(fmt.Sprintf("tags=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, sum := collect(b, data, 1); sum.Games != 2 {
					b.Fatalf("%d games", sum.Games)
				}
			}
		})
	}
}

func TestEscapeTag(t *testing.T) {
	for _, c := range []struct {
		in, want string
		exact    bool
	}{
		{"Müller", "Müller", true},
		{`5th "Mikis" Open`, `5th \"Mikis\" Open`, true},
		{`a\b`, `a\\b`, true},
		{"Anna\nMaria", "Anna Maria", false},
		{"Anna\r\nMaria\t", "Anna  Maria ", false},
		{"nul\x00bell\x07", "nul\uFFFDbell\uFFFD", false},
		{"bad\xffbyte", "bad\uFFFDbyte", false},
		{"real \uFFFD", "real \uFFFD", true},
		{"丁立人 😀", "丁立人 😀", true},
	} {
		got, exact := escapeTag(c.in)
		if got != c.want || exact != c.exact {
			t.Errorf("escapeTag(%q) = %q, %v; want %q, %v", c.in, got, exact, c.want, c.exact)
		}
	}
}

// TestTagFromCommentMalformed: a malformed [%tag] comment gives nothing
// (TestExactTag: a well-formed one gives the value as written).
func TestTagFromCommentMalformed(t *testing.T) {
	for _, c := range []string{`[%tag White "unterminated]`, `[%tag White`, `[%tag "White" "a"`, `[%tag White "a" ]`} {
		if v, ok := tagFromComment(c, "White"); ok {
			t.Errorf("tagFromComment(%q) = %q", c, v)
		}
	}
}

// TestTagIndex: the index answers as Tag and ExactTag do, case folding
// (Kelvin sign, long s) and repeated names included.
func TestTagIndex(t *testing.T) {
	g := &PGNGame{
		Tags: []Tag{{Name: "White", Value: "A"}, {Name: "white", Value: "B"}, {Name: "Kk", Value: "K1"}, {Name: "FEN", Value: "x"},
			{Name: "Ss", Value: "S1"}, {Name: "Black", Value: "C"}, {Name: "Empty", Value: ""}},
		Comments: []string{`[%tag "\u212ak" "kelvin"] [%tag White "first"]`, `[%tag White "second"] [%tag Black "Anna\nMaria"]`, `[%tag Bad`},
	}
	ix := g.TagIndex()
	for _, name := range []string{"White", "WHITE", "white", "Black", "Kk", "kK", "\u212aK", "Ss", "\u017fs", "FEN", "fen", "Empty", "None", "", "\xff"} {
		if got, want := ix.Tag(name), g.Tag(name); got != want {
			t.Errorf("Tag(%q) = %q, want %q", name, got, want)
		}
		if got, want := ix.Exact(name), g.ExactTag(name); got != want {
			t.Errorf("Exact(%q) = %q, want %q", name, got, want)
		}
	}
}
