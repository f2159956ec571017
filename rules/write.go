package rules

import "strings"

// Notation says how Write spells a move. The zero value is SAN as the PGN
// standard defines it (section 8.2.3).
type Notation struct {
	Letters       *Letters // piece letters; nil means English
	Figurine      bool     // figurines (♘♗♖♕♔) instead of letters
	Long          bool     // origin square too: Ng1-f3, e4xd5 (FIDE Appendix C.8)
	NoHyphen      bool     // with Long: Ng1f3 rather than Ng1-f3
	FIDEPromotion bool     // d8Q (Appendix C) rather than d8=Q (PGN)
	ZeroCastling  bool     // 0-0 (Appendix C) rather than O-O (PGN)
	NoCheckMarks  bool     // leave out + and #
}

// Common notations.
var (
	SANNotation      = Notation{}
	LongNotation     = Notation{Long: true}
	FigurineNotation = Notation{Figurine: true}
)

// SAN writes m in Standard Algebraic Notation, PGN standard 8.2.3.
func (p *Position) SAN(m Move) string { return p.Write(m, SANNotation) }

// LongSAN writes m in long algebraic notation with English letters: Ng1-f3, e4xd5.
func (p *Position) LongSAN(m Move) string { return p.Write(m, LongNotation) }

// Write spells the legal move m of p in notation n.
func (p *Position) Write(m Move, n Notation) string {
	var b strings.Builder
	b.Grow(10)
	p.writeBody(&b, m, n)
	if !n.NoCheckMarks {
		q := p.Play(m)
		if q.InCheck() {
			if q.HasLegalMove() {
				b.WriteByte('+')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

func (n Notation) letter(t PieceType) string {
	if n.Figurine {
		return Figurines[t]
	}
	if n.Letters == nil {
		return English.Pieces[t]
	}
	return n.Letters.Pieces[t]
}

func (p *Position) writeBody(b *strings.Builder, m Move, n Notation) {
	from, to := m.From(), m.To()
	if m.Kind() == Castle {
		o := "O"
		if n.ZeroCastling {
			o = "0"
		}
		b.WriteString(o + "-" + o)
		if to.File() == 2 {
			b.WriteString("-" + o)
		}
		return
	}
	t := p.board[from].Type()
	capture := p.IsCapture(m)
	if t != Pawn {
		b.WriteString(n.letter(t))
	}
	switch {
	case n.Long:
		b.WriteString(from.String())
		if !capture && !n.NoHyphen {
			b.WriteByte('-')
		}
	case t == Pawn:
		if capture {
			b.WriteByte(byte('a' + from.File()))
		}
	default:
		b.WriteString(p.disambiguation(m, t))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	if pr := m.Promotion(); pr != NoPieceType {
		if !n.FIDEPromotion {
			b.WriteByte('=')
		}
		b.WriteString(n.letter(pr))
	}
}

// disambiguation returns what must stand between the piece letter and the
// destination so that the move is unique among legal moves: nothing, the
// origin's file, its rank, or both (PGN standard 8.2.3.4).
func (p *Position) disambiguation(m Move, t PieceType) string {
	var ml moveList
	p.generate(&ml)
	from := m.From()
	switch file, rank := p.originNeeded(m, t, ml.moves[:ml.n]); {
	case file && rank:
		return from.String()
	case file:
		return string(rune('a' + from.File()))
	case rank:
		return string(rune('1' + from.Rank()))
	}
	return ""
}

// originNeeded says which of the origin's file and rank must be written
// for move m of a piece of type t to be unique among legal: the file when
// another such piece reaches the destination, the rank when one on the
// same file does, both when one shares the file and another the rank.
func (p *Position) originNeeded(m Move, t PieceType, legal []Move) (file, rank bool) {
	from, to := m.From(), m.To()
	others, sameFile, sameRank := 0, false, false
	for _, x := range legal {
		if x.To() != to || x.From() == from || p.board[x.From()].Type() != t {
			continue
		}
		others++
		sameFile = sameFile || x.From().File() == from.File()
		sameRank = sameRank || x.From().Rank() == from.Rank()
	}
	switch {
	case others == 0:
		return false, false
	case !sameFile:
		return true, false
	case !sameRank:
		return false, true
	}
	return true, true
}
