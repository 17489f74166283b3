#!/usr/bin/env bash
# Builds the programs the project ships, as it ships them: release, with Swift's runtime and
# Foundation linked in (--static-swift-stdlib: faster start, less resident; Benchmarks/README.md).
# The main job and the latency scripts build through here, so they measure what users run.
#
#   scripts/build-release.sh PRODUCT...     (keyinput, date-picker-demo)
#
# keyinput ships with the programs its render and watch subcommands run, beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
for product in "$@"; do
  companions=()
  [[ $product == keyinput ]] && companions=(keyinput-render keyinput-watch)
  for each in "$product" "${companions[@]}"; do
    swift build -c release --static-swift-stdlib --product "$each"
  done
done
