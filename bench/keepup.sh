#!/usr/bin/env bash
# The window keeping up (issue 31): the real window under Xvfb at
# 1366x768 typing real games' copies (HCS, ../shared/corpora/handwritten)
# board after board at 40 keys a second for 30 s; how far the screen was
# behind, from the window's own drawing (SCORESHEET_KEYLOG). See
# app/e2e/keepup_bench_test.go.
#
#   bench/keepup.sh                          the event file
#   SCORESHEET_BENCH_PG=1 bench/keepup.sh    an event on PostgreSQL (a cluster the test starts)
#   SCORESHEET_BENCH_TRACE=1 ...             with the live trace on
#   SCORESHEET_BENCH_RATE=40 SCORESHEET_BENCH_SECONDS=30 SCORESHEET_BENCH_MAX_BEHIND=5 ...
#   bench/keepup.sh three                    three windows typing on one PostgreSQL event: each shows the other's saves
#   SCORESHEET_CPUPROFILE=/tmp/cpu.out ...   the window's CPU profile (go tool pprof)
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in Xvfb xdotool; do
	command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool)" >&2; exit 2; }
done
test=TestKeepUpBench
[ "${1:-}" = three ] && test=TestLiveThreeBench
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
"$GO" test -tags arbiterbench -count=1 -timeout 30m -run "^$test\$" -v ./app/e2e/ |
	grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS$' -e '^ok ' -e 'Fyne error' -e 'Cause:' -e 'At: /'
