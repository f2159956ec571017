package rules

import (
	"strconv"
	"strings"
)

// ParseFEN reads a position in Forsyth-Edwards Notation (six fields). It
// refuses positions that cannot arise in a game in ways that matter to the
// rules code: missing or extra kings, pawns on the back ranks, the side not
// to move in check, castling rights without king and rook at home, an
// en-passant square with no pawn that could just have made a double step.
func ParseFEN(s string) (*Position, error) {
	p, err := parseFEN(s)
	if fe, ok := err.(*FENError); ok {
		fe.Pos = PosOf(s, fe.Pos.Offset) // where the reader stopped, in characters
	}
	return p, err
}

func parseFEN(s string) (*Position, error) {
	fields, offsets := splitFields(s)
	if len(fields) != 6 {
		return nil, &FENError{Code: FENFieldCount, Field: min(len(fields)+1, 6), Pos: Pos{Offset: len(s)}}
	}
	p := &Position{ep: NoSquare}
	if err := p.parseBoard(fields[0], offsets[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return nil, &FENError{Code: FENBadSide, Field: FieldSide, Pos: Pos{Offset: offsets[1]}, Char: firstRune(fields[1])}
	}
	if err := p.parseCastling(fields[2], offsets[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3], offsets[3]); err != nil {
		return nil, err
	}
	var ok bool
	if p.halfmove, ok = counter(fields[4], 0); !ok {
		return nil, &FENError{Code: FENBadHalfmove, Field: FieldHalfmove, Pos: Pos{Offset: offsets[4]}}
	}
	if p.fullmove, ok = counter(fields[5], 1); !ok {
		return nil, &FENError{Code: FENBadFullmove, Field: FieldFullmove, Pos: Pos{Offset: offsets[5]}}
	}
	if p.Attacked(p.King(p.turn.Other()), p.turn) {
		return nil, &FENError{Code: FENOpponentInCheck, Field: FieldBoard, Pos: Pos{Offset: offsets[0]}}
	}
	return p, nil
}

// splitFields splits on runs of blanks and keeps each field's offset.
func splitFields(s string) (fields []string, offsets []int) {
	start := -1
	for i := 0; i <= len(s); i++ {
		blank := i == len(s) || s[i] == ' ' || s[i] == '\t'
		if blank && start >= 0 {
			fields = append(fields, s[start:i])
			offsets = append(offsets, start)
			start = -1
		} else if !blank && start < 0 {
			start = i
		}
	}
	return fields, offsets
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}

// counter reads a decimal counter of at least lo, with no sign and no
// absurd size.
func counter(s string, lo int) (int, bool) {
	if len(s) == 0 || len(s) > 6 || s[0] == '+' || s[0] == '-' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= lo
}

func (p *Position) parseBoard(board string, base int) error {
	rank, file := 7, 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		at := base + i
		switch {
		case c == '/':
			if file != 8 {
				return &FENError{Code: FENRankLength, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: at}}
			}
			if rank == 0 {
				return &FENError{Code: FENRankCount, Field: FieldBoard, Pos: Pos{Offset: at}}
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return &FENError{Code: FENRankLength, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: at}, Char: rune(c)}
			}
		default:
			pc, ok := pieceFromFEN(c)
			if !ok {
				r, _ := decodeRuneAt(board, i)
				return &FENError{Code: FENBadPiece, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: at}, Char: r}
			}
			if file >= 8 {
				return &FENError{Code: FENRankLength, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: at}, Char: rune(c)}
			}
			if pc.Type() == Pawn && (rank == 0 || rank == 7) {
				return &FENError{Code: FENPawnOnBackRank, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: at}, Char: rune(c)}
			}
			p.put(NewSquare(file, rank), pc)
			file++
		}
	}
	if file != 8 {
		return &FENError{Code: FENRankLength, Field: FieldBoard, Rank: rank + 1, Pos: Pos{Offset: base + len(board)}}
	}
	if rank != 0 {
		return &FENError{Code: FENRankCount, Field: FieldBoard, Pos: Pos{Offset: base + len(board)}}
	}
	for _, c := range [2]Color{White, Black} {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return &FENError{Code: FENKingMissing, Field: FieldBoard, Pos: Pos{Offset: base}, Char: rune(NewPiece(c, King).FENLetter())}
		case n > 1:
			return &FENError{Code: FENKingTooMany, Field: FieldBoard, Pos: Pos{Offset: base}, Char: rune(NewPiece(c, King).FENLetter())}
		}
		if p.Pieces(c, Pawn).Count() > 8 {
			return &FENError{Code: FENTooManyPawns, Field: FieldBoard, Pos: Pos{Offset: base}, Char: rune(NewPiece(c, Pawn).FENLetter())}
		}
		if p.byColor[c].Count() > 16 || promoted(p, c) > 8-p.Pieces(c, Pawn).Count() {
			// Pieces beyond the initial set can only come from promoted
			// pawns, which are then missing. (This also bounds the legal
			// moves of any position well under the move buffer's size.)
			return &FENError{Code: FENTooManyPieces, Field: FieldBoard, Pos: Pos{Offset: base}}
		}
	}
	return nil
}

