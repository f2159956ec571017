#!/usr/bin/env bash
# The benchmark of the arbiter's work (issue 24): the real window under
# Xvfb at 1366x768, an event of 30 boards, and on board 2 both copies of
# a real 40-move game (HCS game 021, its first 80 half-moves, from
# ../shared/corpora/handwritten) typed by keyboard only with xdotool at
# 25 keys a second: Ctrl+PageDown opens the board, White's copy and its
# result, F6, Black's copy and its result, then each decision the checks
# ask for (Ctrl+K to its check, Space, Ctrl+1). It prints the keys and
# the other actions per board, and how far the screen was behind the
# typing, as the window itself reports it (SCORESHEET_KEYLOG: the frame
# drawn after each key; see app/e2e/arbiter_bench_test.go).
#
#   bench/arbiter.sh                                   (make bench runs it)
#   SCORESHEET_BENCH_GAME=108 SCORESHEET_BENCH_PLIES=84 bench/arbiter.sh
#   SCORESHEET_BENCH_SHOT=/tmp/end.png bench/arbiter.sh   (the screen at the end; needs ImageMagick)
#   SCORESHEET_BENCH_CONSULT=1 bench/arbiter.sh        (Black's copy consulted, not typed: looked up
#                                                       at each half-move flagged with White's typed)
#
# Needs Xvfb and xdotool (make test installs both), libXtst's headers
# (xorg-dev, make run installs it) and the corpora in ../shared. The
# figures mean little on a machine busy with other work: it prints the
# load average with them; SCORESHEET_BENCH_NICE=-15 (as root) puts the
# window, its X server and the typist before that work.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in Xvfb xdotool; do
	command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool)" >&2; exit 2; }
done
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
if [ -n "${SCORESHEET:-}" ]; then
	export SCORESHEET_E2E_BIN=$SCORESHEET
fi
"$GO" test -tags arbiterbench -count=1 -timeout 30m -run '^TestArbiterBench$' -v ./app/e2e/ |
	grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS$' -e '^ok ' -e 'Fyne error' -e 'Cause:' -e 'At: /'
