#!/usr/bin/env bash
# Issue 32: the consult workflow of the noise benchmark, end to end
# through the command line. sheet's TestNoiseExport writes the noise
# benchmark's games (300 real games, each copy with seeded transcription
# noise, no skipped half-moves) to a JSON file; app/cli's
# TestConsultBenchmarkCLI then, for each game, enters White's copy in full
# (`event enter --copy white`), and as long as `event show --json` asks
# about a half-move whose cell of Black's copy was not typed yet, types
# Black's cell there (`event enter --copy black --from PLY`), in order:
# the next half-move asked is looked for again after each command, as the
# arbiter works down the checks; the arbiter then decides what is still
# asked with the move played (`event decide`).
# It prints the three figures (docs/measurements.md): taken wrong without
# asking, asked at the end, Black's copy typed.
#
#   bench/consult.sh            (all 300 games, a few minutes)
#   bench/consult.sh 50         (the first 50)
#
# Needs the corpora in ../shared.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
games=$(mktemp --suffix=.json)
trap 'rm -f "$games"' EXIT
SCORESHEET_NOISE_OUT="$games" "$GO" test -count=1 -run '^TestNoiseExport$' ./sheet/ >/dev/null
SCORESHEET_NOISE_GAMES="$games" SCORESHEET_NOISE_N="${1:-}" "$GO" test -count=1 -timeout 60m -v -run '^TestConsultBenchmarkCLI$' ./app/cli/ |
	grep -v -e '^=== RUN' -e '^PASS$' -e '^ok '
