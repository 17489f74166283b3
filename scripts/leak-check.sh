#!/usr/bin/env bash
# Runs keyinput commands under valgrind --leak-check=full and fails when any
# run has memory "definitely lost" or "indirectly lost".
# Usage: scripts/leak-check.sh [path/to/keyinput]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >&2 || { apt-get update -qq && apt-get install -y -qq valgrind >&2; }
fi
keyinput=${1:-}
if [[ -z $keyinput ]]; then
  swift build --product keyinput >&2
  keyinput=.build/debug/keyinput
fi

runs=(
  "type --layout de --compose en_US.UTF-8 KEY_EQUAL KEY_E KEY_LEFTSHIFT+KEY_A KEY_BACKSPACE"
  "type --json --layout us,ru --options grp:alt_shift_toggle KEY_LEFTALT+KEY_LEFTSHIFT KEY_A"
  "compile --layout fr"
  "how-to-type --layout us --variant intl --compose en_US.UTF-8 éñ€"
  "test keymaps/"
  "list variants de"
  "type --layout dee KEY_A"
  "type KEY_NOPE"
)
status=0
for args in "${runs[@]}"; do
  log=$(mktemp)
  # shellcheck disable=SC2086
  valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
    --log-file="$log" "$keyinput" $args >/dev/null 2>&1 || code=$?
  code=${code:-0}
  summary=$(grep -E "definitely lost|indirectly lost|ERROR SUMMARY" "$log" | sed 's/^==[0-9]*== *//' | tr '\n' ' ')
  if [[ $code == 99 ]]; then
    echo "LEAK  keyinput $args: $summary"; status=1
  else
    echo "ok    keyinput $args (exit $code): ${summary:-no leaks possible}"
  fi
  unset code
  rm -f "$log"
done
exit $status
