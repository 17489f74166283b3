#!/usr/bin/env bash
# Regenerates Sources/CWaylandProtocols from Debian's wayland-protocols with wayland-scanner.
# The output is committed (SwiftPM has no build-time hook for wayland-scanner without a plugin,
# and committed code is reviewable); run this after upgrading wayland-protocols and commit the diff.
# Usage: scripts/generate-wayland-protocols.sh
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/Sources/CWaylandProtocols"
protocols=$(pkg-config --variable=pkgdatadir wayland-protocols)
# name  path-under-pkgdatadir
wanted=(
  "xdg-shell stable/xdg-shell/xdg-shell.xml"
  "text-input-unstable-v3 unstable/text-input/text-input-unstable-v3.xml"
  "primary-selection-unstable-v1 unstable/primary-selection/primary-selection-unstable-v1.xml"
)

for entry in "${wanted[@]}"; do
  read -r name path <<<"$entry"
  xml="$protocols/$path"
  [[ -f $xml ]] || { echo "error: $xml missing (apt-get install wayland-protocols)" >&2; exit 1; }
  wayland-scanner client-header "$xml" "$out/include/$name-client-protocol.h"
  wayland-scanner private-code "$xml" "$out/$name-protocol.c"
done
echo "generated from wayland-protocols $(pkg-config --modversion wayland-protocols) with $(wayland-scanner --version 2>&1)"
