#!/usr/bin/env bash
# Issue 22: an event on a PostgreSQL server over loopback, on a cluster
# the benchmark starts (internal/pgtest; PostgreSQL's defaults, every
# commit on the disk). Prints, for a cell typed into an event of 300
# games (SetCellIf, as the window saves a keystroke), the median and
# 99th percentile of one save; for a cell one store writes, how long
# until another store (another laptop's window) has heard of it and
# read it; and sixteen stores typing the sixteen copies of eight boards
# at once, twenty cells each, every cell then checked in its place.
#
#   bench/server.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
"$GO" test -run '^$' -count=1 ./sheet/pgstore/ \
	-bench '^(BenchmarkServerSetCell|BenchmarkServerSeenByAnother)$' -benchtime 500x 2>&1 | grep -e "^Benchmark" -e "^ok" -e "^FAIL" -e "^---"
"$GO" test -run '^$' -count=1 ./sheet/pgstore/ \
	-bench '^BenchmarkServer16Writers$' -benchtime 5x 2>&1 | grep -e "^Benchmark" -e "^ok" -e "^FAIL" -e "^---"
