#!/usr/bin/env bash
# Times keyinput's whole-registry surveys against the yardstick for compiling the same layouts:
# `xkbcli compile-keymap` run once per layout and variant (libxkbcommon's own tool, in C).
#
#   scripts/registry-bench.sh [ROUNDS]      (default 3; prints the median of each)
#
# Not part of CI. Installs libxkbcommon-tools if xkbcli is missing; builds keyinput in release.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}

scripts/install-deps.sh bench >&2
swift build -c release --product keyinput >&2
keyinput=$(swift build -c release --show-bin-path)/keyinput
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every layout and variant the registry lists, as `keyinput list` writes them: `de`, `de(nodeadkeys)`.
"$keyinput" list | awk '{print $1}' >"$work/names"

xkbcli_all() {
  local name layout variant
  while read -r name; do
    layout=${name%%(*} variant=""
    [[ $name == *"("* ]] && { variant=${name#*(}; variant=${variant%)}; }
    xkbcli compile-keymap --layout "$layout" --variant "$variant" >/dev/null 2>&1 || true
  done <"$work/names"
}

# Prints the median wall time, in seconds, of ROUNDS runs of the command given.
median_seconds() {
  local times=() start end
  for ((round = 0; round < rounds; round++)); do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR] = $1} END {printf "%.2f", a[int((NR + 1) / 2)]}'
}

echo "## The whole registry: $(wc -l <"$work/names") layouts and variants, median of $rounds runs"
echo
echo "| command | seconds |"
echo "|---|---:|"
echo "| \`xkbcli compile-keymap\`, once per layout (the yardstick) | $(median_seconds xkbcli_all) |"
echo "| \`keyinput lint --all\` | $(median_seconds "$keyinput" lint --all) |"
echo "| \`keyinput diff --all --snapshot DIR\` (writes each keymap) | $(median_seconds "$keyinput" diff --all --snapshot "$work/snapshot") |"
echo "| \`keyinput diff --all DIR\` (compares each with the snapshot) | $(median_seconds "$keyinput" diff --all "$work/snapshot") |"
echo "| \`keyinput coverage --all\` (for comparison) | $(median_seconds "$keyinput" coverage --all) |"
