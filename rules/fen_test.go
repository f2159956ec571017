package rules

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// fenCase is one FEN of the shared table: TestParseFENTable checks it and
// FuzzParseFEN starts from it. err nil means the FEN must parse; canon is
// then what FEN() must write ("" means the input itself).
type fenCase struct {
	name  string
	fen   string
	canon string
	err   *FENError
}

// fenAt is the position of the byte at offset of a FEN of ASCII
// characters: line 1, column offset+1.
func fenAt(offset int) Pos { return Pos{Line: 1, Col: offset + 1, Offset: offset} }

// fenCases covers every FENErrorCode (TestFENCasesCoverEveryCode checks
// that) and the accepted, non-canonical spellings. Offsets are byte
// offsets, 0-based, columns count characters (fenAt for ASCII FENs);
// Rank is 1..8 for errors about one rank, else 0.
var fenCases = []fenCase{
	// Accepted.
	{name: "start", fen: StartFEN},
	{name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{name: "after 1.e4, e.p. square without a capture", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
	{name: "e.p. square with a capture", fen: "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
	{name: "e.p. square, capture pinned", fen: "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2"},
	{name: "some castling rights", fen: "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 30"},
	{name: "side to move in check", fen: "4k3/8/8/8/8/8/8/4K2r w - - 0 1"},
	{name: "largest counters", fen: "4k3/8/8/8/8/8/8/4K3 w - - 999999 999999"},
	{name: "sixteen men, eight pawns", fen: "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
	{name: "split digits", fen: "rnbqkbnr/pppppppp/44/8/116/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", canon: StartFEN},
	{name: "castling letters in any order", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1", canon: StartFEN},
	{name: "runs of blanks and tabs", fen: "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq - 0   1 ", canon: StartFEN},
	{name: "leading zeros in counters", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 01", canon: StartFEN},

	// Field count: the field that is missing (or 6 for too many), at the end.
	{name: "empty", fen: "", err: &FENError{Code: FENFieldCount, Field: 1, Pos: fenAt(0)}},
	{name: "board only", fen: "8/8/8/8/8/8/8/K6k", err: &FENError{Code: FENFieldCount, Field: 2, Pos: fenAt(17)}},
	{name: "four fields", fen: "8/8/8/8/8/8/8/K6k w - -", err: &FENError{Code: FENFieldCount, Field: 5, Pos: fenAt(23)}},
	{name: "five fields", fen: "8/8/8/8/8/8/8/K6k w - - 0", err: &FENError{Code: FENFieldCount, Field: 6, Pos: fenAt(25)}},
	{name: "seven fields", fen: "8/8/8/8/8/8/8/K6k w - - 0 1 extra", err: &FENError{Code: FENFieldCount, Field: 6, Pos: fenAt(33)}},
	// Columns count characters: "é" is one column of two bytes.
	{name: "seven fields, the last é", fen: "8/8/8/8/8/8/8/K6k w - - 0 1 é", err: &FENError{Code: FENFieldCount, Field: 6, Pos: Pos{Line: 1, Col: 30, Offset: 30}}},
	{name: "a field of ½ ½", fen: "½ ½", err: &FENError{Code: FENFieldCount, Field: 3, Pos: Pos{Line: 1, Col: 4, Offset: 5}}},

	// Board shape.
	{name: "seven ranks", fen: "8/8/8/8/8/8/K6k w - - 0 1", err: &FENError{Code: FENRankCount, Field: 1, Pos: fenAt(15)}},
	{name: "nine ranks", fen: "8/8/8/8/8/8/8/K6k/8 w - - 0 1", err: &FENError{Code: FENRankCount, Field: 1, Pos: fenAt(17)}},
	{name: "rank 1 too long by a digit", fen: "8/8/8/8/8/8/8/K6k1 w - - 0 1", err: &FENError{Code: FENRankLength, Field: 1, Rank: 1, Pos: fenAt(17), Char: '1'}},
	{name: "rank 1 too long by a piece", fen: "8/8/8/8/8/8/8/K6kK w - - 0 1", err: &FENError{Code: FENRankLength, Field: 1, Rank: 1, Pos: fenAt(17), Char: 'K'}},
	{name: "rank 5 too long", fen: "8/8/8/8P/8/8/8/K6k w - - 0 1", err: &FENError{Code: FENRankLength, Field: 1, Rank: 5, Pos: fenAt(7), Char: 'P'}},
	{name: "rank 8 too short", fen: "7/8/8/8/8/8/8/K6k w - - 0 1", err: &FENError{Code: FENRankLength, Field: 1, Rank: 8, Pos: fenAt(1)}},
	{name: "rank 1 too short", fen: "8/8/8/8/8/8/8/K5k w - - 0 1", err: &FENError{Code: FENRankLength, Field: 1, Rank: 1, Pos: fenAt(17)}},
	{name: "bad piece letter", fen: "8/8/8/8/3x4/8/8/K6k w - - 0 1", err: &FENError{Code: FENBadPiece, Field: 1, Rank: 4, Pos: fenAt(9), Char: 'x'}},
	{name: "digit 9", fen: "9/8/8/8/8/8/8/K6k w - - 0 1", err: &FENError{Code: FENBadPiece, Field: 1, Rank: 8, Pos: fenAt(0), Char: '9'}},
	{name: "digit 0", fen: "8/8/8/8/8/8/8/K06k w - - 0 1", err: &FENError{Code: FENBadPiece, Field: 1, Rank: 1, Pos: fenAt(15), Char: '0'}},
	{name: "non-ASCII letter", fen: "8/8/8/8/8/8/8/K5ék w - - 0 1", err: &FENError{Code: FENBadPiece, Field: 1, Rank: 1, Pos: fenAt(16), Char: 'é'}},
	{name: "Cyrillic Ka for K", fen: "8/8/8/8/8/8/8/К6k w - - 0 1", err: &FENError{Code: FENBadPiece, Field: 1, Rank: 1, Pos: fenAt(14), Char: 'К'}},

	// Material.
	{name: "no black king", fen: "8/8/8/8/8/8/8/K7 w - - 0 1", err: &FENError{Code: FENKingMissing, Field: 1, Pos: fenAt(0), Char: 'k'}},
	{name: "no white king", fen: "k7/8/8/8/8/8/8/8 w - - 0 1", err: &FENError{Code: FENKingMissing, Field: 1, Pos: fenAt(0), Char: 'K'}},
	{name: "two white kings", fen: "k7/8/8/8/8/8/8/KK6 w - - 0 1", err: &FENError{Code: FENKingTooMany, Field: 1, Pos: fenAt(0), Char: 'K'}},
	{name: "two black kings", fen: "kk6/8/8/8/8/8/8/K7 w - - 0 1", err: &FENError{Code: FENKingTooMany, Field: 1, Pos: fenAt(0), Char: 'k'}},
	{name: "nine white pawns", fen: "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", err: &FENError{Code: FENTooManyPawns, Field: 1, Pos: fenAt(0), Char: 'P'}},
	{name: "nine promoted queens", fen: "4k3/8/8/8/8/8/QQQQQQQQ/QQ2K3 w - - 0 1", err: &FENError{Code: FENTooManyPieces, Field: 1, Pos: fenAt(0)}},
	{name: "three knights and eight pawns", fen: "4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1", err: &FENError{Code: FENTooManyPieces, Field: 1, Pos: fenAt(0)}},
	{name: "seventeen white men", fen: "4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", err: &FENError{Code: FENTooManyPieces, Field: 1, Pos: fenAt(0)}},
	{name: "white pawn on rank 8", fen: "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", err: &FENError{Code: FENPawnOnBackRank, Field: 1, Rank: 8, Pos: fenAt(0), Char: 'P'}},
	{name: "black pawn on rank 8", fen: "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", err: &FENError{Code: FENPawnOnBackRank, Field: 1, Rank: 8, Pos: fenAt(3), Char: 'p'}},
	{name: "black pawn on rank 1", fen: "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", err: &FENError{Code: FENPawnOnBackRank, Field: 1, Rank: 1, Pos: fenAt(16), Char: 'p'}},

	// Side to move, and the side not to move in check.
	{name: "side x", fen: "4k3/8/8/8/8/8/8/4K3 x - - 0 1", err: &FENError{Code: FENBadSide, Field: 2, Pos: fenAt(20), Char: 'x'}},
	{name: "side upper case", fen: "4k3/8/8/8/8/8/8/4K3 W - - 0 1", err: &FENError{Code: FENBadSide, Field: 2, Pos: fenAt(20), Char: 'W'}},
	{name: "side wb", fen: "4k3/8/8/8/8/8/8/4K3 wb - - 0 1", err: &FENError{Code: FENBadSide, Field: 2, Pos: fenAt(20), Char: 'w'}},
	{name: "black in check, white to move", fen: "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", err: &FENError{Code: FENOpponentInCheck, Field: 1, Pos: fenAt(0)}},
	{name: "white in check, black to move", fen: "4k3/8/8/8/8/8/8/4K2r b - - 0 1", err: &FENError{Code: FENOpponentInCheck, Field: 1, Pos: fenAt(0)}},

	// Castling.
	{name: "castling letter twice", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQ - 0 1", err: &FENError{Code: FENBadCastling, Field: 3, Pos: fenAt(47), Char: 'K'}},
	{name: "castling letter x", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", err: &FENError{Code: FENBadCastling, Field: 3, Pos: fenAt(49), Char: 'x'}},
	{name: "castling dash after a letter", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", err: &FENError{Code: FENBadCastling, Field: 3, Pos: fenAt(47), Char: '-'}},
	{name: "Shredder-FEN castling", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", err: &FENError{Code: FENBadCastling, Field: 3, Pos: fenAt(46), Char: 'H'}},
	{name: "K right without rook", fen: "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", err: &FENError{Code: FENCastlingMismatch, Field: 3, Pos: fenAt(25), Char: 'K'}},
	{name: "K right with a black rook on h1", fen: "r3k2r/8/8/8/8/8/8/R3K2r w KQkq - 0 1", err: &FENError{Code: FENCastlingMismatch, Field: 3, Pos: fenAt(26), Char: 'K'}},
	{name: "K right without king", fen: "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", err: &FENError{Code: FENCastlingMismatch, Field: 3, Pos: fenAt(26), Char: 'K'}},
	{name: "q right without rook", fen: "4k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", err: &FENError{Code: FENCastlingMismatch, Field: 3, Pos: fenAt(28), Char: 'q'}},

	// En passant.
	{name: "e.p. rank 9", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", err: &FENError{Code: FENBadEnPassant, Field: 4, Pos: fenAt(53), Char: 'e'}},
	{name: "e.p. file i", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq i3 0 1", err: &FENError{Code: FENBadEnPassant, Field: 4, Pos: fenAt(53), Char: 'i'}},
	{name: "e.p. upper case", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1", err: &FENError{Code: FENBadEnPassant, Field: 4, Pos: fenAt(53), Char: 'E'}},
	{name: "e.p. file only", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e 0 1", err: &FENError{Code: FENBadEnPassant, Field: 4, Pos: fenAt(53), Char: 'e'}},
	{name: "e.p. wrong rank for the side", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(53)}},
	{name: "e.p. rank 6 with black to move", fen: "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq d6 0 3", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(55)}},
	{name: "e.p. no pawn in front", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(51)}},
	{name: "e.p. own pawn in front", fen: "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(53)}},
	{name: "e.p. square occupied", fen: "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(55)}},
	{name: "e.p. start square occupied", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1", err: &FENError{Code: FENImpossibleEP, Field: 4, Pos: fenAt(53)}},

	// Counters.
	{name: "halfmove negative", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", err: &FENError{Code: FENBadHalfmove, Field: 5, Pos: fenAt(53)}},
	{name: "halfmove plus sign", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1 1", err: &FENError{Code: FENBadHalfmove, Field: 5, Pos: fenAt(53)}},
	{name: "halfmove letters", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", err: &FENError{Code: FENBadHalfmove, Field: 5, Pos: fenAt(53)}},
	{name: "halfmove seven digits", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000 1", err: &FENError{Code: FENBadHalfmove, Field: 5, Pos: fenAt(53)}},
	{name: "fullmove zero", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", err: &FENError{Code: FENBadFullmove, Field: 6, Pos: fenAt(55)}},
	{name: "fullmove negative", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", err: &FENError{Code: FENBadFullmove, Field: 6, Pos: fenAt(55)}},
	{name: "fullmove letters", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1a", err: &FENError{Code: FENBadFullmove, Field: 6, Pos: fenAt(55)}},
	{name: "fullmove decimal", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", err: &FENError{Code: FENBadFullmove, Field: 6, Pos: fenAt(55)}},
	{name: "fullmove seven digits", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1000000", err: &FENError{Code: FENBadFullmove, Field: 6, Pos: fenAt(55)}},
}

func TestParseFENTable(t *testing.T) {
	for _, c := range fenCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			if c.err == nil {
				if err != nil {
					t.Fatalf("ParseFEN(%q) = %v, want no error", c.fen, err)
				}
				want := c.canon
				if want == "" {
					want = c.fen
				}
				if got := p.FEN(); got != want {
					t.Fatalf("ParseFEN(%q).FEN() = %q, want %q", c.fen, got, want)
				}
				return
			}
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %q, want %s", c.fen, p.FEN(), c.err.Code)
			}
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) error %T %v, want *FENError", c.fen, err, err)
			}
			if *fe != *c.err {
				t.Fatalf("ParseFEN(%q) = %+v, want %+v", c.fen, *fe, *c.err)
			}
			if p != nil {
				t.Fatalf("ParseFEN(%q) returned a position with its error", c.fen)
			}
		})
	}
}

// TestFENCasesCoverEveryCode reads fen_error.go so that a new code cannot
// go untested.
func TestFENCasesCoverEveryCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "fen_error.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []FENErrorCode
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "FENErrorCode" {
				continue
			}
			for _, val := range v.Values {
				lit, ok := val.(*ast.BasicLit)
				if !ok {
					t.Fatalf("FENErrorCode value %T is not a literal", val)
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				codes = append(codes, FENErrorCode(s))
			}
		}
	}
	if len(codes) < 17 {
		t.Fatalf("found %d codes in fen_error.go, want at least 17", len(codes))
	}
	tested := map[FENErrorCode]bool{}
	for _, c := range fenCases {
		if c.err != nil {
			tested[c.err.Code] = true
		}
	}
	for _, c := range codes {
		if !tested[c] {
			t.Errorf("no bad FEN in fenCases gives %s", c)
		}
	}
}

// fenCounterMax is the largest halfmove clock and move number ParseFEN
// reads (six digits, see counter in fen.go).
const fenCounterMax = 999999

// TestFENCounterLimit pins the limit the fuzz target relies on.
func TestFENCounterLimit(t *testing.T) {
	const board = "4k3/8/8/8/8/8/8/4K3 w - - "
	for _, c := range []struct {
		counters string
		code     FENErrorCode
	}{
		{strconv.Itoa(fenCounterMax) + " 1", ""},
		{"0 " + strconv.Itoa(fenCounterMax), ""},
		{strconv.Itoa(fenCounterMax+1) + " 1", FENBadHalfmove},
		{"0 " + strconv.Itoa(fenCounterMax+1), FENBadFullmove},
	} {
		_, err := ParseFEN(board + c.counters)
		var fe *FENError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%q: %v, want no error", c.counters, err)
		case c.code != "" && (!errors.As(err, &fe) || fe.Code != c.code):
			t.Errorf("%q: %v, want %s", c.counters, err, c.code)
		}
	}
}

// perftFENs returns every distinct FEN of the perft corpora except the
// ones ParseFEN refuses on purpose.
func perftFENs(t testing.TB) []string {
	var out []string
	seen := map[string]bool{}
	for _, name := range perftFiles {
		for _, c := range readPerftFile(t, name) {
			if seen[c.fen] {
				continue
			}
			seen[c.fen] = true
			if _, refused := perftRefusals[c.fen]; !refused {
				out = append(out, c.fen)
			}
		}
	}
	return out
}

// TestFENRoundTripCorpora: every perft corpus FEN is written back exactly
// as the corpus writes it, and so is the position after each legal move
// once it is read again.
func TestFENRoundTripCorpora(t *testing.T) {
	fens := perftFENs(t)
	if len(fens) < 100 {
		t.Fatalf("only %d corpus FENs", len(fens))
	}
	children := 0
	for _, f := range fens {
		p, err := ParseFEN(f)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", f, err)
			continue
		}
		if got := p.FEN(); got != f {
			t.Errorf("ParseFEN(%q).FEN() = %q", f, got)
		}
		for _, m := range p.LegalMoves() {
			q := p.Play(m)
			qf := q.FEN()
			r, err := ParseFEN(qf)
			if err != nil {
				t.Errorf("%s after %s: ParseFEN(%q): %v", f, m, qf, err)
				continue
			}
			if got := r.FEN(); got != qf {
				t.Errorf("%s after %s: %q re-reads as %q", f, m, qf, got)
			}
			if r.RepetitionKey() != q.RepetitionKey() {
				t.Errorf("%s after %s: re-read position has another repetition key", f, m)
			}
			children++
		}
	}
	t.Logf("%d corpus FENs, %d positions after one move", len(fens), children)
}

// TestFENAfterMoves: the FEN written after a move, from a table; the
// e.p. square is written after every double step (PGN standard 16.1.3.4),
// whether or not a capture is possible.
func TestFENAfterMoves(t *testing.T) {
	for _, c := range []struct {
		name  string
		fen   string
		moves string // UCI, blank-separated
		want  string
	}{
		{"1.e4", StartFEN, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{"1.e4 c5", StartFEN, "e2e4 c7c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"},
		{"e.p. square only for one ply", StartFEN, "e2e4 c7c5 g1f3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"single step leaves none", StartFEN, "e2e3", "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"double step beside an enemy pawn", "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", "e2e4",
			"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"e.p. capture", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "d4e3",
			"rnbqkbnr/ppp1pppp/8/8/8/4p3/PPPP1PPP/RNBQKBNR w KQkq - 0 4"},
		{"castling moves the rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20", "e1g1 e8c8",
			"2kr3r/8/8/8/8/8/8/R4RK1 w - - 5 21"},
		{"promotion", "8/4P3/8/8/8/8/k7/4K3 w - - 0 60", "e7e8n", "4N3/8/8/8/8/8/k7/4K3 b - - 0 60"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := corePos(t, c.fen)
			for _, u := range strings.Fields(c.moves) {
				p = p.Play(coreMove(t, p, u))
			}
			if got := p.FEN(); got != c.want {
				t.Fatalf("FEN = %q, want %q", got, c.want)
			}
			if _, err := ParseFEN(p.FEN()); err != nil {
				t.Fatalf("written FEN does not re-read: %v", err)
			}
		})
	}
}

// corePos parses a FEN that must be good.
func corePos(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// coreMove returns the legal move of p with UCI form u, failing the test
// when there is none.
func coreMove(t testing.TB, p *Position, u string) Move {
	t.Helper()
	for _, m := range p.LegalMoves() {
		if m.UCI() == u {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", p.FEN(), u)
	return NoMove
}
