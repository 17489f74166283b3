#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (release, with the address sanitizer)
# and runs each for a fixed time. A crash, a broken invariant, a leak or a
# timeout fails the run; the input that caused it is left in
# .build-fuzz/artifacts/TARGET/ (replay it: .build-fuzz/release/fuzz-TARGET FILE).
#
# Usage: scripts/fuzz.sh [SECONDS-PER-TARGET] [TARGET…]
#   SECONDS defaults to 300; targets default to all of them:
#   keymap compose keytest tokens date-picker demo-script include-tree locale
# The corpus each target grows is kept in .build-fuzz/corpus/TARGET/, seeded from
# Fuzz/Seeds/TARGET/ and, for keymaps and .keytest files, from keymaps/.
# FUZZ_SEED=N fixes libFuzzer's random seed (CI's short pass uses 1).
# Targets run FUZZ_JOBS at a time, one per core by default.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-300}
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(keymap compose keytest tokens date-picker demo-script include-tree locale)
fi

scripts/install-deps.sh build
scratch=.build-fuzz
swift build -c release --package-path Fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
bin=$scratch/release

# libxkbcommon 1.5.0 leaks its parse tree when a keymap or compose text does
# not parse (reproduced in plain C, no Swift involved). Its own allocations are
# not reported; leaks of the wrapper's handles are checked by scripts/leak-check.sh.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1"

# One target per core at a time (FUZZ_JOBS overrides): each is a single busy process.
jobs=${FUZZ_JOBS:-$(nproc)}

# Runs one target and writes its summary line to $scratch/fuzz-TARGET.result.
run_target() {
  local target=$1 corpus=$scratch/corpus/$1 artifacts=$scratch/artifacts/$1
  local log=$scratch/fuzz-$1.log result=$scratch/fuzz-$1.result code=0 runs size
  mkdir -p "$corpus" "$artifacts"
  cp -n Fuzz/Seeds/"$target"/* "$corpus"/ 2>/dev/null || true
  case $target in
    keymap) cp -n keymaps/*.xkb "$corpus"/ ;;
    keytest) cp -n keymaps/*.keytest "$corpus"/ ;;
  esac
  echo "== fuzz-$target for ${seconds}s" >&2
  "$bin/fuzz-$target" "$corpus" -max_total_time="$seconds" -timeout=20 -max_len=16384 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} >"$log" 2>&1 || code=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  size=$(find "$corpus" -type f | wc -l)
  if ((code != 0)); then
    echo "FAIL  fuzz-$target: exit $code after ${runs:-?} runs; see $log and $artifacts/" >"$result"
    grep -E "ERROR|invariant broken|Fatal error|SUMMARY" "$log" | head -5 >&2 || true
  else
    echo "ok    fuzz-$target: ${runs:-?} runs in ${seconds}s, corpus $size inputs, no crash" >"$result"
  fi
}

for target in "${targets[@]}"; do
  rm -f "$scratch/fuzz-$target.result"
  while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
  run_target "$target" &
done
wait

status=0
for target in "${targets[@]}"; do
  line=$(cat "$scratch/fuzz-$target.result" 2>/dev/null || echo "FAIL  fuzz-$target: no result")
  echo "$line"
  [[ $line == ok* ]] || status=1
done
exit $status
