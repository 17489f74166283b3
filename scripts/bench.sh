#!/usr/bin/env bash
# The benchmarks, every figure with its ratio to C measured in the same run.
# This is the one command behind Benchmarks/README.md:
#
#   scripts/bench.sh            (about 12 minutes on 2 cores, after the first build)
#
# Sections: key events (instructions with callgrind, ns and allocations in
# process), keymap compile and cache, the CLI against C programs doing the
# same work, keymap test suites, a keystroke in a growing text view, memory, key-to-pixel
# latency and start-up beside xterm and GTK 3 on X11 (scripts/latency-bench.sh) and beside foot and
# GTK 3 on Wayland (scripts/latency-wayland-bench.sh). Not part of CI (scripts/test.sh).
# Set BENCH_QUICK=1 for a shorter run with fewer events (figures less stable).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=${BENCH_QUICK:-0}
if [[ $quick == 1 ]]; then
  events=5000 time_events=20000 rounds=5 tokens=100000 cli_tokens=20000 rss_events=1000000 runs=3
else
  events=20000 time_events=100000 rounds=11 tokens=1000000 cli_tokens=100000 rss_events=10000000 runs=7
fi

scripts/install-deps.sh bench
echo "== build (release)" >&2
swift build -c release --package-path Benchmarks --product keyinput-bench >&2
swift build -c release --package-path Benchmarks --product c-type >&2
swift build -c release --package-path Benchmarks --product text-bench >&2
swift build -c release --package-path Benchmarks --product ime-bench >&2
swift build -c release --package-path Benchmarks --product keyinput >&2
bin=Benchmarks/.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# KeyInputKit benchmarks"
echo "machine: $(nproc) cores, $(awk '/model name/ {sub(/.*: /, ""); print; exit}' /proc/cpuinfo);" \
  "$(swift --version 2>&1 | head -1 | sed 's/ (swift-.*//');" \
  "libxkbcommon $(pkg-config --modversion xkbcommon); $(. /etc/os-release && echo "$PRETTY_NAME")"
echo

echo "## Key events: the fixed-seed mix"
"$bin/keyinput-bench" verify-mix
echo

echo "## Key events: cost per event, ratio to the C baseline of the same layout and compose setting"
scripts/bench-instructions.sh "$events" >"$work/instructions" 2>"$work/instructions.log" ||
  { cat "$work/instructions.log" >&2; exit 1; }
"$bin/keyinput-bench" time --events "$time_events" --rounds "$rounds" >"$work/time"
awk '
  FNR == 1 { file++ }
  file == 1 && $1 ~ /\// { instr[$1] = $2; instr_ratio[$1] = $3; order[++n] = $1 }
  file == 2 && $1 ~ /\// { ns[$1] = $2; ns_ratio[$1] = $3; allocs[$1] = $4 }
  END {
    printf "| %-20s | %12s | %7s | %9s | %7s | %13s |\n", "path/layout/compose", "instr/event", "x C", "ns/event", "x C", "allocs/event"
    printf "|%s|%s|%s|%s|%s|%s|\n", "----------------------", "-------------:", "--------:", "----------:", "--------:", "--------------:"
    for (i = 1; i <= n; i++) {
      c = order[i]
      printf "| %-20s | %12s | %7s | %9s | %7s | %13s |\n", c, instr[c], instr_ratio[c], ns[c], ns_ratio[c], allocs[c]
    }
  }' "$work/instructions" "$work/time"
echo "(instructions: callgrind, ${events} warm events; ns: median of ${rounds} rounds of ${time_events} events; allocations: every malloc of the process)"
echo

echo "## Keymap compile and the keymap cache"
"$bin/keyinput-bench" compile
echo

echo "## keyinput type --input FILE, ${tokens} tokens, against c-type (C, the same work and output)"
"$bin/keyinput-bench" tokens "$tokens" >"$work/tokens.txt"
for layout in us de; do
  "$bin/keyinput" type --layout "$layout" --no-compose --input "$work/tokens.txt" >"$work/swift-$layout.out"
  "$bin/c-type" --layout "$layout" "$work/tokens.txt" >"$work/c-$layout.out"
  if cmp -s "$work/swift-$layout.out" "$work/c-$layout.out"; then
    echo "$layout: outputs identical ($(wc -l <"$work/c-$layout.out") lines)"
  else
    echo "$layout: OUTPUTS DIFFER"; diff "$work/swift-$layout.out" "$work/c-$layout.out" | head -5
  fi
