#!/usr/bin/env bash
# Runs perft with `scoresheet perft` and with Stockfish (`go perft`) on the
# same positions of ../shared/corpora/perft/standard6.txt, one core each,
# checks that every node count matches the corpus, and prints nodes per
# second. Issue #2's target: at least one third of Stockfish's nodes per
# second on one core. Exits 1 when a count differs or the target is
# missed, 2 when a tool is missing.
#
#   bench/perft.sh [REPEAT]   (default 3: the best of three runs of each)
#
# Times are CPU seconds (user + sys) of each process, so that other work
# on a shared machine slows neither side; both run pinned to core 0 (when
# taskset exists), ours with GOMAXPROCS=1, Stockfish with its default
# single search thread. Each program's start-up (ours: a depth-1 perft,
# Stockfish: loading and quitting, which includes reading its network) is
# measured the same way and subtracted, so the figures are perft speed.
set -euo pipefail
cd "$(dirname "$0")/.."

repeat=${1:-3}
. bench/lib/peers.sh
need stockfish time perft
corpus=$perft_corpus
ours() { perft_ours "$@"; }
theirs() { perft_theirs "$@"; }

# Start-up costs, best of three.
ours_start="" sf_start=""
for _ in 1 2 3; do
	ours_start=$(min "$(ours "$work/o" "$(fen_of 1)" 1)" "$ours_start")
	sf_start=$(min "$(theirs "$work/s" "" 0)" "$sf_start")
done

fail=0
rows=""
for spec in "${perft_positions[@]}"; do
	read -r name idx depth <<< "$spec"
	fen=$(fen_of "$idx")
	want=$(nodes_of "$fen" "$depth")
	[ -n "$fen" ] && [ -n "$want" ] || { echo "$name: no FEN or count at depth $depth in $corpus" >&2; exit 2; }
	best_o="" best_s=""
	for _ in $(seq "$repeat"); do
		t=$(ours "$work/o" "$fen" "$depth")
		got=$(tr -d '[:space:]' < "$work/o")
		if [ "$got" != "$want" ]; then
			echo "FAIL $name depth $depth: scoresheet counts $got, corpus $want" >&2
			fail=1
		fi
		best_o=$(min "$t" "$best_o")
		t=$(theirs "$work/s" "$fen" "$depth")
		sf=$(sed -n 's/^Nodes searched: \([0-9]*\).*/\1/p' "$work/s")
		if [ "$sf" != "$want" ]; then
			echo "FAIL $name depth $depth: Stockfish counts ${sf:-nothing}, corpus $want" >&2
			fail=1
		fi
		best_s=$(min "$t" "$best_s")
	done
	rows+="$name $depth $want $best_o $best_s"$'\n'
done

printf '%s' "$rows" | awk -v os="$ours_start" -v ss="$sf_start" -v fail="$fail" '
function net(t, s) { t -= s; return t < 0.001 ? 0.001 : t }
BEGIN {
	printf "%-10s %5s %12s %9s %10s %9s %10s %7s\n", "position", "depth", "nodes", "ours s", "ours Mnps", "SF s", "SF Mnps", "ratio"
}
{
	o = net($4, os); s = net($5, ss)
	printf "%-10s %5d %12d %9.3f %10.1f %9.3f %10.1f %7.2f\n", $1, $2, $3, o, $3 / o / 1e6, s, $3 / s / 1e6, s / o
	n += $3; to += o; ts += s
}
END {
	printf "%-10s %5s %12d %9.3f %10.1f %9.3f %10.1f %7.2f\n", "total", "", n, to, n / to / 1e6, ts, n / ts / 1e6, ts / to
	printf "CPU seconds on one core, less start-up (ours %.3f s, Stockfish %.3f s).\n", os, ss
	if (fail) { print "FAIL: node counts differ (see above)"; exit 1 }
	if (ts / to < 0.33) { printf "FAIL: %.2f of Stockfish'"'"'s nodes per second, target 0.33\n", ts / to; exit 1 }
	printf "OK: %.2f of Stockfish'"'"'s nodes per second (target 0.33)\n", ts / to
}'
