#!/usr/bin/env bash
# Takes a screenshot of the real app (testdata/screenshots; docs/window.md): builds scoresheet, starts
# it under Xvfb on a new event, types the German sample game of the FIDE
# Laws (../shared/seeds/000_*.txt) into White's copy and its English
# notation into Black's with xdotool, as the end-to-end test does (Black's
# 9th move written "Nd2", which is ambiguous), goes back to that cell and
# photographs the screen: a laptop's 1366x768, the window filling it.
#
#   app/e2e/screenshot.sh [OUT.png]   (default testdata/screenshots/app-screenshot.png)
#   UI_LANG=de LONG_NAMES=1 app/e2e/screenshot.sh testdata/screenshots/app-long-names-de.png
#
# UI_LANG is the window's language (en); LONG_NAMES=1 gives the players
# names as long as pairing lists have them and adds 29 more such boards.
#
# Needs Xvfb, xdotool (make test installs both) and ImageMagick's import
# (apt-get install imagemagick).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-testdata/screenshots/app-screenshot.png}
ui_lang=${UI_LANG:-en}
mkdir -p "$(dirname "$out")"
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
long() { printf 'Maximilian-Alexander von und zu Hohenzollern-Sigmaringen-Weißenfels %02d' "$1"; }
white="Anna Schmidt" black="Bert Jansen"
if [ -n "${LONG_NAMES:-}" ]; then white=$(long 1) black=$(long 2); fi
"$bin" event add-game "$event" --round 1 --board 1 --white "$white" --black "$black" \
	--white-elo 2011 --black-elo 1987 --date 2026.11.22 --lang de >/dev/null
if [ -n "${LONG_NAMES:-}" ]; then
	for b in $(seq 2 30); do
		"$bin" event add-game "$event" --round 1 --board "$b" --white "$(long $((2 * b - 1)))" --black "$(long $((2 * b)))" \
			--white-elo 2345 --black-elo 2101 --lang de >/dev/null
	done
fi
"$bin" event enter "$event" --round 1 --board 1 --copy black --lang en </dev/null >/dev/null

# A display on a number Xvfb chooses (-displayfd: others run their own at
# the same time); it says the number once it listens. Killed (SIGTERM) on
# exit, it removes its socket and lock file.
mkfifo "$work/displayfd"
Xvfb -displayfd 3 -screen 0 1366x768x24 -nolisten tcp -noreset 3>"$work/displayfd" >/dev/null 2>&1 &
pids+=($!)
read -r n <"$work/displayfd"
export DISPLAY=":$n" HOME=$work XDG_CONFIG_HOME=$work/config LANGUAGE=$ui_lang LANG=C.UTF-8 LC_ALL=
until xdotool getdisplaygeometry >/dev/null 2>&1; do sleep 0.05; done

"$bin" --event "$event" --round 1 --board 1 >"$work/app.log" 2>&1 &
app=$!
pids+=($app)
# wait_stored waits until the event holds n draw offers: a copy typed
# up to its last "(=)" is stored whole (the app saves every keystroke; a
# busy machine can be far behind xdotool).
wait_stored() {
	until [ "$("$bin" event show "$event" --json | grep -c '"draw_offer": true')" -ge "$1" ]; do sleep 0.2; done
}
. app/e2e/xwindow.sh
window_up "Zagreb Open" "$work/app.log"

german="e4 e5 Sf3 Sf6 d4 exd4 e5 Se4 Dxd4 d5 exd6 e.p. Sxd6 Lg5 Sc6 De3+ Le7 Sbd2 0-0 0-0-0 Te8 Kb1 (=) "
english="e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 e.p. Nxd6 Bg5 Nc6 Qe3+ Be7 Nd2 O-O O-O-O Re8 Kb1 (=) "
xdotool type --delay 20 --window "$wid" "$german"
wait_stored 1
xdotool key --window "$wid" F6
xdotool type --delay 20 --window "$wid" "$english"
wait_stored 2
# From the cell after Kb1 (half-move 22) back to Black's "Nd2" (17).
xdotool key --delay 60 --window "$wid" shift+Tab shift+Tab shift+Tab shift+Tab shift+Tab
sleep 2 # five cursor moves drawn
import -window root "$out"
echo "wrote $out"
