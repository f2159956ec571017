package pgn

import (
	"bytes"
	"os"
	"testing"

	"scoresheet/internal/xtest"
)

// BenchmarkValidateLichess checks the 5,553 lichess games of the medium
// corpus on one goroutine: the hot path of `scoresheet validate --jobs 1`,
// for pprof (-cpuprofile, -memprofile) and instruction counts.
func BenchmarkValidateLichess(b *testing.B) {
	data, err := os.ReadFile(xtest.Corpus(b, "pgn", "medium", "cheesse_lichess_5553games.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		sum, err := Validate(bytes.NewReader(data), ValidateOptions{Jobs: 1}, func(*Verdict) {})
		if err != nil || sum.Games != 5553 {
			b.Fatalf("games %d, err %v", sum.Games, err)
		}
	}
}
