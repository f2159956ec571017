package pgn

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"scoresheet/internal/xtest"
)

func collect(t testing.TB, data []byte, jobs int) ([]Verdict, Summary) {
	t.Helper()
	var vs []Verdict
	sum, err := Validate(bytes.NewReader(data), ValidateOptions{File: "f", Jobs: jobs, All: true}, func(v *Verdict) {
		vs = append(vs, *v)
	})
	if err != nil {
		t.Fatal(err)
	}
	return vs, sum
}

// TestValidateParallelEqualsSequential: with small blocks, every corpus
// file gives the same verdicts, in the same order, with any number of jobs.
func TestValidateParallelEqualsSequential(t *testing.T) {
	defer func(n int) { blockBytes = n }(blockBytes)
	blockBytes = 4 << 10
	var files []string
	filepath.WalkDir(xtest.Corpus(t, "pgn"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".pgn") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 50 {
		t.Fatalf("only %d corpus files", len(files))
	}
	// A comment holding a blank line and a tag-like line: the block cut
	// there must be detected and read again.
	trap := strings.Repeat("[Event \"x\"]\n\n1. e4 e5 {a comment\n\n[Event \"not a tag\"]\nstill the comment} 2. Nf3 *\n\n", 400)
	for _, f := range append(files, "trap") {
		var data []byte
		if f == "trap" {
			data = []byte(trap)
		} else {
			var err error
			if data, err = os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
			if len(data) > 2<<20 {
				data = data[:2<<20] // enough blocks; keeps the test quick under -race
			}
		}
		seq, sumSeq := collect(t, data, 1)
		for _, jobs := range []int{2, 3} {
			par, sumPar := collect(t, data, jobs)
			if sumSeq != sumPar {
				t.Fatalf("%s jobs=%d: summary %+v, sequential %+v", f, jobs, sumPar, sumSeq)
			}
			if !reflect.DeepEqual(seq, par) {
				for i := range seq {
					if i >= len(par) || !reflect.DeepEqual(seq[i], par[i]) {
						t.Fatalf("%s jobs=%d: verdict %d differs:\n%+v\n%+v", f, jobs, i, seq[i], par[min(i, len(par)-1)])
					}
				}
				t.Fatalf("%s jobs=%d: %d verdicts, sequential %d", f, jobs, len(par), len(seq))
			}
		}
	}
	vs, _ := collect(t, []byte(trap), 2)
	if len(vs) != 400 || !vs[0].Legal || vs[0].Plies != 3 {
		t.Fatalf("trap: %d games, first %+v", len(vs), fmt.Sprint(vs[0]))
	}
}
