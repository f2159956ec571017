#!/usr/bin/env bash
# Takes the README's screenshot of the real app: builds scoresheet, starts
# it under Xvfb on a new event, types the German sample game of the FIDE
# Laws (../shared/seeds/000_*.txt) into White's copy and its English
# notation into Black's with xdotool, as the end-to-end test does (Black's
# 9th move written "Nd2", which is ambiguous), goes back to that cell and
# photographs the window.
#
#   app/e2e/screenshot.sh [OUT.png]   (default testdata/app-screenshot.png)
#
# Needs Xvfb, xdotool (make test installs both) and ImageMagick's import
# (apt-get install imagemagick).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-testdata/app-screenshot.png}
for tool in Xvfb xdotool import; do
	command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}

work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

bin=$work/scoresheet
"$GO" build -o "$bin" .
event=$work/event.scoresheet
"$bin" event new "$event" --name "Zagreb Open" --site Zagreb --tc "40/5400+30:1800+30" --rounds 9
"$bin" event add-game "$event" --round 1 --board 1 --white "Anna Schmidt" --black "Bert Jansen" \
	--white-elo 2011 --black-elo 1987 --date 2026.11.22 --lang de >/dev/null
"$bin" event enter "$event" --round 1 --board 1 --copy black --lang en </dev/null >/dev/null

# A display on a number Xvfb chooses (-displayfd: others run their own at
# the same time); it says the number once it listens. Killed (SIGTERM) on
# exit, it removes its socket and lock file.
mkfifo "$work/displayfd"
Xvfb -displayfd 3 -screen 0 1400x860x24 -nolisten tcp 3>"$work/displayfd" >/dev/null 2>&1 &
pids+=($!)
read -r n <"$work/displayfd"
export DISPLAY=":$n" HOME=$work XDG_CONFIG_HOME=$work/config LANGUAGE=en LANG=C.UTF-8 LC_ALL=
until xdotool getdisplaygeometry >/dev/null 2>&1; do sleep 0.05; done

"$bin" --event "$event" --round 1 --board 1 >"$work/app.log" 2>&1 &
pids+=($!)
wid=""
for _ in $(seq 200); do
	wid=$(xdotool search --onlyvisible --name Scoresheet 2>/dev/null | head -n1 || true)
	[ -n "$wid" ] && break
	sleep 0.05
done
[ -n "$wid" ] || { echo "no window" >&2; cat "$work/app.log" >&2; exit 1; }
sleep 0.7
xdotool windowsize --sync "$wid" 1400 860 || true
xdotool windowmove --sync "$wid" 0 0 || true
xdotool windowfocus --sync "$wid"

german="e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=) "
english="e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 e.p. Nxd6 Bg5 Nc6 Qe3+ Be7 Nd2 O-O O-O-O Re8 Kb1 (=) "
xdotool type --delay 20 --window "$wid" "$german"
xdotool key --window "$wid" F6
xdotool type --delay 20 --window "$wid" "$english"
# From the cell after Kb1 (half-move 22) back to Black's "Nd2" (17).
xdotool key --delay 60 --window "$wid" shift+Tab shift+Tab shift+Tab shift+Tab shift+Tab
sleep 1
import -window "$wid" "$out"
echo "wrote $out"
