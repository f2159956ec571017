package trf

import (
	"bytes"
	"errors"
	"testing"

	"scoresheet/sheet"
)

// FuzzParse: any bytes are read without a panic; they either parse and
// write back unchanged (and import into distinct boards, a second time
// changing nothing; results written keep the file readable), or give an
// *Error with a position inside the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte("012 Open\n" + line1 + "\n" + line2 + "\n"))
	f.Add([]byte("012 Open\r" + line1 + "\r"))
	f.Add([]byte("\x00\xff"))
	f.Add([]byte("XXR 3\n001    1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Col < 1 || e.Code == "" {
				t.Fatalf("error without code or position: %v", err)
			}
			return
		}
		want := bytes.TrimPrefix(data, []byte("\ufeff"))
		if !bytes.Equal(file.Bytes(), want) {
			t.Fatalf("written back differs")
		}
		plan := Import(file, sheet.Event{}, nil)
		boards := map[[2]int]bool{}
		for _, g := range plan.Add {
			if boards[[2]int{g.Round, g.Board}] || g.Board < 1 {
				t.Fatalf("round %d board %d planned twice or out of range", g.Round, g.Board)
			}
			boards[[2]int{g.Round, g.Board}] = true
		}
		again := Import(file, plan.Event, stored(plan.Add))
		if len(again.Add)+len(again.Update)+len(again.Remove)+len(again.Notes) != 0 {
			t.Fatalf("a second import plans changes: %+v", again)
		}
		for r := 1; r <= file.RoundsPresent(); r++ {
			pairs, _ := file.Round(r)
			for _, p := range pairs {
				file.SetResult(r, p.White.Rank, "1/2-1/2")
			}
		}
		if _, err := Parse(file.Bytes()); err != nil {
			t.Fatalf("results written make the file unreadable: %v", err)
		}
	})
}
