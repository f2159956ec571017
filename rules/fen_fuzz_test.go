package rules

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParseFEN: ParseFEN never panics and either refuses with a
// well-formed *FENError or gives a position whose FEN reads back to itself,
// whose legal moves perft's counting counts too, can all be written and played, and whose children's
// FENs read back to themselves too.
//
//	go test -run='^$' -fuzz=FuzzParseFEN -fuzztime=5m ./rules
func FuzzParseFEN(f *testing.F) {
	for _, c := range fenCases {
		f.Add(c.fen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			checkFENError(t, s, err)
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) wrote %q, which does not read back: %v", s, out, err)
		}
		if again := q.FEN(); again != out {
			t.Fatalf("ParseFEN(%q) wrote %q, which reads back as %q", s, out, again)
		}
		if q.RepetitionKey() != p.RepetitionKey() || q.HalfmoveClock() != p.HalfmoveClock() || q.MoveNumber() != p.MoveNumber() {
			t.Fatalf("%q: the re-read position differs from the first one", out)
		}
		_ = p.Status()
		if n, want := p.countLegal(), len(p.LegalMoves()); n != want {
			t.Fatalf("%s: countLegal %d, LegalMoves %d", out, n, want)
		}
		for _, m := range p.LegalMoves() {
			if !p.Legal(m) {
				t.Fatalf("%s: LegalMoves gives %s, Legal refuses it", out, m)
			}
			_ = p.SAN(m)
			child := p.Play(m)
			cf := child.FEN()
			r, err := ParseFEN(cf)
			if err != nil {
				// The one documented exception: a counter pushed past what
				// ParseFEN reads (TestFENCounterLimit), which no game
				// reaches. Anything else is a failure.
				var fe *FENError
				overflow := errors.As(err, &fe) &&
					(fe.Code == FENBadHalfmove && child.HalfmoveClock() > fenCounterMax ||
						fe.Code == FENBadFullmove && child.MoveNumber() > fenCounterMax)
				if !overflow {
					t.Fatalf("%s after %s: %q does not read back: %v", out, m, cf, err)
				}
				continue
			}
			if got := r.FEN(); got != cf {
				t.Fatalf("%s after %s: %q reads back as %q", out, m, cf, got)
			}
		}
	})
}

// charAtOffset are the codes whose Char is the text found at Offset; the
// others (a missing or extra king, too many pawns) name the piece concerned.
var charAtOffset = map[FENErrorCode]bool{
	FENRankLength: true, FENBadPiece: true, FENPawnOnBackRank: true, FENBadSide: true,
	FENBadCastling: true, FENCastlingMismatch: true, FENBadEnPassant: true,
}

// checkFENError checks that a refusal is a *FENError that points into s.
func checkFENError(t *testing.T, s string, err error) {
	t.Helper()
	var fe *FENError
	if !errors.As(err, &fe) {
		t.Fatalf("ParseFEN(%q): %T %v, want *FENError", s, err, err)
	}
	if fe.Code == "" || fe.Field < FieldBoard || fe.Field > FieldFullmove ||
		fe.Rank < 0 || fe.Rank > 8 || fe.Pos.Offset < 0 || fe.Pos.Offset > len(s) ||
		fe.Pos != PosOf(s, fe.Pos.Offset) {
		t.Fatalf("ParseFEN(%q): malformed error %+v", s, *fe)
	}
	if fe.Char != 0 && charAtOffset[fe.Code] {
		r, _ := utf8.DecodeRuneInString(s[fe.Pos.Offset:])
		if r != fe.Char && !(r == utf8.RuneError && fe.Char == utf8.RuneError) {
			t.Fatalf("ParseFEN(%q): error %+v names %q, the text there is %q", s, *fe, fe.Char, r)
		}
	}
	if fe.Error() == "" {
		t.Fatalf("ParseFEN(%q): empty message", s)
	}
}
