# Sourced (not run: make bench runs bench/*.sh) by bench/perft.sh, bench/pgn.sh and bench/compare.sh: what
# running the project beside its peers (Stockfish, pgn-extract) needs,
# written once. Expects to run from the repository's root with `set -euo
# pipefail`; sets GO, work (a temporary folder removed on exit), bin (the
# scoresheet binary: $SCORESHEET or built into work), one (pin to core 0,
# when taskset exists), stockfish, pgnextract, perft_corpus and
# perft_positions.

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
pgnextract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
perft_corpus=../shared/corpora/perft/standard6.txt

# need TOOL...: exits 2 naming the first of stockfish, pgn-extract, time
# or the perft corpus that is missing.
need() {
	local t
	for t in "$@"; do
		case $t in
		stockfish) [ -x "$stockfish" ] || { echo "stockfish is missing: apt-get install stockfish" >&2; exit 2; } ;;
		pgn-extract) [ -x "$pgnextract" ] || { echo "pgn-extract is missing: apt-get install pgn-extract" >&2; exit 2; } ;;
		time) [ -x /usr/bin/time ] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; } ;;
		perft) [ -r "$perft_corpus" ] || { echo "perft corpus missing: $perft_corpus" >&2; exit 2; } ;;
		esac
	done
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${SCORESHEET:-$work/scoresheet}
[ -n "${SCORESHEET:-}" ] || "$GO" build -o "$bin" .

one=""
command -v taskset >/dev/null && one="taskset -c 0"

# The perft positions: name, index of the FEN among the corpus's distinct
# FENs (1 start, 2 Kiwipete, 3 position 3, 4 position 4, 5 position 4
# mirrored, 6 position 5, 7 position 6), depth.
perft_positions=(
	"start 1 6"
	"kiwipete 2 5"
	"position3 3 7"
	"position4 4 6"
	"position5 6 5"
)

# fen_of INDEX: the INDEX-th distinct FEN of the corpus.
fen_of() {
	awk -F';' '!/^#/ && NF == 3 { f = $1; gsub(/^ +| +$/, "", f); if (!(f in seen)) { seen[f] = 1; n++; if (n == '"$1"') { print f; exit } } }' "$perft_corpus"
}

# nodes_of FEN DEPTH: the corpus's node count.
nodes_of() {
	awk -F';' -v fen="$1" -v d="$2" '!/^#/ && NF == 3 { f = $1; gsub(/^ +| +$/, "", f); x = $2; gsub(/ /, "", x); y = $3; gsub(/ /, "", y); if (f == fen && x == d) { print y; exit } }' "$perft_corpus"
}

# timed OUT CMD...: runs CMD with stdout to OUT and stderr to OUT.err,
# prints "CPU-seconds wall-seconds peak-KB" (CPU = user + sys).
timed() {
	local out=$1; shift
	/usr/bin/time -f "%U %S %e %M" -o "$work/t" "$@" > "$out" 2> "$out.err" || true
	awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }' "$work/t"
}

# cpu OUT CMD...: CPU seconds of CMD (stdout to OUT).
cpu() {
	timed "$@" | cut -d' ' -f1
}

# perft_ours OUT FEN DEPTH: our perft on one core.
perft_ours() {
	cpu "$1" env GOMAXPROCS=1 $one "$bin" perft "$2" "$3"
}

# perft_theirs OUT FEN DEPTH ("" DEPTH: Stockfish's start-up only).
perft_theirs() {
	local cmds="quit"
	[ -n "$2" ] && cmds="position fen $2"$'\n'"go perft $3"$'\n'"quit"
	printf '%s\n' "$cmds" | cpu "$1" $one "$stockfish"
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }
