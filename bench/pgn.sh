#!/usr/bin/env bash
# Checks a whole PGN file with `scoresheet validate` and with pgn-extract -r
# (Debian package pgn-extract) on the same file, in one run, and prints the
# games per second of each and the ratios. Issue #5's targets: at least 5x
# pgn-extract's games/s on one core (--jobs 1), at least 8x with both cores,
# peak memory under 64 MB. Exits 1 when a target is missed.
#
#   bench/pgn.sh [PGN [REPEAT]]   (default: the 5,553-game lichess corpus, 10 times)
set -euo pipefail
cd "$(dirname "$0")/.."

src=${1:-../shared/corpora/pgn/medium/cheesse_lichess_5553games.pgn}
repeat=${2:-10}
. bench/lib/peers.sh
need pgn-extract time
big=$work/big.pgn
for _ in $(seq "$repeat"); do cat "$src"; done > "$big"

# run NAME CMD...: wall seconds and peak KB of the best of three runs.
run() {
	local name=$1; shift
	local best="" mem=""
	for _ in 1 2 3; do
		/usr/bin/time -f "%e %M" -o "$work/t" "$@" > "$work/$name.out" 2> "$work/$name.err" || true
		read -r secs kb < "$work/t"
		if [ -z "$best" ] || awk "BEGIN{exit !($secs < $best)}"; then best=$secs; mem=$kb; fi
	done
	echo "$best $mem"
}

read -r pe_s pe_kb < <(run pgnextract $one "$pgnextract" -r "$big")
read -r s1_s s1_kb < <(run ss1 $one "$bin" validate --jobs 1 "$big")
read -r s2_s s2_kb < <(run ss2 "$bin" validate --jobs 2 "$big")

games=$(grep -o 'games [0-9]*' "$work/ss1.out" | head -1 | cut -d' ' -f2)
pe_games=$(grep -o '[0-9]* games matched out of [0-9]*' "$work/pgnextract.err" | awk '{print $NF}')
if [ "$games" != "$pe_games" ]; then
	echo "game counts differ: scoresheet $games, pgn-extract $pe_games" >&2
	exit 1
fi
awk -v g="$games" -v pe="$pe_s" -v s1="$s1_s" -v s2="$s2_s" -v pek="$pe_kb" -v k1="$s1_kb" -v k2="$s2_kb" 'BEGIN {
	printf "%-32s %8s %12s %10s %8s\n", "", "seconds", "games/s", "peak MB", "ratio"
	printf "%-32s %8.2f %12.0f %10.1f %8s\n", "pgn-extract -r (1 core)", pe, g/pe, pek/1024, "1.0"
	printf "%-32s %8.2f %12.0f %10.1f %8.1f\n", "scoresheet validate --jobs 1", s1, g/s1, k1/1024, pe/s1
	printf "%-32s %8.2f %12.0f %10.1f %8.1f\n", "scoresheet validate --jobs 2", s2, g/s2, k2/1024, pe/s2
	printf "games: %d\n", g
	fail = 0
	if (pe/s1 < 5) { print "FAIL: --jobs 1 below 5x pgn-extract"; fail = 1 }
	if (pe/s2 < 8) { print "FAIL: --jobs 2 below 8x pgn-extract"; fail = 1 }
	if (k1/1024 >= 64 || k2/1024 >= 64) { print "FAIL: peak memory not under 64 MB"; fail = 1 }
	exit fail
}'
