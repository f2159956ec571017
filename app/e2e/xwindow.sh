# Sourced by the screenshot scripts (app/e2e/screenshot.sh,
# docs/screenshot.sh): window_up NAME LOG waits for the app's window
# titled NAME (up to 30 s; LOG is the app's output, shown if it never
# comes), puts it at 1366x768 in the screen's corner, focuses it and sets
# wid.
window_up() {
	wid=""
	for _ in $(seq 600); do
		wid=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n1 || true)
		[ -n "$wid" ] && break
		sleep 0.05
	done
	[ -n "$wid" ] || { echo "no window" >&2; cat "$2" >&2; exit 1; }
	sleep 1 # the first frame
	xdotool windowsize --sync "$wid" 1366 768 || true
	xdotool windowmove --sync "$wid" 0 0 || true
	xdotool windowfocus --sync "$wid"
}
