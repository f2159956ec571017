package rules

import "math/bits"

// Attack tables, built once at package initialisation. Sliding pieces use
// "fancy" magic bitboards; the magic numbers are data (magics_table.go),
// found once by findMagic, and every one is checked when the tables are
// filled.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b when they
	// share a rank, file or diagonal; empty otherwise.
	between [64][64]Bitboard
	// line[a][b] holds the whole line through a and b (edge to edge) when
	// they share a rank, file or diagonal; empty otherwise.
	line [64][64]Bitboard

	// rookRays[s] and bishopRays[s] are a rook's and a bishop's moves
	// from s on the empty board.
	rookRays, bishopRays [64]Bitboard

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    []Bitboard
	bishopTable  []Bitboard
)

type magic struct {
	mask   Bitboard
	number uint64
	shift  uint8
	offset uint32
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	for s := A1; s <= H8; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if on(f+d[0], r+d[1]) {
				knightAttacks[s] |= bb(NewSquare(f+d[0], r+d[1]))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && on(f+df, r+dr) {
					kingAttacks[s] |= bb(NewSquare(f+df, r+dr))
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if on(f+df, r+1) {
				pawnAttacks[White][s] |= bb(NewSquare(f+df, r+1))
			}
			if on(f+df, r-1) {
				pawnAttacks[Black][s] |= bb(NewSquare(f+df, r-1))
			}
		}
	}
	for a := A1; a <= H8; a++ {
		for _, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
			for _, d := range dirs {
				full := slide(a, 0, [][2]int{d}) | slide(a, 0, [][2]int{{-d[0], -d[1]}}) | bb(a)
				var path Bitboard
				f, r := a.File()+d[0], a.Rank()+d[1]
				for on(f, r) {
					b := NewSquare(f, r)
					between[a][b] = path
					line[a][b] = full
					path |= bb(b)
					f, r = f+d[0], r+d[1]
				}
			}
		}
	}
	var err error
	if rookTable, err = fillMagics(&rookMagics, rookDirs[:], &rookMagicNumbers); err != nil {
		panic(err)
	}
	if bishopTable, err = fillMagics(&bishopMagics, bishopDirs[:], &bishopMagicNumbers); err != nil {
		panic(err)
	}
	for s := A1; s <= H8; s++ {
		rookRays[s], bishopRays[s] = rookAttacks(s, 0), bishopAttacks(s, 0)
	}
}

