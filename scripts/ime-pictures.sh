#!/usr/bin/env bash
# Writes the README's input-method pictures: the demo in an X window (Xvfb) with
# ibus-daemon in a private D-Bus session and private folders, Korean through
# ibus-hangul and Vietnamese through ibus-m17n (vi:telex), each with a word still
# being composed (underlined). docs/images/ime/*.events hold the keys.
# DATE_PICKER_DEMO_BINARY names a built demo to use instead of a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/picture-demo.sh
work=$(mktemp -d)
cleanup() {
  [[ -n ${xvfb:-} ]] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
images=docs/images/ime

exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [[ -s "$work/display" ]] && break; sleep 0.1; done
display=":$(head -1 "$work/display")"

picture() {  # engine events frame
  local home="$work/$1"
  mkdir -p "$home/config/glib-2.0/settings"
  # ibus-hangul starts in Latin mode unless its settings say Hangul.
  printf "[org/freedesktop/ibus/engine/hangul]\ninitial-input-mode='hangul'\n" \
    >"$home/config/glib-2.0/settings/keyfile"
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" GSETTINGS_BACKEND=keyfile \
    DISPLAY= TZ=UTC dbus-run-session -- sh -c '
      ibus-daemon --daemonize --panel=disable --emoji-extension=disable --config=/usr/libexec/ibus-memconf
      # `ibus address` prints (null) until the daemon wrote its address file.
      for _ in $(seq 100); do [ "$(ibus address)" != "(null)" ] && break; sleep 0.1; done
      ibus engine "$1" 2>/dev/null || true
      # The window stays open after its events: stop it once the frame is written.
      IBUS_ADDRESS=$(ibus address) "$2" --display "$3" --date 2026-03-29 --locale en_US --scale 2 \
        --events "$4" --output "$5" >/dev/null 2>"$5.log" &
      pid=$!
      for _ in $(seq 200); do [ -s "$5/$6.png" ] && break; sleep 0.1; done
      kill "$pid"; wait "$pid" || true
      grep -q "connected to the input method" "$5.log" || { cat "$5.log" >&2; echo "the demo found no IBus" >&2; exit 1; }
      ibus exit' sh "$1" "$demo" "$display" "$2" "$work/frames" "$3"
  cp "$work/frames/$3.png" "$images/date-picker-demo-$3.png"
}

picture hangul "$images/korean.events" ime-korean
picture m17n:vi:telex "$images/vietnamese.events" ime-vietnamese
ls -l "$images"
