package rules

import (
	"math/rand"
	"testing"
)

// sanPositions returns the perft corpus positions and positions reached
// from them by random legal play, a varied set for differential tests.
func sanPositions(t testing.TB, perPosition int) []*Position {
	var out []*Position
	rng := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	for _, name := range perftFiles {
		for _, c := range readPerftFile(t, name) {
			if seen[c.fen] {
				continue
			}
			seen[c.fen] = true
			p, err := ParseFEN(c.fen)
			if err != nil {
				continue
			}
			for k := 0; k < perPosition; k++ {
				out = append(out, p)
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				p = p.Play(moves[rng.Intn(len(moves))])
			}
		}
	}
	return out
}

// TestParseSANRoundTrip: every legal move written in SAN (and in the
// import-format variants PGN allows) parses back to the same move.
func TestParseSANRoundTrip(t *testing.T) {
	n := 0
	for _, p := range sanPositions(t, 40) {
		for _, m := range p.LegalMoves() {
			san := p.SAN(m)
			variants := []string{san, p.Write(m, Notation{NoCheckMarks: true}), p.Write(m, Notation{FIDEPromotion: true, ZeroCastling: true})}
			for _, v := range variants {
				got, err := p.ParseSAN(v)
				if err != nil || got != m {
					t.Fatalf("%s: ParseSAN(%q) = %v, %v; want %v", p.FEN(), v, got, err, m)
				}
				n++
			}
		}
	}
	t.Logf("%d SAN texts parsed back", n)
}

// TestParseSANNeverInvents: whatever ParseSAN accepts is a legal move whose
// SAN the text names, and the notation reader names the same move.
func TestParseSANNeverInvents(t *testing.T) {
	texts := []string{"e4", "e5", "d5", "exd5", "Nf3", "Nd2", "Nbd2", "Ne2", "Nge2", "Nce2", "O-O", "O-O-O", "0-0",
		"Kg1", "Ke2", "Qh5", "Qxf7#", "e8=Q", "e8Q", "exd8=N", "bxc8=R+", "a1=Q", "h8", "Rd1", "R1d2", "Rad1",
		"Bb5", "Bxc6", "dxc6", "exd6", "gxh3", "Kxf2", "Pe4", "e2e4", "Ng1f3", "xd5", "ed5", "Nxe5", "c8=K", "c1=P"}
	for _, p := range sanPositions(t, 25) {
		for _, s := range texts {
			m, err := p.ParseSAN(s)
			if err != nil {
				continue
			}
			if !p.Legal(m) {
				t.Fatalf("%s: ParseSAN(%q) = %v, not legal", p.FEN(), s, m)
			}
			rd := ReadCell(p, s, nil)
			if rd.Move != m {
				t.Fatalf("%s: ParseSAN(%q) = %s but ReadCell reads %v (%s)", p.FEN(), s, p.SAN(m), rd.Move, rd.Status)
			}
		}
	}
}

// TestParseSANErrors: the codes for texts that are not SAN, name no legal
// move, or name two.
func TestParseSANErrors(t *testing.T) {
	cases := []struct {
		fen, san string
		want     Code
	}{
		{StartFEN, "Nd4", CodeNoLegalMove},
		{StartFEN, "e5", CodeNoLegalMove},
		{StartFEN, "O-O", CodeNoLegalMove},
		{StartFEN, "P-K4", CodeNotAlgebraic},
		{StartFEN, "", CodeNotAlgebraic},
		{StartFEN, "Zf3", CodeNotAlgebraic},
		{StartFEN, "Nxf3", CodeCaptureMarkWrong},
		{"4k3/8/8/8/8/8/8/N3K1N1 w - - 0 1", "Nb3", ""},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", CodeAmbiguous},
		{"4k3/3P4/8/8/8/8/8/4K3 b - - 0 1", "Kd7", ""},
		{"7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8", CodePromotionPieceMissing},
		{"7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d8=K", CodeNotAlgebraic},
		{"4k3/8/8/8/8/8/4r3/2N1KN2 w - - 0 1", "Nfe3", CodeNoLegalMove}, // in check: only capturing or moving helps
		{"4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "Nd4", CodeNoLegalMove}, // pinned knight
		{"4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "Nd3", ""},              // the other knight
		{"8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "bxc6", CodeNoLegalMove},    // e.p. exposing the king on the rank
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		_, err = p.ParseSAN(c.san)
		var got Code
		if se, ok := err.(*SANError); ok {
			got = se.Code
		} else if err != nil {
			t.Fatalf("%q: error of type %T", c.san, err)
		}
		if got != c.want {
			t.Errorf("%s %q: code %q, want %q", c.fen, c.san, got, c.want)
		}
	}
}

func BenchmarkParseSAN(b *testing.B) {
	p, _ := ParseFEN("r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7")
	for i := 0; i < b.N; i++ {
		if _, err := p.ParseSAN("Nxe5"); err == nil {
			b.Fatal("Nxe5 takes nothing here")
		}
		if _, err := p.ParseSAN("Ne5"); err != nil {
			b.Fatal(err)
		}
		if _, err := p.ParseSAN("dxc5"); err != nil {
			b.Fatal(err)
		}
	}
}
