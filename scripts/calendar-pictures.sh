#!/usr/bin/env bash
# Regenerates the README's pictures of the date picker in the user's calendar
# (docs/images/calendars/): Birthday tapped in en_US (Gregorian), fa_IR (Persian),
# ar_SA (Islamic Umm al-Qura), th_TH (Buddhist), he_IL in the Hebrew calendar on
# 10 Adar I 5784 (a leap year: Adar II above it) and ja_JP in the Japanese calendar in the first
# year of Reiwa (元年). Fixed dates and time zone, so that a run with the same
# fonts writes the same pixels. DATE_PICKER_DEMO_BINARY names a built demo to use
# instead of a debug build.
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
images=docs/images/calendars

# name, events file, then the demo's options: --date is always a Gregorian date.
pictures=(
  "en_US birthday --locale en_US --date 2024-02-20"
  "fa_IR birthday --locale fa_IR --date 2024-02-20"
  "ar_SA birthday --locale ar_SA --date 2024-02-20"
  "th_TH birthday --locale th_TH --date 2024-02-20"
  "he_IL-hebrew hebrew-adar --locale he_IL@calendar=hebrew --date 2024-03-20"
  "ja_JP-japanese birthday --locale ja_JP --calendar japanese --date 2019-06-15"
)
for picture in "${pictures[@]}"; do
  read -r name events options <<<"$picture"
  echo "== $name"
  # shellcheck disable=SC2086 # the options are words
  TZ=UTC "$demo" --headless --size 480x436 --scale 2 $options --events "$images/$events.events" \
    --output "$frames/$name" >/dev/null
  cp "$frames/$name/birthday.png" "$images/date-picker-$name.png"
done
ls -l "$images"
