package rules

import "math/bits"

// Bitboard is a set of squares, bit i for Square i.
type Bitboard uint64

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank4 Bitboard = rank1 << 24
	rank5 Bitboard = rank1 << 32
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56
)

// bb returns the set holding only s.
func bb(s Square) Bitboard { return 1 << uint(s) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&bb(s) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// more reports whether the set has more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

// pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}
