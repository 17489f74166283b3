#!/usr/bin/env bash
# Key-to-pixel latency on Xvfb, Typometer's method: an XTest key press, the client's X damage,
# and the changed pixels found by a shared-memory grab (Benchmarks/Sources/latency-probe).
# Four clients side by side in one run, in interleaved rounds (each round starts every client
# afresh, in a rotated order): the floor (a client that fills a rectangle at once), xterm, a
# GTK 3 entry, and date-picker-demo's Name field in its X11 window (release build).
#
#   scripts/latency-bench.sh [ROUNDS [KEYS]]     (default 3 rounds of 100 keys per client)
#
# Prints a table of medians and 95th percentiles, and the demo's ratio to xterm and GTK 3;
# then time to first frame (process start to the first X damage on its mapped window) and
# resident size a second after it, for the demo, the GTK 3 entry and xterm, over 5
# interleaved starts each (Benchmarks/Sources/startup-probe). Absolute times move with the
# machine's load; the ratios are the result. DATE_PICKER_DEMO_BINARY names another build of
# the demo, to compare before and after a change; LATENCY_CLIENTS="xterm demo" runs only those.
# The client demo-nospell is the demo with spell checking off (--no-spell-checking):
# LATENCY_CLIENTS="demo demo-nospell" measures what checking costs a keystroke, side by side.
#
# LATENCY_CPUS places the processes (taskset; the start-ups share the X server): unset, the
# scheduler places them; "one" runs the X server, the probe and the client on CPU 0, so each
# wakeup is a switch on one CPU; "apart" gives the client (and xterm's cat) CPU 1 and the X
# server and the probe CPU 0, so every message crosses CPUs. On a virtual machine a wakeup on
# an idle CPU can cost more than the client's work, and the scheduler's choice moves a run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/latency-tables.sh

rounds=${1:-3}
keys=${2:-100}
case ${LATENCY_CPUS:-} in
"") server_cpus=() client_cpus=() ;;
one) server_cpus=(taskset -c 0) client_cpus=(taskset -c 0) ;;
apart)
  (($(nproc) >= 2)) || { echo "LATENCY_CPUS=apart needs two CPUs; this machine has $(nproc)" >&2; exit 2; }
  server_cpus=(taskset -c 0) client_cpus=(taskset -c 1)
  ;;
*) echo "LATENCY_CPUS is one or apart, not $LATENCY_CPUS" >&2; exit 2 ;;
esac
scripts/install-deps.sh bench >&2
echo "== build (release)" >&2
for product in latency-probe latency-floor startup-probe; do
  swift build -c release --package-path Benchmarks --product "$product" >&2
done
scripts/build-release.sh date-picker-demo >&2
bin=Benchmarks/.build/release
demo=${DATE_PICKER_DEMO_BINARY:-.build/release/date-picker-demo}
work=$(mktemp -d)
build_gtk3_entry "$work/latency-gtk3-entry"
xvfb_pid=
client_pid=
cleanup() {
  [[ -n "$client_pid" ]] && kill "$client_pid" 2>/dev/null
  [[ -n "$xvfb_pid" ]] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A private Xvfb on a display it picks itself.
exec 3<> <(:)
"${server_cpus[@]}" Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 2>/dev/null &
xvfb_pid=$!
read -r -t 15 number <&3 || { echo "Xvfb did not start" >&2; exit 1; }
export DISPLAY=":$number"
unset WAYLAND_DISPLAY

clients=(${LATENCY_CLIENTS:-floor xterm gtk3 demo})
start_client() {
  case $1 in
  floor) "${client_cpus[@]}" "$bin/latency-floor" & ;;
  xterm) "${client_cpus[@]}" xterm -title latency-xterm -geometry 60x5+0+0 -fa Monospace -fs 11 -e cat & ;;
  gtk3) GTK_THEME=Adwaita NO_AT_BRIDGE=1 "${client_cpus[@]}" "$work/latency-gtk3-entry" & ;;
  demo) "${client_cpus[@]}" "$demo" --backend x11 --locale en_US & ;;
  demo-nospell) "${client_cpus[@]}" "$demo" --backend x11 --locale en_US --no-spell-checking & ;;
  esac
  client_pid=$!
}
probe() {
  local target
  case $1 in
  floor) target=(--name latency-floor) ;;
  xterm) target=(--name latency-xterm --clear ctrl+u) ;;
  gtk3) target=(--name latency-gtk3-entry) ;;
  demo | demo-nospell) target=(--name "Date picker demo" --click 300,84) ;;
  esac
  "${server_cpus[@]}" "$bin/latency-probe" "${target[@]}" --keys "$keys"
}

for ((round = 0; round < rounds; round++)); do
  for ((i = 0; i < ${#clients[@]}; i++)); do
    client=${clients[$(((i + round) % ${#clients[@]}))]}
    echo "== round $((round + 1)): $client" >&2
    start_client "$client" >/dev/null 2>"$work/$client.log"
    if ! probe "$client" >>"$work/$client.ms"; then
      echo "== $client's output:" >&2
      cat "$work/$client.log" >&2
      exit 1
    fi
    kill "$client_pid"
    wait "$client_pid" 2>/dev/null || true
    client_pid=
  done
done

echo "## Key-to-pixel latency (Xvfb; $rounds interleaved rounds of $keys keys per client${LATENCY_CPUS:+; CPUs: $LATENCY_CPUS})"
echo
rows=()
for client in "${clients[@]}"; do
  case $client in
  floor) rows+=("floor=a client that repaints at once (the method's floor)") ;;
  xterm) rows+=("xterm=xterm") ;;
  gtk3) rows+=("gtk3=a GTK 3 entry") ;;
  demo) rows+=("demo=\`date-picker-demo\`, Name field") ;;
  demo-nospell) rows+=("demo-nospell=\`date-picker-demo --no-spell-checking\`, Name field") ;;
  esac
done
latency_rows "$work" "${rows[@]}"
echo
# The ratios of the clients that ran (LATENCY_CLIENTS may leave some out).
awk -v d="${median[demo]:-0}" -v x="${median[xterm]:-0}" -v g="${median[gtk3]:-0}" -v n="${median[demo-nospell]:-0}" 'BEGIN {
  if (d > 0 && n > 0) printf "spell checking on / off: %.3f×   ", d / n
  if (d > 0 && x > 0) printf "demo / xterm: %.2f×   ", d / x
  if (d > 0 && g > 0) printf "demo / GTK 3: %.2f×   ", d / g
  print "(medians; at or below 1.00× against xterm is the goal)" }'

echo
echo "## Start-up (5 interleaved starts each; medians)"
echo
for ((run = 0; run < 5; run++)); do
  "$bin/startup-probe" --name "Date picker demo" -- "$demo" --backend x11 --locale en_US >>"$work/demo.start"
  "$bin/startup-probe" --name latency-gtk3-entry -- env GTK_THEME=Adwaita NO_AT_BRIDGE=1 "$work/latency-gtk3-entry" \
    >>"$work/gtk3.start"
  "$bin/startup-probe" --name latency-xterm -- xterm -title latency-xterm -fa Monospace -fs 11 -e cat \
    >>"$work/xterm.start"
done
startup_rows "$work" "demo=\`date-picker-demo\`" "gtk3=a GTK 3 entry" "xterm=xterm"
