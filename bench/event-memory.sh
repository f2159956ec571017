#!/usr/bin/env bash
# Peak memory and time of importing, `event show --json` and each export
# (pgn, xlsx, pdf, forms, results-pdf) on a 5,000-game and a 50,000-game event, and of
# importing a 200 MB PGN (issue #13 item 6). Peak RSS from /usr/bin/time
# -v. Target: under 100 MB for every one of them, whatever the number of
# games (memory stays flat). Exits 1 when a target is missed; ends with a
# table of the peaks and the commands measured.
#
# The events are made by importing the 5,553-game lichess corpus,
# repeated and cut to the number of games (round 1, boards 1..N).
#
#   bench/event-memory.sh                  # 5,000 and 50,000 games, 200 MB import
#   SIZES="5000" IMPORT_MB=0 bench/event-memory.sh
#   BIG_FORMATS="show pgn" bench/event-memory.sh
#
# SIZES: the event sizes (default "5000 50000"). FORMATS: what is measured
# on the first size (default "show pgn xlsx pdf forms results-pdf"); BIG_FORMATS: on
# the others (default the same). IMPORT_MB: size of the PGN import
# (default 200; 0 skips it). On a quiet 2-core machine the 50,000-game
# PDF, forms and workbook take minutes each.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
src=${SRC:-../shared/corpora/pgn/medium/cheesse_lichess_5553games.pgn}
sizes=${SIZES:-5000 50000}
formats=${FORMATS:-show pgn xlsx pdf forms results-pdf}
big_formats=${BIG_FORMATS:-$formats}
import_mb=${IMPORT_MB:-200}
limit_mb=100
[ -x /usr/bin/time ] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
[ -r "$src" ] || { echo "no PGN corpus at $src" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${SCORESHEET:-$work/scoresheet}
[ -n "${SCORESHEET:-}" ] || "$GO" build -o "$bin" .

# pgn N: the first N games of the corpus repeated, on stdout (awk stops
# reading after N games: the pipe's SIGPIPE is expected; the import
# checks the count).
pgn() {
	local reps=$(($1 / $(grep -c '^\[Event ' "$src") + 1))
	for _ in $(seq "$reps"); do cat "$src"; echo; done | awk -v n="$1" '
		/^\[Event / { if (++games > n) exit }
		{ print }' || true
}

fail=0
table=$work/table
# measure NAME LIMIT_MB CMD...: one run; prints seconds and peak MB, and
# FAIL when LIMIT_MB is not 0 and the peak is not under it; adds a row
# to the table.
measure() {
	local name=$1 limit=$2; shift 2
	local cmd=${*//$work\//}
	cmd=${cmd/#$bin/scoresheet}
	if ! /usr/bin/time -v -o "$work/time" "$@" > "$work/out" 2> "$work/err"; then
		echo "FAIL: $name: exit status not 0:" >&2
		tail -3 "$work/err" >&2
		fail=1
		return
	fi
	local kb secs
	kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
	secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$work/time")
	local verdict=""
	if [ "$limit" != 0 ] && [ "$kb" -ge $((limit * 1024)) ]; then
		verdict="FAIL (limit $limit MB)"
		fail=1
	fi
	local mb
	mb=$(awk -v k="$kb" 'BEGIN{printf "%.1f", k/1024}')
	printf "%-44s %9.1f s %9s MB  %s\n" "$name" "$secs" "$mb" "$verdict"
	printf "| %s | %s MB | %.0f s | \`%s\` |%s\n" "$name" "$mb" "$secs" "$cmd" "${verdict:+ $verdict}" >> "$table"
}

first=1
for n in $sizes; do
	ev=$work/e$n.scoresheet
	pgn "$n" > "$work/e$n.pgn"
	"$bin" event new "$ev" --name "Bench $n" > /dev/null
	measure "import $n games ($(du -m "$work/e$n.pgn" | cut -f1) MB)" $limit_mb "$bin" import --event "$ev" "$work/e$n.pgn"
	got=$(grep -o '^[0-9]* games imported' "$work/out" | cut -d' ' -f1)
	[ "$got" = "$n" ] || { echo "FAIL: imported $got games, want $n" >&2; exit 1; }
	fmts=$big_formats
	if [ $first = 1 ]; then fmts=$formats; fi
	for f in $fmts; do
		case $f in
		show) measure "event show --json, $n games" $limit_mb "$bin" event show "$ev" --json ;;
		*) measure "export --format $f, $n games" $limit_mb "$bin" export --format "$f" --out "$work/out.$f" "$ev" ;;
		esac
		rm -f "$work/out.$f"
	done
	rm -f "$work/e$n.pgn" "$ev"
	first=0
done

if [ "$import_mb" != 0 ]; then
	big=$work/big.pgn
	while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt $((import_mb * 1000 * 1000)) ]; do
		cat "$src" >> "$big"
		echo >> "$big"
	done
	"$bin" event new "$work/big.scoresheet" --name "Import" > /dev/null
	measure "import $(du -m "$big" | cut -f1) MB PGN ($(grep -c '^\[Event ' "$big") games)" $limit_mb \
		"$bin" import --event "$work/big.scoresheet" "$big"
fi
echo
echo "| measured | peak RSS | time | command |"
echo "|---|---|---|---|"
cat "$table"
exit $fail
