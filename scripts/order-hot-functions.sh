#!/usr/bin/env bash
# Writes Linking/hot-functions.order: the functions date-picker-demo and keyinput run while
# typing and while starting, found by running them under callgrind (typing on X11 and on
# Wayland, start-up, a few keyinput commands). lld lays these out first (Package.swift), so
# the code a keystroke or a start touches shares a few pages instead of being spread over the
# whole program: fewer page faults, less resident memory (Benchmarks/README.md).
# Rerun it after large changes to start-up or the key path; names that no longer exist are
# skipped by the linker, so a stale list costs only its effect.
#
#   scripts/order-hot-functions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh bench >&2
scripts/build-release.sh keyinput date-picker-demo >&2

work=$(mktemp -d)
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [[ -n "${KEEP_WORK:-}" ]] && echo "work files kept in $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

# Valgrind 3.19 cannot read the toolchain's DWARF 5; the symbol table is all it needs.
for program in keyinput date-picker-demo; do
  objcopy --strip-debug ".build/release/$program" "$work/$program"
done
callgrind=(valgrind --tool=callgrind --demangle=no --dump-instr=no --compress-strings=no)
dump() { callgrind_control -d "$1" >/dev/null; } # PID: a profile of what ran since the last one
stop() { # PID: the last dump, then the end of the program
  dump "$1"
  kill "$1"
  wait "$1" 2>/dev/null || true
}
wait_for() { # WHAT COMMAND...: retries COMMAND for up to 60 s (programs run 50x slower here)
  local what=$1
  shift
  for _ in $(seq 600); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "error: no $what within 60 s" >&2
  exit 1
}

echo "== X11: start-up, then typing in the Name field" >&2
exec 3<> <(:)
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 2>/dev/null &
pids+=($!)
read -r -t 15 number <&3 || { echo "error: Xvfb did not start" >&2; exit 1; }
DISPLAY=":$number" "${callgrind[@]}" --callgrind-out-file="$work/x11.out" \
  "$work/date-picker-demo" --backend x11 --locale en_US >/dev/null 2>"$work/x11.log" &
demo=$!
wait_for "window on Xvfb" env DISPLAY=":$number" xdotool search --name "Date picker demo"
sleep 3
dump "$demo" # x11.out.1: start-up
export DISPLAY=":$number"
xdotool mousemove 300 84 click 1
sleep 1
for word in hello world ÄéĲ; do xdotool type --delay 100 "$word"; sleep 0.5; done
xdotool key BackSpace BackSpace Left Right shift+Left
sleep 1
stop "$demo" # x11.out.2: typing
unset DISPLAY

echo "== Wayland (headless sway): start-up, then typing in the Name field" >&2
mkdir -p "$work/run" "$work/home"
chown 65534:65534 "$work/run" "$work/home"
chmod 700 "$work/run"
printf 'output HEADLESS-1 resolution 1024x768\ndefault_border none\nxwayland disable\n' >"$work/sway.config"
env -i PATH="$PATH" HOME="$work/home" XDG_RUNTIME_DIR="$work/run" \
  WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
  setpriv --reuid=65534 --regid=65534 --clear-groups -- sway -c "$work/sway.config" >/dev/null 2>&1 &
pids+=($!)
wait_for "sway socket" test -S "$work/run/wayland-1"
export WAYLAND_DISPLAY="$work/run/wayland-1" XDG_RUNTIME_DIR="$work/run"
printf 'click name\n' >"$work/focus-name.events"
WAYLAND_DEBUG=client "${callgrind[@]}" --callgrind-out-file="$work/wayland.out" \
  "$work/date-picker-demo" --backend wayland --locale en_US --events "$work/focus-name.events" \
  >/dev/null 2>"$work/wayland.log" &
demo=$!
wait_for "first frame on sway" grep -q 'wl_surface@[0-9]*\.commit' "$work/wayland.log"
sleep 3
dump "$demo" # wayland.out.1: start-up
for word in hello world ÄéĲ; do wtype -d 100 "$word"; sleep 0.5; done
wtype -k BackSpace -k BackSpace -k Left -k Right
sleep 1
stop "$demo" # wayland.out.2: typing
unset WAYLAND_DISPLAY

echo "== keyinput: type, how-to-type, test" >&2
"${callgrind[@]}" --callgrind-out-file="$work/keyinput-type.out" \
  "$work/keyinput" type --layout de --compose en_US.UTF-8 KEY_EQUAL KEY_E KEY_Y KEY_Z >/dev/null 2>&1
"${callgrind[@]}" --callgrind-out-file="$work/keyinput-how.out" \
  "$work/keyinput" how-to-type --layout fr "çé" >/dev/null 2>&1
"${callgrind[@]}" --callgrind-out-file="$work/keyinput-test.out" "$work/keyinput" test keymaps/ >/dev/null 2>&1

# The functions of PROGRAM in the profiles given, each once, in the order given.
functions_of() { # PROGRAM PROFILE...
  awk -v program="/$1" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ && substr(object, length(object) - length(program) + 1) == program {
      name = substr($0, 4)
      if (name !~ /^0x/ && !(name in seen)) { seen[name] = 1; print name }
    }' "${@:2}"
}
typing=("$work/x11.out.2" "$work/wayland.out.2")
{
  echo "# Written by scripts/order-hot-functions.sh: the functions lld lays out first, hottest first."
  functions_of date-picker-demo "${typing[@]}" \
    "$work/x11.out.1" "$work/wayland.out.1" "$work/x11.out" "$work/wayland.out"
  functions_of keyinput "$work"/keyinput-*.out
} | awk '!seen[$0]++' >"$work/order"
typed=$(functions_of date-picker-demo "${typing[@]}" | wc -l)
mkdir -p Linking
mv "$work/order" Linking/hot-functions.order
# SwiftPM does not know the link reads the list: the next build links the programs again.
rm -f .build/release/keyinput .build/release/date-picker-demo
count=$(($(wc -l <Linking/hot-functions.order) - 1))
echo "Linking/hot-functions.order: $count functions, the first $typed of them run while typing"