// promoted returns how many of c's pieces exceed the initial set: at
// least that many pawns must have promoted.
func promoted(p *Position, c Color) int {
	n := 0
	for t, initial := range map[PieceType]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
		n += max(0, p.Pieces(c, t).Count()-initial)
	}
	return n
}

func decodeRuneAt(s string, i int) (rune, int) {
	for _, r := range s[i:] {
		return r, 0
	}
	return 0, 0
}

const castlingLetters = "KQkq"

func (p *Position) parseCastling(f string, base int) error {
	if f == "-" {
		return nil
	}
	for i := 0; i < len(f); i++ {
		k := strings.IndexByte(castlingLetters, f[i])
		if k < 0 || p.castling&(1<<k) != 0 {
			r, _ := decodeRuneAt(f, i)
			return &FENError{Code: FENBadCastling, Field: FieldCastling, Pos: Pos{Offset: base + i}, Char: r}
		}
		right := Castling(1 << k)
		c := White
		if k >= 2 {
			c = Black
		}
		rule := castleRules[c][k%2]
		if p.board[rule.kingFrom] != NewPiece(c, King) || p.board[rule.rookFrom] != NewPiece(c, Rook) {
			return &FENError{Code: FENCastlingMismatch, Field: FieldCastling, Pos: Pos{Offset: base + i}, Char: rune(f[i])}
		}
		p.castling |= right
	}
	return nil
}

func (p *Position) parseEnPassant(f string, base int) error {
	if f == "-" {
		return nil
	}
	s, ok := ParseSquare(f)
	if !ok {
		return &FENError{Code: FENBadEnPassant, Field: FieldEnPassant, Pos: Pos{Offset: base}, Char: firstRune(f)}
	}
	// The square must be the one just skipped by a pawn of the side that
	// moved last: on the sixth rank with White to move (third with Black),
	// empty, with the pawn in front and its start square empty.
	wantRank, pawnAt, startAt := 5, s-8, s+8
	if p.turn == Black {
		wantRank, pawnAt, startAt = 2, s+8, s-8
	}
	if s.Rank() != wantRank || p.board[s] != NoPiece || p.board[startAt] != NoPiece ||
		p.board[pawnAt] != NewPiece(p.turn.Other(), Pawn) {
		return &FENError{Code: FENImpossibleEP, Field: FieldEnPassant, Pos: Pos{Offset: base}}
	}
	p.ep = s
	return nil
}

// FEN writes the position. The en-passant square is written after every
// double pawn step, whether or not a capture is possible (PGN standard
// 16.1.3.4); RepetitionKey is where only a possible capture counts.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castling == 0 {
		b.WriteByte('-')
	}
	for k := 0; k < 4; k++ {
		if p.castling&(1<<k) != 0 {
			b.WriteByte(castlingLetters[k])
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.halfmove))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.fullmove))
	return b.String()
}
