#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs the whole test suite:
# the Swift Testing suites, every keymap test file in keymaps/, then a short
# bounded pass of every fuzz target (20 s each; scripts/fuzz.sh runs them longer).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test
swift build --build-tests
scripts/run-shards.sh .build   # two test processes side by side (scripts/run-shards.sh says why)
.build/debug/keyinput test keymaps/
FUZZ_SEED=1 scripts/fuzz.sh 20
