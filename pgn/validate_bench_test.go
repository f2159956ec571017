package pgn

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
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

// BenchmarkValidateMedium checks every file of the medium corpus (9,320
// games of lichess, TWIC, world championships...) on one goroutine.
func BenchmarkValidateMedium(b *testing.B) {
	files, err := filepath.Glob(xtest.Corpus(b, "pgn", "medium", "*.pgn"))
	if err != nil || len(files) < 11 {
		b.Fatalf("medium corpus: %d files, %v", len(files), err)
	}
	var in []Input
	size := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		size += len(data)
		in = append(in, Input{Name: f, Open: func() (io.Reader, error) { return bytes.NewReader(data), nil }})
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for range b.N {
		sum, _, err := ValidateFiles(in, ValidateOptions{Jobs: 1}, func(*Verdict) {})
		if err != nil || sum.Games != 9320 {
			b.Fatalf("games %d, err %v", sum.Games, err)
		}
	}
}
