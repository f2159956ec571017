package rules

// Attack tables, built once at package initialisation. Sliding pieces use
// "fancy" magic bitboards: the magics are found at start-up with a fixed
// seed, so the tables are the same on every run and need no data file.

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
	rookTable = initMagics(&rookMagics, rookDirs[:], 0x9e3779b97f4a7c15)
	bishopTable = initMagics(&bishopMagics, bishopDirs[:], 0x2545f4914f6cdd1d)
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

// initMagics finds a magic number for every square and fills the shared table.
func initMagics(ms *[64]magic, dirs [][2]int, seed uint64) []Bitboard {
	rng := xorshift(seed)
	var table []Bitboard
	occs := make([]Bitboard, 0, 4096)
	atts := make([]Bitboard, 0, 4096)
	used := make([]uint32, 4096)
	epoch := uint32(0)
	for s := A1; s <= H8; s++ {
		edges := ((rank1 | rank8) &^ rankMask(s)) | ((fileA | fileH) &^ fileMask(s))
		mask := slide(s, 0, dirs) &^ edges
		n := mask.Count()
		m := &ms[s]
		m.mask = mask
		m.shift = uint8(64 - n)
		m.offset = uint32(len(table))
		// Enumerate every subset of the mask (Carry-Rippler).
		occs, atts = occs[:0], atts[:0]
		sub := Bitboard(0)
		for {
			occs = append(occs, sub)
			atts = append(atts, slide(s, sub, dirs))
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		size := 1 << n
		table = append(table, make([]Bitboard, size)...)
		slot := table[m.offset:]
		for {
			m.number = rng.sparse()
			if ((uint64(mask) * m.number) >> 56) < 6 {
				continue
			}
			epoch++
			ok := true
			for i, o := range occs {
				idx := (uint64(o) * m.number) >> m.shift
				if used[idx] != epoch {
					used[idx] = epoch
					slot[idx] = atts[i]
				} else if slot[idx] != atts[i] {
					ok = false
					break
				}
			}
			if ok {
				break
			}
		}
	}
	return table
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
func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

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
