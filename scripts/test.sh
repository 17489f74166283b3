#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs the whole test suite:
# the Swift Testing suites, then every keymap test file in keymaps/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh test
swift build --build-tests
swift test --skip-build --disable-xctest
.build/debug/keyinput test keymaps/
