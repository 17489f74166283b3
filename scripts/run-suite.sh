#!/usr/bin/env bash
# Runs `swift test ARGS...` as it is, and when the suite fails repeats its failures at the end of
# the output, where a CI log's tail shows them (the suite prints them among a thousand passes).
#
#   scripts/run-suite.sh --skip-build --disable-xctest [more swift test options]
set -uo pipefail
# The toolkit's words follow the environment's language; the tests expect English unless they set a locale.
export LC_ALL=C.UTF-8
unset LANGUAGE
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if ((status != 0)); then
  echo "== the suite failed (exit $status); what failed:"
  grep -E '✘' "$log" | head -40
  # A crash or a sanitizer's report stops the run before its own summary.
  grep -E '^error:|Fatal error|^(WARNING|SUMMARY): [A-Za-z]+Sanitizer|^==[0-9]+==ERROR' "$log" | head -20
fi
exit "$status"
