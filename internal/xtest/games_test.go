package xtest

import (
	"strings"
	"testing"

	"scoresheet/rules"
)

// TestGameSANIsLegal keeps the tests' long game a real one.
func TestGameSANIsLegal(t *testing.T) {
	p := rules.NewPosition()
	for i, san := range strings.Fields(GameSAN) {
		m, err := p.ParseSAN(san)
		if err != nil {
			t.Fatalf("ply %d %s: %v", i+1, san, err)
		}
		p = p.Play(m)
	}
}
