# Sourced by the picture scripts: installs what the tests need (their daemons and
# compositors) and sets `demo` to the absolute path of a built date-picker-demo:
# DATE_PICKER_DEMO_BINARY when set, else a debug build made now.
scripts/install-deps.sh test
demo=${DATE_PICKER_DEMO_BINARY:-}
if [[ -z "$demo" ]]; then
  swift build --product date-picker-demo
  demo=.build/debug/date-picker-demo
fi
demo=$(realpath "$demo")
