#!/usr/bin/env bash
# Takes docs/screenshot.png, the README's picture of the real window: an
# event of 8 boards made with the command line, both players' copies of
# real games from the Handwritten Chess Scoresheet dataset
# (../shared/corpora/handwritten; never shipped, only typed here) entered
# with "event enter", the window under Xvfb on a 1366x768 screen in the
# light theme, Ctrl+K and Space to the first arbiter check of board 1.
#
#   docs/screenshot.sh [OUT.png]          (default docs/screenshot.png)
#   EVENT_DIR=/home/anna docs/screenshot.sh   (the event's folder, which the status line shows: made and removed; its parent must exist)
#
# Needs Xvfb, xdotool (make test installs both) and ImageMagick
# (apt-get install imagemagick): import photographs the screen, convert
# keeps it under 200 KB (128 colours).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshot.png}
hcs=${HCS:-../shared/corpora/handwritten/hcs_sheets_derived.tsv}
CONVERT=${CONVERT:-$(command -v convert-im6 || echo convert)} # Debian names ImageMagick 6 convert-im6 too
for tool in Xvfb xdotool import "$CONVERT"; do
	command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
[ -r "$hcs" ] || { echo "no HCS corpus at $hcs (set HCS)" >&2; exit 2; }
GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}

work=$(mktemp -d)
dir=${EVENT_DIR:-$work/Zagreb}
[ -e "$dir" ] && { echo "$dir exists" >&2; exit 2; }
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$work" "$dir"
}
trap cleanup EXIT
mkdir "$dir"

bin=$work/scoresheet
"$GO" build -o "$bin" .
ev=$dir/open-2026.scoresheet
"$bin" event new "$ev" --name "Zagreb Open 2026" --site Zagreb --start 2026.11.20 --end 2026.11.28 \
	--tc "40/5400+30:1800+30" --rounds 9 --lang en >/dev/null
names=("Schmidt, Anna" "Đurđević, Marko" "Jansen, Bert" "Kovačić, Ivana" "Dubois, Élodie" "Novak, Tomislav"
	"Rossi, Giulia" "Horvat, Luka" "Fischer, Jonas" "Babić, Petra" "García, Lucía" "Van Dijk, Sven"
	"Marić, Ante" "Weber, Lena" "Petrović, Nikola" "Moreau, Hugo")
for b in 1 2 3 4 5 6 7 8; do
	"$bin" event add-game "$ev" --round 1 --board $b --white "${names[2 * b - 2]}" --black "${names[2 * b - 1]}" \
		--white-elo $((2310 - 25 * b)) --black-elo $((2290 - 27 * b)) --date 2026.11.20 >/dev/null
done
# enter BOARD COPY SHEET PLIES [RESULT]: the sheet's first PLIES cells as
# the player wrote them ("_", a blank box, as "-"), then RESULT.
enter() {
	{
		awk -F'\t' -v s="$3" '$2 == s {print $6}' "$hcs" | tr ' ' '\n' | sed -E 's/^[0-9]+\.//; s/^_$/-/' |
			grep -v '^$' | head -n "$4" | tr '\n' ' '
		echo " ${5:-}"
	} | "$bin" event enter "$ev" --round 1 --board "$1" --copy "$2" >/dev/null
}
enter 1 white 021_0 80
enter 1 black 021_1 80
enter 2 white 001_0 60
enter 2 black 001_1 60
enter 3 white 005_0 50 1-0
enter 3 black 005_1 50 1-0
enter 4 white 013_0 40

# A display on a number Xvfb chooses (-displayfd); killed on exit.
mkfifo "$work/displayfd"
Xvfb -displayfd 3 -screen 0 1366x768x24 -nolisten tcp -noreset 3>"$work/displayfd" >/dev/null 2>&1 &
pids+=($!)
read -r n <"$work/displayfd"
export DISPLAY=":$n" HOME=$work XDG_CONFIG_HOME=$work/config LANGUAGE=en LANG=C.UTF-8 LC_ALL= FYNE_THEME=light
until xdotool getdisplaygeometry >/dev/null 2>&1; do sleep 0.05; done

"$bin" --event "$ev" --round 1 --board 1 >"$work/app.log" 2>&1 &
pids+=($!)
. app/e2e/xwindow.sh
window_up "Zagreb Open" "$work/app.log"
sleep 1
xdotool key --window "$wid" ctrl+k
sleep 0.5
xdotool key --window "$wid" space
sleep 2 # the cursor's move drawn
import -window root "$work/shot.png"
"$CONVERT" "$work/shot.png" -strip -colors 128 "PNG8:$out"
echo "wrote $out ($(stat -c %s "$out") bytes)"
