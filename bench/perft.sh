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

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
repeat=${1:-3}
corpus=../shared/corpora/perft/standard6.txt
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$stockfish" ] || { echo "stockfish is missing: apt-get install stockfish" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
[ -r "$corpus" ] || { echo "perft corpus missing: $corpus" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${SCORESHEET:-$work/scoresheet}
[ -n "${SCORESHEET:-}" ] || "$GO" build -o "$bin" .

one=""
command -v taskset >/dev/null && one="taskset -c 0"

# The positions: name, index of the FEN among the corpus's distinct FENs
# (1 start, 2 Kiwipete, 3 position 3, 4 position 4, 5 position 4
# mirrored, 6 position 5, 7 position 6), depth.
positions=(
	"start 1 6"
	"kiwipete 2 5"
	"position3 3 7"
	"position4 4 6"
	"position5 6 5"
)

# fen_of INDEX: the INDEX-th distinct FEN of the corpus.
fen_of() {
	awk -F';' '!/^#/ && NF == 3 { f = $1; gsub(/^ +| +$/, "", f); if (!(f in seen)) { seen[f] = 1; n++; if (n == '"$1"') { print f; exit } } }' "$corpus"
}

# nodes_of FEN DEPTH: the corpus's node count.
nodes_of() {
	awk -F';' -v fen="$1" -v d="$2" '!/^#/ && NF == 3 { f = $1; gsub(/^ +| +$/, "", f); x = $2; gsub(/ /, "", x); y = $3; gsub(/ /, "", y); if (f == fen && x == d) { print y; exit } }' "$corpus"
}

# cpu OUT CMD...: runs CMD with stdout to OUT, prints its CPU seconds.
cpu() {
	local out=$1; shift
	/usr/bin/time -f "%U %S" -o "$work/t" "$@" > "$out"
	awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
}

ours() { # OUT FEN DEPTH
	cpu "$1" env GOMAXPROCS=1 $one "$bin" perft "$2" "$3"
}

theirs() { # OUT FEN DEPTH ("" DEPTH: start-up only)
	local cmds="quit"
	[ -n "$2" ] && cmds="position fen $2"$'\n'"go perft $3"$'\n'"quit"
	printf '%s\n' "$cmds" | cpu "$1" $one "$stockfish"
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }

# Start-up costs, best of three.
ours_start="" sf_start=""
for _ in 1 2 3; do
	ours_start=$(min "$(ours "$work/o" "$(fen_of 1)" 1)" "$ours_start")
	sf_start=$(min "$(theirs "$work/s" "" 0)" "$sf_start")
done

fail=0
rows=""
for spec in "${positions[@]}"; do
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
