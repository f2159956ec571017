#!/usr/bin/env bash
# The project beside its peers, side by side: `scoresheet validate` and
# `pgn-extract -r` on the same PGN files, `scoresheet perft` and
# Stockfish's `go perft` on the same positions, alternating, ROUNDS
# rounds, so that a change of the machine's load falls on both sides.
# Prints each round's ratios and their median, min and max, and the load
# (uptime) before and after. Run it when rules/, pgn/ or sheet/ change
# (CONTRIBUTING) and keep its latest figures in docs/measurements.md.
#
#   bench/compare.sh [ROUNDS]   (default 5)
#
# The PGN inputs: the medium corpus (its 11 files, each given 5 times on
# the command line: 46,600 games) and one file of 102,520 real games (the
# medium corpus's files 11 times over, made in a temporary folder, never
# committed). pgn-extract runs on core 0; its CPU seconds (user + sys)
# are the base. One core: our CPU seconds with --jobs 1 on core 0. Two
# cores: our wall seconds with --jobs 2 (a speed-up is wall time; the
# ratio is pgn-extract's CPU seconds over them). Perft: CPU seconds on
# core 0, ours with GOMAXPROCS=1, Stockfish with its one search thread,
# each less its start-up (as bench/perft.sh), summed over the positions;
# every node count is checked against the corpus.
#
# Issue #35's targets: validate >= 6x pgn-extract on one core and >= 10x
# on two, on both inputs; perft >= 1.0x Stockfish. Exits 1 when a median
# misses one or a count is wrong, 2 when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-5}
. bench/lib/peers.sh
need stockfish pgn-extract time perft

medium=(../shared/corpora/pgn/medium/*.pgn)
[ "${#medium[@]}" -ge 11 ] || { echo "medium corpus missing: ../shared/corpora/pgn/medium" >&2; exit 2; }
medium_args=()
for _ in 1 2 3 4 5; do medium_args+=("${medium[@]}"); done
big=$work/g100k.pgn
for _ in $(seq 11); do
	for f in "${medium[@]}"; do cat "$f"; printf '\n\n'; done
done > "$big"

load() { uptime | sed 's/.*load average: //'; }
echo "load before: $(load)"

# validate_round NAME ARGS...: one round on one input; prints
# "NAME pe-cpu ours1-cpu ours2-wall games".
validate_round() {
	local name=$1; shift
	local pe s1 s2 games
	pe=$(timed "$work/pe" $one "$pgnextract" -r "$@" | cut -d' ' -f1)
	s1=$(timed "$work/s1" $one "$bin" validate --jobs 1 "$@" | cut -d' ' -f1)
	s2=$(timed "$work/s2" "$bin" validate --jobs 2 "$@" | cut -d' ' -f2)
	games=$(grep -o '^games [0-9]*' "$work/s1" | cut -d' ' -f2)
	if [ -z "$games" ] || ! cmp -s <(grep -v '^games' "$work/s1") <(grep -v '^games' "$work/s2") ||
		[ "$(grep '^games' "$work/s1" | sed 's/, seconds.*//')" != "$(grep '^games' "$work/s2" | sed 's/, seconds.*//')" ]; then
		echo "FAIL $name: --jobs 1 and --jobs 2 say different things (or nothing)" >&2
		exit 1
	fi
	grep -q 'games matched' "$work/pe.err" || { echo "FAIL $name: pgn-extract said no count" >&2; exit 1; }
	echo "$name $pe $s1 $s2 $games"
}

# Start-up costs of the perft programs, best of three.
ours_start="" sf_start=""
for _ in 1 2 3; do
	ours_start=$(min "$(perft_ours "$work/o" "$(fen_of 1)" 1)" "$ours_start")
	sf_start=$(min "$(perft_theirs "$work/s" "" 0)" "$sf_start")
done

# perft_round: one round over the positions; prints "perft ours-cpu sf-cpu nodes".
perft_round() {
	local spec name idx depth fen want to=0 ts=0 n=0 t got sf
	for spec in "${perft_positions[@]}"; do
		read -r name idx depth <<< "$spec"
		fen=$(fen_of "$idx")
		want=$(nodes_of "$fen" "$depth")
		t=$(perft_ours "$work/o" "$fen" "$depth")
		got=$(tr -d '[:space:]' < "$work/o")
		[ "$got" = "$want" ] || { echo "FAIL $name depth $depth: scoresheet counts $got, corpus $want" >&2; exit 1; }
		to=$(awk -v a="$to" -v b="$t" -v s="$ours_start" 'BEGIN { d = b - s; print a + (d < 0.001 ? 0.001 : d) }')
		t=$(perft_theirs "$work/s" "$fen" "$depth")
		sf=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' "$work/s")
		[ "$sf" = "$want" ] || { echo "FAIL $name depth $depth: Stockfish counts ${sf:-nothing}, corpus $want" >&2; exit 1; }
		ts=$(awk -v a="$ts" -v b="$t" -v s="$sf_start" 'BEGIN { d = b - s; print a + (d < 0.001 ? 0.001 : d) }')
		n=$((n + want))
	done
	echo "perft $to $ts $n"
}

results=$work/results
: > "$results"
for r in $(seq "$rounds"); do
	{
		echo "$r $(validate_round medium "${medium_args[@]}")"
		echo "$r $(validate_round g100k "$big")"
		echo "$r $(perft_round)"
	} | tee -a "$results" | awk '
		$2 == "perft" { printf "round %d  perft: ours %.3f s, Stockfish %.3f s: %.2fx\n", $1, $3, $4, $4 / $3; next }
		{ printf "round %d  %-6s (%d games): pgn-extract %.3f s, ours %.3f s on one core: %.2fx, %.3f s on two: %.2fx\n", $1, $2, $6, $3, $4, $3 / $4, $5, $3 / $5 }'
done
echo "load after: $(load)"

# stats: the numbers on stdin, one a line: "median min max".
stats() {
	sort -g | awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f %.2f %.2f\n", m, v[1], v[NR] }'
}

# The ratios of every round, then median, min and max of each.
printf '\n%-42s %8s %8s %8s %8s\n' "ratio (higher: ours faster)" median min max target
fail=0
summary() { # LABEL TARGET AWK-PROGRAM
	local med lo hi
	read -r med lo hi < <(awk "$3" "$results" | stats)
	printf '%-42s %7sx %7sx %7sx %7sx\n' "$1" "$med" "$lo" "$hi" "$2"
	if awk -v m="$med" -v t="$2" 'BEGIN { exit !(m < t) }'; then
		echo "FAIL: $1: median ${med}x, target ${2}x"
		fail=1
	fi
}
for input in medium g100k; do
	summary "$input: validate / pgn-extract, one core" 6 '$2 == "'$input'" { print $3 / $4 }'
	summary "$input: validate / pgn-extract, two cores" 10 '$2 == "'$input'" { print $3 / $5 }'
done
summary "perft / Stockfish go perft, one core" 1.0 '$2 == "perft" { print $4 / $3 }'
exit "$fail"