done
# Wall time: each pair run one after the other, ${runs} times, so that a busy machine slows both alike.
python3 - "$runs" "$bin" "$work/tokens.txt" <<'PY'
import statistics, subprocess, sys, time
runs, bin, tokens = int(sys.argv[1]), sys.argv[2], sys.argv[3]
pairs = [
    ("keyinput type (us)", [f"{bin}/keyinput", "type", "--layout", "us", "--no-compose", "--input", tokens],
     "c-type (us)", [f"{bin}/c-type", "--layout", "us", tokens]),
    ("keyinput type --text (de, compose)",
     [f"{bin}/keyinput", "type", "--text", "--layout", "de", "--compose", "en_US.UTF-8", "--input", tokens],
     "c-type --text (de, compose)", [f"{bin}/c-type", "--text", "--layout", "de", "--compose", "en_US.UTF-8", tokens]),
]
def wall(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start
for swift_name, swift, c_name, c in pairs:
    wall(swift), wall(c)  # warm-up: files in the page cache
    times = [(wall(swift), wall(c)) for _ in range(runs)]
    s = statistics.median(t[0] for t in times)
    k = statistics.median(t[1] for t in times)
    ratio = statistics.median(t[0] / t[1] for t in times)
    print(f"{swift_name}: median {s:.3f} s; {c_name}: median {k:.3f} s; ratio {ratio:.2f} (median of {runs} pairs)")
PY
# Instructions: the stable figure (valgrind 3.19 needs the copies without DWARF).
head -n "$cli_tokens" "$work/tokens.txt" >"$work/tokens-callgrind.txt"
objcopy --strip-debug "$bin/keyinput" "$work/keyinput"
objcopy --strip-debug "$bin/c-type" "$work/c-type"
instructions() { # OUTPUT COMMAND… → the instruction count in OUTPUT
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "${@:2}" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p' >"$1"
}
instructions "$work/i1" "$work/keyinput" type --layout us --no-compose --input "$work/tokens-callgrind.txt" &
instructions "$work/i2" "$work/c-type" --layout us "$work/tokens-callgrind.txt" &
wait
instructions "$work/i3" "$work/keyinput" type --text --layout de --compose en_US.UTF-8 --input "$work/tokens-callgrind.txt" &
instructions "$work/i4" "$work/c-type" --text --layout de --compose en_US.UTF-8 "$work/tokens-callgrind.txt" &
wait
awk -v n="$cli_tokens" -v a="$(cat "$work/i1")" -v b="$(cat "$work/i2")" -v c="$(cat "$work/i3")" -v d="$(cat "$work/i4")" 'BEGIN {
  printf "instructions on the first %d tokens: keyinput type (us) %.0f M, c-type %.0f M, ratio %.2f;", n, a / 1e6, b / 1e6, a / b
  printf " --text (de, compose) %.0f M, c-type %.0f M, ratio %.2f\n", c / 1e6, d / 1e6, c / d
}'
for pair in "keyinput type --layout us --no-compose --input" "c-type --layout us"; do
  set -- $pair
  command=("$bin/$1" "${@:2}" "$work/tokens.txt")
  /usr/bin/time -f "peak RSS %M KiB, CPU %U s user %S s system: $pair" "${command[@]}" >/dev/null 2>"$work/time.log" || true
  tail -1 "$work/time.log"
done
echo

echo "## keyinput test: 10,000 cases on one keymap"
"$bin/keyinput-bench" keytest 10000 >"$work/cases.keytest"
/usr/bin/time -f "CPU %U s user + %S s system, wall %e s, peak RSS %M KiB" "$bin/keyinput" test "$work/cases.keytest" 2>"$work/time.log" | tail -1
tail -1 "$work/time.log"
"$bin/keyinput-bench" test-run "$work/cases.keytest"
echo

echo "## keyinput test: the letter keys of every layout and variant in the registry"
mkdir -p "$work/registry"
"$bin/keyinput-bench" registry-keytest "$work/registry"
/usr/bin/time -f "CPU %U s user + %S s system, wall %e s, peak RSS %M KiB" "$bin/keyinput" test "$work/registry" 2>"$work/time.log" | tail -1 || true
tail -1 "$work/time.log"
"$bin/keyinput-bench" test-run "$work/registry"
echo

echo "## Text: a keystroke in a TextView as the text grows (Pango, wrapping, full-window draw)"
"$bin/text-bench"
echo

echo "## Input methods: key to text with none, and through ibus-daemon (a private D-Bus session)"
if command -v ibus-daemon >/dev/null && command -v dbus-run-session >/dev/null; then
  ime_home="$work/ime-home"
  mkdir -p "$ime_home"
  HOME="$ime_home" XDG_CONFIG_HOME="$ime_home/config" XDG_CACHE_HOME="$ime_home/cache" DISPLAY= \
    dbus-run-session -- sh -c 'ibus-daemon --daemonize --panel=disable --emoji-extension=disable \
      --config=/usr/libexec/ibus-memconf; sleep 1; ibus engine xkb:us::eng 2>/dev/null; "$0"; ibus exit' \
    "$bin/ime-bench" 2>/dev/null
else
  echo "ibus-daemon is not installed (scripts/install-deps.sh test): only the route without one"
  "$bin/ime-bench"
fi
echo

echo "## Memory: resident size over ${rss_events} events through the full route"
"$bin/keyinput-bench" rss --events "$rss_events" route/us/compose | tail -1
echo

# Key to pixels and start-up against xterm and a GTK 3 entry, on a private Xvfb.
# The same on Wayland: key event to committed buffer beside foot and a GTK 3 entry, on a private sway.
if [[ $quick == 1 ]]; then
  scripts/latency-bench.sh 1 100
  echo
  scripts/latency-wayland-bench.sh 1 90
else
  scripts/latency-bench.sh 3 100
  echo
  scripts/latency-wayland-bench.sh 3 100
fi
