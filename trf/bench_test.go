package trf

import (
	"testing"

	"scoresheet/sheet"
)

// BenchmarkParseImport: reading the largest corpus file (180 players,
// 11 rounds) and planning its import into an empty event, then again
// over the games of the first.
func BenchmarkParseImport(b *testing.B) {
	data := readCorpus(b, "bbpPairings_issue_15.trf")
	for b.Loop() {
		f, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		first := Import(f, sheet.Event{}, nil)
		Import(f, first.Event, stored(first.Add))
	}
}
