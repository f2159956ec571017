package sheet

import "testing"

// consultNoisy turns each noisy game into the consult workflow: White's
// copy typed in full, Black's typed only at the plies the app flags,
// repeated until nothing new is asked. It returns the games as entered
// and how many of Black's cells were typed.
func consultNoisy(t testing.TB, games []noiseGame) ([]noiseGame, int) {
	out := make([]noiseGame, 0, len(games))
	typed := 0
	for gi, ng := range games {
		full := ng.game.Copies[BlackCopy]
		g := *ng.game
		g.Copies[BlackCopy] = Copy{Lang: full.Lang, Consulted: true, Cells: make([]Cell, len(full.Cells))}
		done := map[int]bool{}
		for {
			rec, err := Reconcile(&g)
			if err != nil {
				t.Fatalf("game %d: %v", gi, err)
			}
			added := false
			for i := range rec.Plies {
				if flagged(rec, &rec.Plies[i]) && i < len(full.Cells) && !done[i] {
					done[i], added = true, true
					g.Copies[BlackCopy].Cells[i] = full.Cells[i]
					typed++
				}
			}
			if !added {
				break
			}
		}
		ng.game = &g
		out = append(out, ng)
	}
	return out, typed
}

// TestNoiseConsultBenchmark measures the consult workflow on the noise
// benchmark's games (no skipped half-moves): silently wrong, asked at the
// end, and the share of half-moves whose other copy was typed.
func TestNoiseConsultBenchmark(t *testing.T) {
	skipMeasurementUnderRace(t)
	games := noiseCorpus(t, noiseGames)
	consulted, typed := consultNoisy(t, noisyGames(t, games, noiseSeed, false))
	sc := scoreNoise(t, consulted)
	t.Logf("consult workflow %d games, %d plies: right %.2f%%, asked %.2f%%, silently wrong %.3f%% (%d plies), other copy typed %.2f%%",
		len(games), sc.plies, sc.pct(sc.right), sc.pct(sc.flagged), sc.pct(sc.wrong), sc.wrong, sc.pct(typed))
}
