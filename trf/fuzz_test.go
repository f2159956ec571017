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
	f.Add([]byte("###4567890\n202 BH-C1,BH-,BH-M,SB,X\n012 Open\n" + line1 + "\n" + line2 + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.Line < 1 || e.Pos.Col < 1 || e.Code == "" {
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
		// Results taken away again, then the ranks: the file still reads.
		for r := 1; r <= file.RoundsPresent(); r++ {
			pairs, _ := file.Round(r)
			for i, p := range pairs {
				if i%2 == 1 {
					file.clearResult(r, p.White.Rank)
				}
			}
		}
		file.SetRanks()
		if _, err := Parse(file.Bytes()); err != nil {
			t.Fatalf("results cleared or ranks written make the file unreadable: %v", err)
		}
	})
}

// FuzzPairingList: any bytes are read without a panic; a list that
// reads has as many pairs as its count says, each of two ranks in range,
// and written into a file (WithRound) either is refused with an *Error
// leaving the file as it was, or leaves a file that reads again.
func FuzzPairingList(f *testing.F) {
	f.Add([]byte("3\n2 1\n3 5\n4 0\n"))
	f.Add([]byte("1\r\n142 229\r\n"))
	f.Add([]byte("2\n1 2\n"))
	f.Add([]byte("\x00"))
	base := []byte("012 F\n" + playerLine(1, "   2 w 1") + "\n" + playerLine(2, "   1 b 0") + "\n" + playerLine(3, "0000 - H") + "\nXXR 3\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		list, err := ParsePairingList(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos.Line < 1 || e.Code == "" {
				t.Fatalf("error without code or line: %v", err)
			}
			return
		}
		for _, p := range list.Pairs {
			if p.White < 1 || p.White > MaxPlayers || p.Black < 0 || p.Black > MaxPlayers {
				t.Fatalf("pair %+v out of range", p)
			}
		}
		file, err := Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		if err := file.WithRound(2, 3, list); err != nil {
			if !bytes.Equal(file.Bytes(), base) {
				t.Fatalf("a refused list changed the file: %v", err)
			}
			return
		}
		if _, err := Parse(file.Bytes()); err != nil {
			t.Fatalf("the file with the list does not read: %v\n%s", err, file.Bytes())
		}
	})
}
