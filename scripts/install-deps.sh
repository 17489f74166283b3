#!/usr/bin/env bash
# Installs the Debian packages KeyInputKit needs, only those that are missing.
# Usage: scripts/install-deps.sh [build|test|bench|all]   (default: build)
set -euo pipefail

build_packages=(pkg-config libxkbcommon-dev libxkbregistry-dev xkb-data libx11-data
  libcairo2-dev libxcb1-dev libxcb-xkb-dev libxcb-xinput-dev libxkbcommon-x11-dev libpango1.0-dev
  fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-droid-fallback fonts-noto-color-emoji libglib2.0-dev
  libwayland-dev wayland-protocols libdecor-0-dev libdecor-0-plugin-1-cairo libicu-dev
  libenchant-2-dev hunspell-en-us unicode-data unicode-cldr-core iso-codes x11-xkb-utils)
test_packages=(gcc libc6-dev xvfb xdotool x11-apps x11-utils xclip xsel
  at-spi2-core gir1.2-atspi-2.0 python3-pyatspi orca speech-dispatcher speech-dispatcher-espeak-ng espeak-ng
  dbus ibus ibus-m17n ibus-hangul fcitx5 fcitx5-hangul fcitx5-modules fonts-nanum
  sway grim wl-clipboard adwaita-icon-theme squeekboard
  mutter xwayland pipewire pipewire-bin wireplumber gstreamer1.0-pipewire gstreamer1.0-tools
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good kwin-wayland kwin-style-breeze
  hunspell-de-de hunspell-fr)
bench_packages=(gcc libc6-dev valgrind time binutils python3
  libx11-dev libxtst-dev libxdamage-dev libxext-dev libgtk-3-dev xvfb xterm xdotool sway foot wtype
  libxkbcommon-tools bc)

case "${1:-build}" in
  build) wanted=("${build_packages[@]}") ;;
  test) wanted=("${build_packages[@]}" "${test_packages[@]}") ;;
  bench) wanted=("${build_packages[@]}" "${bench_packages[@]}") ;;
  all) wanted=("${build_packages[@]}" "${test_packages[@]}" "${bench_packages[@]}") ;;
  *) echo "usage: $0 [build|test|bench|all]" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "Installing: ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then sudo_cmd=(sudo); else
    echo "error: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
