#!/usr/bin/env bash
# Runs `swift test ARGS...` as it is, and when the suite fails repeats its failures at the end of
# the output, where a CI log's tail shows them (the suite prints them among a thousand passes).
#
#   scripts/run-suite.sh --skip-build --disable-xctest [more swift test options]
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if ((status != 0)); then
  echo "== the suite failed (exit $status); what failed:"
  grep -E '✘|error:|Fatal error|ThreadSanitizer|AddressSanitizer|LeakSanitizer' "$log" | head -60
fi
exit "$status"
