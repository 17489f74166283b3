#!/usr/bin/env bash
# The main job: installs what is needed, builds keyinput and date-picker-demo in release
# mode, runs the project's keymap test suite, shows a typing session on a German keymap,
# and runs the demo: in a window when there is a display, Wayland (WAYLAND_DISPLAY) or X11
# (DISPLAY), until it is closed; else headless, writing PNG frames to demo-frames/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build
scripts/build-release.sh keyinput date-picker-demo
keyinput=.build/release/keyinput
demo=.build/release/date-picker-demo

echo "== keyinput test keymaps/"
"$keyinput" test keymaps/

echo
echo "== keyinput type --layout de --compose en_US.UTF-8 (dead acute, then e; y and z swapped)"
"$keyinput" type --layout de --compose en_US.UTF-8 KEY_EQUAL KEY_E KEY_Y KEY_Z KEY_LEFTSHIFT+KEY_SEMICOLON

echo
if [[ -n "${WAYLAND_DISPLAY:-}${DISPLAY:-}" ]]; then
  where=${WAYLAND_DISPLAY:-$DISPLAY}
  echo "== date-picker-demo on display $where (close the window to finish)"
  if ! "$demo"; then
    echo "== no window on $where: date-picker-demo --headless instead, frames in demo-frames/"
    "$demo" --headless --output demo-frames
  fi
else
  echo "== date-picker-demo --headless (no WAYLAND_DISPLAY or DISPLAY): the built-in session, frames in demo-frames/"
  "$demo" --headless --output demo-frames
  ls demo-frames
fi
