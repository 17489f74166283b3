#!/usr/bin/env bash
# Key event to committed buffer on Wayland: a private headless sway (run as nobody, as sway
# refuses root), keys typed by wtype through sway's virtual keyboard, and each client's own
# protocol log (WAYLAND_DEBUG=client, microsecond timestamps): the time from the
# wl_keyboard.key press event the client received to the first wl_surface.commit of a new
# buffer after it. Three clients in interleaved rounds: foot (a terminal, as xterm is on X11),
# a GTK 3 entry (GDK_BACKEND=wayland) and date-picker-demo's Name field. Then time to first
# frame (process start to the first buffer committed) and resident size a second later.
#
#   scripts/latency-wayland-bench.sh [ROUNDS [KEYS]]     (default 3 rounds of 90 keys per client)
#
# The log costs each client the same few microseconds a message; the ratios are the result.
# DATE_PICKER_DEMO_BINARY names another build of the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/latency-tables.sh

rounds=${1:-3}
keys=${2:-90}
scripts/install-deps.sh bench >&2
scripts/install-deps.sh test >&2
echo "== build (release)" >&2
scripts/build-release.sh date-picker-demo >&2
demo=$(realpath "${DATE_PICKER_DEMO_BINARY:-.build/release/date-picker-demo}")

work=$(mktemp -d)
chmod 755 "$work"
gtk3=$work/latency-gtk3-entry
build_gtk3_entry "$gtk3"
sway_pid=
client_pid=
cleanup() {
  [[ -n "$client_pid" ]] && kill "$client_pid" 2>/dev/null
  [[ -n "$sway_pid" ]] && kill "$sway_pid" 2>/dev/null && wait "$sway_pid" 2>/dev/null
  [[ -n "${KEEP_WORK:-}" ]] || rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/run" "$work/home"
chown 65534:65534 "$work/run" "$work/home"
chmod 700 "$work/run"
cat >"$work/config" <<'CONFIG'
output HEADLESS-1 resolution 1024x768
default_border none
xwayland disable
CONFIG
env -i PATH="$PATH" HOME="$work/home" XDG_RUNTIME_DIR="$work/run" \
  WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  setpriv --reuid=65534 --regid=65534 --clear-groups -- sway -c "$work/config" >"$work/sway.log" 2>&1 &
sway_pid=$!
for _ in $(seq 100); do [[ -S "$work/run/wayland-1" ]] && break; sleep 0.1; done
[[ -S "$work/run/wayland-1" ]] || { cat "$work/sway.log" >&2; echo "sway did not start" >&2; exit 1; }
export WAYLAND_DISPLAY="$work/run/wayland-1" XDG_RUNTIME_DIR="$work/run"
unset DISPLAY
printf 'click name\n' >"$work/focus-name.events"
demo_events=(--events "$work/focus-name.events") # typing goes to the Name field

clients=(foot gtk3 demo)
start_client() { # CLIENT LOG
  case $1 in
  foot) WAYLAND_DEBUG=client foot --override=cursor.blink=no -f "DejaVu Sans Mono:size=11" cat 2>"$2" >/dev/null & ;;
  gtk3) WAYLAND_DEBUG=client GDK_BACKEND=wayland GTK_THEME=Adwaita NO_AT_BRIDGE=1 "$gtk3" 2>"$2" >/dev/null & ;;
  demo) WAYLAND_DEBUG=client "$demo" --backend wayland --locale en_US "${demo_events[@]}" 2>"$2" >/dev/null & ;;
  esac
  client_pid=$!
}
# The client's first buffer: a commit after an attach.
wait_first_frame() {
  for _ in $(seq 150); do
    grep -q 'wl_surface@[0-9]*\.attach' "$1" 2>/dev/null && grep -q 'wl_surface@[0-9]*\.commit' "$1" && return 0
    sleep 0.1
  done
  echo "no frame from the client:" >&2; tail -5 "$1" >&2; return 1
}
letters=(a s d f j k l e i r u t y w o n)
type_keys() { # CLIENT COUNT
  local done=0 chunk word k
  while ((done < $2)); do
    chunk=$(($2 - done < 30 ? $2 - done : 30))
    word=
    for ((k = 0; k < chunk; k++)); do word+=${letters[$(((done + k) % ${#letters[@]}))]}; done
    wtype -d 20 "$word"
    sleep 0.1
    if [[ $1 == foot ]]; then wtype -M ctrl u -m ctrl; else wtype -M ctrl a -m ctrl -k BackSpace; fi
    sleep 0.1
    done=$((done + chunk))
  done
}
# Milliseconds from each key press event (with no modifier held) to the next commit that follows an attach.
latencies() {
  awk '
    match($0, /^\[ *[0-9]+\.[0-9]+\]/) { t = substr($0, 2, RLENGTH - 2) + 0 }
    /wl_keyboard@[0-9]+\.modifiers\(/ { split($0, m, /[(,]/); held = m[3] + 0; next }
    /wl_keyboard@[0-9]+\.key\(/ && /, 1\)$/ { if (!pending && !held) { pressed = t; pending = 1; attached = 0 } ; next }
    pending && /-> wl_surface@[0-9]+\.attach\(/ { attached = 1; next }
    pending && attached && /-> wl_surface@[0-9]+\.commit\(/ { printf "%.3f\n", t - pressed; pending = 0 }
  ' "$1"
}

for ((round = 0; round < rounds; round++)); do
  for ((i = 0; i < ${#clients[@]}; i++)); do
    client=${clients[$(((i + round) % ${#clients[@]}))]}
    echo "== round $((round + 1)): $client" >&2
    log="$work/$client.$round.log"
    start_client "$client" "$log"
    wait_first_frame "$log"
    sleep 0.5
    type_keys "$client" "$keys"
    sleep 0.2
    kill "$client_pid"; wait "$client_pid" 2>/dev/null || true
    client_pid=
    latencies "$log" >>"$work/$client.ms"
  done
done

echo "## Key event to committed buffer (headless sway; $rounds interleaved rounds of $keys keys per client)"
echo
latency_rows "$work" "foot=foot (terminal)" "gtk3=a GTK 3 entry" "demo=\`date-picker-demo\`, Name field"
echo
awk -v d="${median[demo]}" -v f="${median[foot]}" -v g="${median[gtk3]}" \
  'BEGIN { printf "demo / foot: %.2f×   demo / GTK 3: %.2f×   (medians)\n", d / f, d / g }'

echo
echo "## Start-up on Wayland (5 interleaved starts each; medians)"
echo
demo_events=() # started as users start it, as on X11: no field focused, so no caret blinks
for ((run = 0; run < 5; run++)); do
  for client in demo gtk3 foot; do
    log="$work/$client.start.$run.log"
    started=$(date +%s%6N)
    start_client "$client" "$log"
    wait_first_frame "$log"
    sleep 1
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$client_pid/status")
    kill "$client_pid"; wait "$client_pid" 2>/dev/null || true
    client_pid=
    # The log's stamps are the real-time clock's microseconds kept to 32 bits, shown in milliseconds.
    awk -v s="$started" -v r="$rss" '
      match($0, /^\[ *[0-9]+\.[0-9]+\]/) { t = substr($0, 2, RLENGTH - 2) + 0 }
      /-> wl_surface@[0-9]+\.attach\(/ { attached = 1 }
      attached && /-> wl_surface@[0-9]+\.commit\(/ {
        start = (s % 4294967296) / 1000; if (t < start) t += 4294967.296
        printf "first-frame-ms %.1f rss-kib %d\n", t - start, r; exit }' "$log" >>"$work/$client.start"
  done
done
startup_rows "$work" "demo=\`date-picker-demo\`" "gtk3=a GTK 3 entry" "foot=foot"
