package sheet

import (
	"encoding/json"
	"os"
	"testing"

	"scoresheet/rules"
)

// noiseExportGame is one game of the noise benchmark as bench/consult.sh
// hands it to the CLI: each copy's language and cells, and the moves
// played in English SAN.
type noiseExportGame struct {
	Langs  [2]string   `json:"langs"`
	Copies [2][]string `json:"copies"`
	Played []string    `json:"played"`
}

// TestNoiseExport writes the noise benchmark's games without skipped
// half-moves (those of TestNoiseConsultBenchmark) to the JSON file
// SCORESHEET_NOISE_OUT names, for the CLI's run of the consult workflow
// (bench/consult.sh, app/cli TestConsultBenchmarkCLI). Without it there
// is nothing to write.
func TestNoiseExport(t *testing.T) {
	out := os.Getenv("SCORESHEET_NOISE_OUT")
	if out == "" {
		t.Skip("SCORESHEET_NOISE_OUT names no file (bench/consult.sh sets it)")
	}
	var games []noiseExportGame
	for _, ng := range noisyGames(t, noiseCorpus(t, noiseGames), noiseSeed, false) {
		var eg noiseExportGame
		for s, c := range ng.game.Copies {
			eg.Langs[s] = c.Lang
			for _, cell := range c.Cells {
				eg.Copies[s] = append(eg.Copies[s], cell.Text)
			}
		}
		p := rules.NewPosition()
		for _, m := range ng.moves {
			eg.Played = append(eg.Played, p.SAN(m))
			p = p.Play(m)
		}
		games = append(games, eg)
	}
	b, err := json.Marshal(games)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games written to %s", len(games), out)
}
