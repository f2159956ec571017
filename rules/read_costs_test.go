package rules

import (
	"math/rand/v2"
	"testing"
)

// TestWrittenCostsAgree: WrittenCosts gives every legal move the cost
// WrittenCost gives it, in positions with castling, promotions, captures
// and pieces needing disambiguation, for writings in several languages,
// clean and with slips.
func TestWrittenCostsAgree(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPP1/R3K2R w KQkq - 0 1", // castling, a promotion by capture
		"6k1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1",                                // Rfd1 / Rad1
		"1n2k3/P7/8/3N1N2/8/8/8/4K3 w - - 0 1",                                 // a8Q, axb8N, Nd5-e7 and Nf5-e7
	}
	writings := []string{"e4", "Nf3", "Sf3", "Cf3", "Rdf1", "Tfd1", "0-0", "O-O-O", "a8Q", "a8=D", "axb8N", "Ne7", "N5e7", "Nde7", "Dt6+", "", "xx", "1-0"}
	langs := []string{"en", "de", "fr", "nl", "es", "it", "hr"}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, code := range langs {
			l := mustLetters(t, code)
			for _, w := range writings {
				got := WrittenCosts(p, w, l, nil)
				legal := p.LegalMoves()
				if len(got) != len(legal) {
					t.Fatalf("%s %q: %d costs for %d moves", fen, w, len(got), len(legal))
				}
				for k, mc := range got {
					if mc.Move != legal[k] {
						t.Fatalf("%s %q: move %d is %s, generated %s", fen, w, k, mc.Move, legal[k])
					}
					if want := WrittenCost(p, mc.Move, w, l); mc.Cost != want {
						t.Errorf("%s (%s) %q: %s costs %d, WrittenCost %d", fen, code, w, p.SAN(mc.Move), mc.Cost, want)
					}
				}
			}
		}
	}
}

// TestWrittenCostsRandom: the same on positions of random games, each
// move written with one random slip.
func TestWrittenCostsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	l := mustLetters(t, "de")
	for game := 0; game < 20; game++ {
		p := NewPosition()
		for ply := 0; ply < 60; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			w := []rune(p.Write(m, Notation{Letters: l}))
			w[rng.IntN(len(w))] = rune("abcdefgh12345678xNSLTDK+"[rng.IntN(24)])
			for _, mc := range WrittenCosts(p, string(w), l, nil) {
				if want := WrittenCost(p, mc.Move, string(w), l); mc.Cost != want {
					t.Fatalf("%s %q: %s costs %d, WrittenCost %d", p.FEN(), string(w), p.SAN(mc.Move), mc.Cost, want)
				}
			}
			p = p.Play(m)
		}
	}
}
