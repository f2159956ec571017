package rules

import (
	"strings"
	"testing"
)

// fuzzPositions are the positions the fuzz tests read in: every position
// of the cell table and a few more (promotions both ways, en passant,
// castling both sides, a mate, a stalemate).
func fuzzPositions(t testing.TB) []*Position {
	seen := map[string]bool{}
	var out []*Position
	add := func(p *Position) {
		if f := p.FEN(); !seen[f] {
			seen[f] = true
			out = append(out, p)
		}
	}
	for _, c := range readCellCases {
		add(readPos(t, c.pos))
	}
	for _, fen := range []string{
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"r3k2r/p2pqpb1/1n2pnp1/2pPN3/1p2P3/2N2Q1p/PPPB1PPP/R3K2R w KQkq c6 0 2",
		"4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate
		"k7/8/8/8/8/8/8/7K w - - 0 1",
	} {
		add(readPos(t, fen))
	}
	return out
}

// fuzzLetters picks a sheet language by number.
func fuzzLetters(n uint8) *Letters {
	ls := Languages()
	return ls[int(n)%len(ls)]
}

func langIndex(code string) uint8 {
	for i, l := range Languages() {
		if l.Code == code {
			return uint8(i)
		}
	}
	return 0
}

// namesWhatWasWritten reports whether the move m of p read from text is
// what the text names: its destination square is written (in either
// case), or it is castling, or a pawn capture named by its two files
// ("ed", "dxe", "e:d", and "e-d", where the reader flags the dash).
func namesWhatWasWritten(p *Position, m Move, text string) bool {
	if m.Kind() == Castle {
		return true
	}
	low := strings.ToLower(text)
	if strings.Contains(low, m.To().String()) {
		return true
	}
	if p.Piece(m.From()).Type() != Pawn || !p.IsCapture(m) {
		return false
	}
	files := strings.NewReplacer("x", "", ":", "", "×", "", "-", "",
		"\u2010", "", "\u2011", "", "\u2012", "", "\u2013", "", "\u2014", "", "\u2015", "", "\u2212", "").Replace(low)
	return strings.Contains(files, string(rune('a'+m.From().File()))+string(rune('a'+m.To().File())))
}

func FuzzReadCell(f *testing.F) {
	positions := fuzzPositions(f)
	index := map[string]uint8{}
	for i, p := range positions {
		index[p.FEN()] = uint8(i)
	}
	for _, c := range readCellCases {
		f.Add(index[readPos(f, c.pos).FEN()], c.written, langIndex(c.lang))
	}
	for i := range positions {
		f.Add(uint8(i), "Nxe5+", uint8(0))
		f.Add(uint8(i), "e8=Q", uint8(0))
		f.Add(uint8(i), "0-0-0", uint8(0))
	}
	f.Fuzz(func(t *testing.T, pi uint8, written string, lang uint8) {
		p := positions[int(pi)%len(positions)]
		rd := ReadCell(p, written, fuzzLetters(lang))
		if rd.Written != written {
			t.Fatalf("Written %q, want %q", rd.Written, written)
		}
		checkReadingInvariants(t, written, p, rd)
		if (rd.Status == StatusOK || rd.Status == StatusNonstandard) && !namesWhatWasWritten(p, rd.Move, written) {
			t.Fatalf("%s: %q read as %s", p.FEN(), written, p.SAN(rd.Move))
		}
	})
}

func FuzzReadMovetext(f *testing.F) {
	positions := fuzzPositions(f)
	seeds := []string{
		"1.Nf3 Nf6 2.d3 d6 3.Nd2 e5 4.Nf3",
		"1. e4 e5 2. Nf3 ? 3. Bb5 a6 4. Bxc6 dxc6 1/2-1/2",
		"1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 e.p. Nxd6 7.Bg5 Nc6 8.Qe3+ Be7 9.Nbd2 0-0 10.0-0-0 Re8 11.Kb1 (=)",
		"1.e2-e4 e7-e5 2.Sg1-Sf3 Sb8-c6 3.Lf1-b5 a7-a6 4.Lb5-a4 Sg8-f6",
		"1.e4 e5 2. Sf3 Sc6 3.Lb5 a6 4. L×c6 4. … dc6 {comment} 5. 0-0 ; rest\n 1-0",
		"12... Nf6 13 Nc3 - 14. Qd2 * ",
		"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5",
	}
	for i, s := range seeds {
		f.Add(uint8(i), s, uint8(0))
	}
	f.Add(uint8(0), seeds[3], langIndex("hr"))
	f.Add(uint8(0), "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6", langIndex("de"))
	f.Fuzz(func(t *testing.T, pi uint8, text string, lang uint8) {
		if len(text) > 600 {
			return
		}
		start := positions[int(pi)%len(positions)]
		moves, mt := ReadMovetext(start, text, fuzzLetters(lang))
		if len(moves) != len(mt.Cells) {
			t.Fatalf("%d moves for %d cells", len(moves), len(mt.Cells))
		}
		p := start
		for i, sm := range moves {
			c := mt.Cells[i]
			if c.Pos.Offset < 0 || c.Pos.Offset > len(text) || c.Pos != PosOf(text, c.Pos.Offset) || sm.Written != c.Text {
				t.Fatalf("cell %d: %+v, written %q", i, c, sm.Written)
			}
			if sm.Before != p || sm.Ply != i+1 {
				t.Fatalf("ply %d: not read where the previous one left", i+1)
			}
			checkReadingInvariants(t, sm.Written, p, sm.Reading)
			if sm.Taken != NoMove {
				if !p.Legal(sm.Taken) {
					t.Fatalf("ply %d: taken %v not legal", i+1, sm.Taken)
				}
				if sm.Move != NoMove && sm.Taken != sm.Move {
					t.Fatalf("ply %d: taken %v, the cell reads %v", i+1, sm.Taken, sm.Move)
				}
				p = sm.After
			} else if sm.After != sm.Before {
				t.Fatalf("ply %d: nothing taken but the position moved", i+1)
			}
		}
	})
}
