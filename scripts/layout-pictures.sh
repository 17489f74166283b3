#!/usr/bin/env bash
# Writes the pictures of layouts in docs/images/layouts: keyinput render of us and de, PNG, at scale 1.
# KEYINPUT_BINARY names a built keyinput to use instead of a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build
keyinput=${KEYINPUT_BINARY:-}
if [[ -z "$keyinput" ]]; then
  swift build --product keyinput
  swift build --product keyinput-render  # what keyinput render runs, beside it
  keyinput=.build/debug/keyinput
fi
mkdir -p docs/images/layouts
for layout in us de; do
  "$keyinput" render --layout "$layout" --png "docs/images/layouts/$layout.png"
  echo "docs/images/layouts/$layout.png"
done
