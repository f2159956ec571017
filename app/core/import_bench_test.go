package core

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"scoresheet/sheet"
	"scoresheet/sheet/sqlitestore"
)

// tagsGame is one game with n tags of its own beside the seven.
func tagsGame(n int) string {
	var b strings.Builder
	b.WriteString("[Event \"E\"]\n[Site \"S\"]\n[Date \"2026.11.25\"]\n[Round \"1.1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n")
	for i := range n {
		fmt.Fprintf(&b, "[T%d \"v%d\"]\n", i, i)
	}
	b.WriteString("\n1. e4 e5 *\n")
	return b.String()
}

// BenchmarkImportTags imports one game with n tags of its own beside the
// seven: 100 and 993 (the 1,000 a game holds) are imported, 100,000 is
// refused (pgn-too-many-tags) once the parser has read past the
// thousandth. The cost grows as n: 100,000 tags took 18-24 s when a
// tag's exact value was looked up among all the tags for each.
func BenchmarkImportTags(b *testing.B) {
	for _, n := range []int{100, sheet.MaxGameTags - 7, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			text := tagsGame(n)
			dir := b.TempDir()
			i := 0
			for b.Loop() {
				i++
				st, err := sqlitestore.Create(filepath.Join(dir, fmt.Sprintf("e%d.scoresheet", i)), sheet.Event{Name: "E"})
				if err != nil {
					b.Fatal(err)
				}
				res, err := Import(st, strings.NewReader(text), "t.pgn", "en", nil)
				if err != nil || res.Added+res.Refused != 1 {
					b.Fatal(res, err)
				}
				st.Close()
			}
		})
	}
}
