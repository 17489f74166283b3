#!/usr/bin/env bash
# Writes the README's picture of the demo on Wayland: a private headless sway (run as
# nobody, as sway refuses root) with a title bar and a bar, the demo in it playing
# docs/images/wayland/on-sway.events, and grim's screenshot of the whole output.
# DATE_PICKER_DEMO_BINARY names a built demo to use instead of a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/picture-demo.sh
work=$(mktemp -d)
chmod 755 "$work"
sway_pid=
cleanup() {
  [[ -n "$sway_pid" ]] && kill "$sway_pid" 2>/dev/null && wait "$sway_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/run" "$work/home" "$work/frames"
chown 65534:65534 "$work/run" "$work/home"
chmod 700 "$work/run"
cat >"$work/config" <<'CONFIG'
output HEADLESS-1 resolution 520x760 bg #3b4252 solid_color
default_border normal 2
xwayland disable
font pango:DejaVu Sans 10
bar {
  position top
  status_command while echo "sway 1.7, headless"; do sleep 60; done
  font pango:DejaVu Sans 10
}
CONFIG
as_nobody() {
  env -i PATH="$PATH" HOME="$work/home" XDG_RUNTIME_DIR="$work/run" "$@"
}
as_nobody WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  setpriv --reuid=65534 --regid=65534 --clear-groups -- sway -c "$work/config" >"$work/sway.log" 2>&1 &
sway_pid=$!
for _ in $(seq 100); do [[ -S "$work/run/wayland-1" ]] && break; sleep 0.1; done
[[ -S "$work/run/wayland-1" ]] || { cat "$work/sway.log" >&2; echo "sway did not start" >&2; exit 1; }

# The window stays open after its events: stop it once its own frame is written.
WAYLAND_DISPLAY="$work/run/wayland-1" DISPLAY= TZ=UTC "$demo" --date 2026-03-29 --locale en_US \
  --events docs/images/wayland/on-sway.events --output "$work/frames" >/dev/null 2>"$work/demo.log" &
demo_pid=$!
for _ in $(seq 200); do [[ -s "$work/frames/on-sway.png" ]] && break; sleep 0.1; done
sleep 0.3
as_nobody WAYLAND_DISPLAY=wayland-1 setpriv --reuid=65534 --regid=65534 --clear-groups -- \
  grim "$work/home/on-sway.png"
kill "$demo_pid"; wait "$demo_pid" || true
[[ -s "$work/frames/on-sway.png" ]] || { cat "$work/demo.log" >&2; echo "the demo wrote no frame" >&2; exit 1; }
cp "$work/home/on-sway.png" docs/images/wayland/date-picker-demo-on-sway.png
echo "wrote docs/images/wayland/date-picker-demo-on-sway.png"
