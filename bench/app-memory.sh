#!/usr/bin/env bash
# Issue #6: opens a 300-game event (80 plies written on both copies) in
# the app's real state (the session and the window with Fyne's test
# driver, the navigator built with every round open), steps through every
# board, and prints how long opening takes and the memory in use after a
# GC: heap + stack (runtime.ReadMemStats) and VmRSS (/proc/self/status).
# Fails when either is 200 MB or more.
#
#   bench/app-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
"$GO" test -tags memtest -count=1 -v -run '^TestMemoryLargeEvent$' ./app/ 2>&1 | grep -e "^open " -e "created " -e "^---" -e "^ok" -e "^FAIL" -e "budget"