func on(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// slide walks from s in each direction until the edge or an occupied square
// (which is included): the slow reference used to fill the magic tables.
func slide(s Square, occ Bitboard, dirs [][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for on(f, r) {
			t := NewSquare(f, r)
			att |= bb(t)
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// magicMask returns the squares whose occupancy matters to a slider on s:
// its rays without the board's edge.
func magicMask(s Square, dirs [][2]int) Bitboard {
	edges := ((rank1 | rank8) &^ rankMask(s)) | ((fileA | fileH) &^ fileMask(s))
	return slide(s, 0, dirs) &^ edges
}

// subsets returns every subset of mask (Carry-Rippler enumeration).
func subsets(mask Bitboard) []Bitboard {
	out := make([]Bitboard, 0, 1<<mask.Count())
	sub := Bitboard(0)
	for {
		out = append(out, sub)
		sub = (sub - mask) & mask
		if sub == 0 {
			return out
		}
	}
}

// errMagic reports a magic number that maps two occupancies with different
// attacks to the same slot.
type errMagic struct{ square Square }

func (e errMagic) Error() string { return "rules: bad magic number for square " + e.square.String() }

// fillMagics builds the attack table of one slider from its magic numbers
// (magics_table.go), checking that no two occupancies with different
// attacks share a slot, so that a wrong number can never give a wrong
// attack set. The attacks come from rays (rayAttacks), which
// TestRayAttacksAgree holds to the slow reference, slide: filling at
// start-up by slide took most of the command line's start-up in this
// package.
func fillMagics(ms *[64]magic, dirs [][2]int, numbers *[64]uint64) ([]Bitboard, error) {
	size := 0
	for s := A1; s <= H8; s++ {
		size += 1 << magicMask(s, dirs).Count()
	}
	table := make([]Bitboard, 0, size)
	filled := make([]bool, 1<<12) // the most occupancies of one square
	rays := raysOf(dirs)
	for s := A1; s <= H8; s++ {
		mask := magicMask(s, dirs)
		m := &ms[s]
		m.mask, m.number, m.shift, m.offset = mask, numbers[s], uint8(64-mask.Count()), uint32(len(table))
		n := 1 << mask.Count()
		table = table[:len(table)+n]
		slot := table[m.offset:]
		clear(filled[:n])
		// Every subset of mask (Carry-Rippler enumeration).
		for occ := Bitboard(0); ; {
			idx := (uint64(occ) * m.number) >> m.shift
			att := rayAttacks(s, occ, &rays)
			if filled[idx] && slot[idx] != att {
				return nil, errMagic{s}
			}
			slot[idx], filled[idx] = att, true
			if occ = (occ - mask) & mask; occ == 0 {
				break
			}
		}
	}
	return table, nil
}

// sliderRays holds, for the four directions of a slider, each square's
// ray on the empty board and whether the ray runs to higher squares (its
// nearest blocker is then the lowest square it meets).
type sliderRays struct {
	ray [4][64]Bitboard
	up  [4]bool
}

func raysOf(dirs [][2]int) (r sliderRays) {
	for i, d := range dirs {
		r.up[i] = d[1] > 0 || d[1] == 0 && d[0] > 0
		for s := A1; s <= H8; s++ {
			r.ray[i][s] = slide(s, 0, [][2]int{d})
		}
	}
	return r
}

// rayAttacks returns what slide returns, from rays: each ray cut beyond
// its nearest blocker.
func rayAttacks(s Square, occ Bitboard, r *sliderRays) Bitboard {
	var att Bitboard
	for i := range r.ray {
		ray := r.ray[i][s]
		if b := ray & occ; b != 0 {
			first := b.First()
			if !r.up[i] {
				first = Square(63 - bits.LeadingZeros64(uint64(b)))
			}
			ray &^= r.ray[i][first]
		}
		att |= ray
	}
	return att
}

// findMagic searches a magic number for square s: used to make
// magics_table.go (see TestMagicsTable), never at start-up.
func findMagic(s Square, dirs [][2]int, rng *xorshift) uint64 {
	mask := magicMask(s, dirs)
	occs := subsets(mask)
	atts := make([]Bitboard, len(occs))
	for i, o := range occs {
		atts[i] = slide(s, o, dirs)
	}
	shift := 64 - mask.Count()
	slot := make([]Bitboard, 1<<mask.Count())
	used := make([]int, len(slot))
	for try := 1; ; try++ {
		number := rng.sparse()
		if ((uint64(mask) * number) >> 56) < 6 {
			continue
		}
		ok := true
		for i, o := range occs {
			idx := (uint64(o) * number) >> shift
			if used[idx] != try {
				used[idx], slot[idx] = try, atts[i]
			} else if slot[idx] != atts[i] {
				ok = false
				break
			}
		}
		if ok {
			return number
		}
	}
}

func rankMask(s Square) Bitboard { return rank1 << (8 * uint(s.Rank())) }
func fileMask(s Square) Bitboard { return fileA << uint(s.File()) }

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// sparse returns a random number with few bits set: good magic candidates.
func (x *xorshift) sparse() uint64 {
	a, b, c := x.next(), x.next(), x.next()
	return a & b & c
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return rookTable[m.offset+uint32((uint64(occ&m.mask)*m.number)>>m.shift)]
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return bishopTable[m.offset+uint32((uint64(occ&m.mask)*m.number)>>m.shift)]
}

func queenAttacks(s Square, occ Bitboard) Bitboard {
	return rookAttacks(s, occ) | bishopAttacks(s, occ)
}
