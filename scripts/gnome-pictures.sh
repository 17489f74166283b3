#!/usr/bin/env bash
# Writes the README's picture of the demo on GNOME's compositor: a private mutter 43
# headless (a session bus, PipeWire and WirePlumber, one 600x720 virtual monitor) and the
# demo in it, with the title bar libdecor's cairo plugin draws (mutter draws none). As for
# sway's picture, Ada Lovelace is typed into Name and the birthday picker is up; the clicks
# and keys go through mutter's own seat (its RemoteDesktop D-Bus API), and the window, found
# by its title bar in a frame of the monitor's PipeWire stream, is cut out with a 16-pixel
# margin (scripts/mutter-window-picture.py). The demo's own scripted typing (--events) is
# not used: on mutter it lost Shift ("ada lovelace").
# DATE_PICKER_DEMO_BINARY names a built demo to use instead of a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/picture-demo.sh
work=$(mktemp -d)
pids=()
cleanup() {
  # The demo, mutter, WirePlumber, PipeWire, then the bus: the reverse of their start.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null && wait "${pids[i]}" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/run" "$work/home" "$work/config"
chmod 700 "$work/run"
export HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_CONFIG_HOME="$work/config" GSETTINGS_BACKEND=memory
unset WAYLAND_DISPLAY DISPLAY PIPEWIRE_RUNTIME_DIR PIPEWIRE_REMOTE

wait_for_socket() { # PATH WHAT LOG
  for _ in $(seq 200); do [[ -S "$1" ]] && return 0; sleep 0.05; done
  cat "$3" >&2; echo "$2 did not start" >&2; exit 1
}
dbus-daemon --session --nofork --print-address=3 3>"$work/bus" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do [[ -s "$work/bus" ]] && break; sleep 0.05; done
DBUS_SESSION_BUS_ADDRESS=$(head -n1 "$work/bus")
export DBUS_SESSION_BUS_ADDRESS
pipewire >"$work/pipewire.log" 2>&1 &
pids+=($!)
wait_for_socket "$work/run/pipewire-0" PipeWire "$work/pipewire.log"
wireplumber >"$work/wireplumber.log" 2>&1 &
pids+=($!)
mutter --headless --wayland --no-x11 --virtual-monitor 600x720 --wayland-display mutter-0 \
  >"$work/mutter.log" 2>&1 &
pids+=($!)
wait_for_socket "$work/run/mutter-0" mutter "$work/mutter.log"

WAYLAND_DISPLAY=mutter-0 TZ=UTC "$demo" --date 2026-03-29 --locale en_US >/dev/null 2>"$work/demo.log" &
pids+=($!)
# Name's field is at (300, 84) in the window, Birthday's at (300, 140).
/usr/bin/python3 scripts/mutter-window-picture.py docs/images/wayland/date-picker-demo-on-gnome.png \
  click:300,84 wait:0.3 \
  keys:KEY_LEFTSHIFT+KEY_A,KEY_D,KEY_A,KEY_SPACE,KEY_LEFTSHIFT+KEY_L,KEY_O,KEY_V,KEY_E,KEY_L,KEY_A,KEY_C,KEY_E \
  click:300,140 wait:0.3 keys:KEY_DOWN wait:0.8 ||
  { cat "$work/demo.log" >&2; exit 1; }
echo "wrote docs/images/wayland/date-picker-demo-on-gnome.png"
