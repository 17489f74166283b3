#!/usr/bin/env bash
# The main job: installs what is needed, builds keyinput in release mode, runs the
# project's keymap test suite and shows a typing session on a German keymap.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build
swift build -c release --product keyinput
keyinput=.build/release/keyinput

echo "== keyinput test keymaps/"
"$keyinput" test keymaps/

echo
echo "== keyinput type --layout de --compose en_US.UTF-8 (dead acute, then e; y and z swapped)"
"$keyinput" type --layout de --compose en_US.UTF-8 KEY_EQUAL KEY_E KEY_Y KEY_Z KEY_LEFTSHIFT+KEY_SEMICOLON
