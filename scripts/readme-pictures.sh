#!/usr/bin/env bash
# Regenerates the demo's pictures (the README's and the article Running the demo's)
# from its own headless frames:
# the built-in session, a long press by touch, a key held on the on-screen keyboard, the edit
# menu and the emoji picker, the short window, and text typed in Arabic, Hindi and
# Japanese with their layouts (docs/images/text/*.events), and the date picker in six
# calendars (scripts/calendar-pictures.sh). Fixed date, locale
# and time zone, so that a run with the same fonts writes the same pixels.
# DATE_PICKER_DEMO_BINARY names a built demo to use instead of a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh build
demo=${DATE_PICKER_DEMO_BINARY:-}
if [[ -z "$demo" ]]; then
  swift build --product date-picker-demo
  demo=.build/debug/date-picker-demo
fi
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT
images=docs/images
run() { TZ=UTC "$demo" --headless --date 2026-03-29 "$@" >/dev/null; }

echo "== the built-in session"
run --locale en_US --output "$frames/session"
for name in 02-name-keyboard 04-birthday-typed 05-quantity-number-pad 06-notes-selection 07-saved; do
  cp "$frames/session/$name.png" "$images/date-picker-demo-$name.png"
done

echo "== by touch: a long press in Notes"
run --locale en_US --events "$images/touch-handles.events" --output "$frames/touch"
cp "$frames/touch/notes-touch-handles.png" "$images/date-picker-demo-08-notes-touch-handles.png"

echo "== by touch: a finger held on a key of the on-screen keyboard"
run --locale en_US --events "$images/touch-keyboard.events" --output "$frames/keyboard"
cp "$frames/keyboard/name-keyboard-alternates.png" "$images/date-picker-demo-09-keyboard-alternates.png"

echo "== the edit menu on a misspelt word, and the emoji picker searched in French"
run --locale en_US --events "$images/edit-menu.events" --output "$frames/menu"
cp "$frames/menu/name-edit-menu.png" "$images/date-picker-demo-10-edit-menu.png"
run --locale fr_FR --layout fr --events "$images/emoji-picker.events" --output "$frames/emoji"
cp "$frames/emoji/name-emoji-picker.png" "$images/date-picker-demo-11-emoji-picker.png"

echo "== a short window"
run --locale en_US --size 480x420 --events "$images/short-window.events" --output "$frames/short"
cp "$frames/short/short-window.png" "$images/date-picker-demo-short-window.png"

echo "== text typed with Arabic, Hindi and Japanese layouts"
run --locale ar_EG --layout ara --scale 2 --events "$images/text/arabic.events" --output "$frames/text"
run --locale hi_IN --layout in --scale 2 --events "$images/text/hindi.events" --output "$frames/text"
run --locale ja_JP --layout jp --variant kana --scale 2 --events "$images/text/japanese.events" --output "$frames/text"
for name in arabic hindi japanese; do
  cp "$frames/text/text-$name.png" "$images/text/date-picker-demo-$name.png"
done

echo "== the date picker in six calendars"
DATE_PICKER_DEMO_BINARY="$demo" scripts/calendar-pictures.sh >/dev/null

ls -l "$images" "$images/text" "$images/calendars"
