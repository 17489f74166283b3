#!/usr/bin/env bash
# Runs the built Swift Testing suite as two processes side by side: the end-to-end targets
# (the demo, the accessibility bridge and Orca, Wayland compositors) and all the others.
# A test process has one main thread and a cooperative pool as wide as the machine has cores;
# suites that wait on compositors, X servers and daemons hold them while they wait, so two
# processes overlap that waiting. Each process's output is printed whole when both are done,
# then, if either failed, what failed.
#
#   scripts/run-shards.sh SCRATCH-PATH [swift-testing options, e.g. --skip REGEX]
set -uo pipefail
# The toolkit's words follow the environment's language; the tests expect English unless they set a locale.
export LC_ALL=C.UTF-8
unset LANGUAGE
cd "$(dirname "$0")/.."
scratch=${1:?usage: scripts/run-shards.sh SCRATCH-PATH [swift-testing options]}
shift
binary=$scratch/debug/KeyInputKitPackageTests.xctest
if [[ ! -x $binary ]]; then
  echo "scripts/run-shards.sh: $binary is missing: build with swift build --build-tests first" >&2
  exit 2
fi
end_to_end='^(DatePickerDemoTests|KeyInputAccessibilityTests|KeyInputWaylandTests)\.'
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
export NO_COLOR=1
started=$(date +%s)
"$binary" --testing-library swift-testing --filter "$end_to_end" "$@" >"$logs/end-to-end" 2>&1 &
first=$!
"$binary" --testing-library swift-testing --skip "$end_to_end" "$@" >"$logs/others" 2>&1 &
second=$!
wait "$first"
first_status=$?
wait "$second"
second_status=$?
for shard in end-to-end others; do
  echo "== shard: $shard"
  cat "$logs/$shard"
done
echo "== both shards done in $(($(date +%s) - started)) s (end-to-end: exit $first_status, others: exit $second_status)"
if ((first_status != 0 || second_status != 0)); then
  echo "== the suite failed; what failed:"
  grep -hE '✘' "$logs/end-to-end" "$logs/others" | head -40
  # A crash or a sanitizer's report stops a run before its own summary.
  grep -hE '^error:|Fatal error|^(WARNING|SUMMARY): [A-Za-z]+Sanitizer|^==[0-9]+==ERROR' "$logs/end-to-end" "$logs/others" | head -20
  exit 1
fi
