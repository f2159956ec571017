package pgn

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// TestValidateFilesOneStream: several inputs checked as one stream of
// blocks give, with any number of jobs, each input's verdicts as Validate
// gives them alone (numbered and placed in their own file, named by it),
// in input order; a file that ends inside a comment does not swallow the
// next; an input that cannot be opened stops the run after the verdicts
// of those before it, and its index is said.
func TestValidateFilesOneStream(t *testing.T) {
	defer func(n int) { blockBytes = n }(blockBytes)
	blockBytes = 256 // many blocks a file
	game := "[Event \"x\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	bad := "[Event \"y\"]\n\n1. e4 e5 2. Ke3 *\n\n"
	texts := []string{
		strings.Repeat(game, 20) + bad + strings.Repeat(game, 5),
		bad + "[Event \"z\"]\n\n1. d4 {open to the end\n",
		strings.Repeat(game+bad, 15),
		"",
		bad,
	}
	names := []string{"a.pgn", "b.pgn", "c.pgn", "d.pgn", "e.pgn"}
	var want []Verdict
	var wantSum Summary
	for i, text := range texts {
		sum, err := Validate(strings.NewReader(text), ValidateOptions{File: names[i], Jobs: 1, All: true}, func(v *Verdict) {
			want = append(want, *v)
		})
		if err != nil {
			t.Fatal(err)
		}
		wantSum.merge(sum)
	}
	inputs := func(failAt int) []Input {
		in := make([]Input, len(texts))
		for i := range texts {
			in[i] = Input{Name: names[i], Open: func() (io.Reader, error) {
				if i == failAt {
					return nil, errors.New("refused")
				}
				return strings.NewReader(texts[i]), nil
			}}
		}
		return in
	}
	for _, jobs := range []int{1, 2, 3} {
		var got []Verdict
		sum, failed, err := ValidateFiles(inputs(-1), ValidateOptions{Jobs: jobs, All: true}, func(v *Verdict) { got = append(got, *v) })
		if err != nil || failed != -1 {
			t.Fatalf("jobs=%d: failed %d, %v", jobs, failed, err)
		}
		if sum != wantSum || !reflect.DeepEqual(got, want) {
			t.Fatalf("jobs=%d: %+v, %d verdicts; want %+v, %d", jobs, sum, len(got), wantSum, len(want))
		}
		got = nil
		_, failed, err = ValidateFiles(inputs(2), ValidateOptions{Jobs: jobs, All: true}, func(v *Verdict) { got = append(got, *v) })
		if failed != 2 || err == nil {
			t.Fatalf("jobs=%d: failed %d, %v; want input 2 refused", jobs, failed, err)
		}
		before := 0
		for _, v := range want {
			if v.File == "a.pgn" || v.File == "b.pgn" {
				before++
			}
		}
		if !reflect.DeepEqual(got, want[:before]) {
			t.Fatalf("jobs=%d: %d verdicts before the refused input, want %d", jobs, len(got), before)
		}
	}
}
