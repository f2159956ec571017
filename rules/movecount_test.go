package rules

import "testing"

// TestCountLegalAgrees: perft's bulk count (countLegal) equals the number
// of moves generate lists, in every position of the perft corpora's trees
// to depth 3 (checks, pins, en passant, promotions, castling through
// attacked squares). Perft's node counts check the sum; this checks each
// position, so two errors cannot cancel.
func TestCountLegalAgrees(t *testing.T) {
	seen := map[string]bool{}
	checked := 0
	var walk func(p *Position, depth int)
	walk = func(p *Position, depth int) {
		moves := p.LegalMoves()
		if n := p.countLegal(); n != len(moves) {
			t.Fatalf("%s: countLegal %d, generate %d", p.FEN(), n, len(moves))
		}
		checked++
		if depth == 0 {
			return
		}
		for _, m := range moves {
			walk(p.Play(m), depth-1)
		}
	}
	for _, name := range perftFiles {
		for _, c := range readPerftFile(t, name) {
			if seen[c.fen] {
				continue
			}
			seen[c.fen] = true
			p, err := ParseFEN(c.fen)
			if err != nil {
				continue // perftRefusals: TestPerftCorpora checks those
			}
			walk(p, 3)
		}
	}
	if len(seen) < 100 || checked < 1000000 {
		t.Fatalf("only %d positions, %d nodes checked", len(seen), checked)
	}
	t.Logf("%d corpus positions, %d nodes", len(seen), checked)
}
