#!/usr/bin/env bash
# Installs what skelsite needs on a fresh Debian machine that has the Swift toolchain,
# only when it is missing.  Usage: scripts/setup.sh [--for build|test|bench]
#   build: cmark-gfm (Markdown)
#   test:  + chromium (verify and playground tests), python oracles (Pillow, pixelmatch)
#   bench: + hugo and the Python peers (skia-python, pybind11-pixelmatch)
set -euo pipefail
purpose=${2:-build}
[ "${1:-}" = "--for" ] || purpose=${1:-build}

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

apt_missing=()
need_pkg() { dpkg -s "$1" >/dev/null 2>&1 || apt_missing+=("$1"); }
need_pkg libcmark-gfm-dev
need_pkg libcmark-gfm-extensions-dev
if [ "$purpose" = test ] || [ "$purpose" = bench ]; then
  need_pkg chromium
  need_pkg python3-pip
fi
if [ "$purpose" = bench ]; then need_pkg hugo; fi
if [ ${#apt_missing[@]} -gt 0 ]; then
  echo "setup: installing ${apt_missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_missing[@]}" >/dev/null
fi

pip_missing=()
need_py() { python3 -c "import $1" >/dev/null 2>&1 || pip_missing+=("$2"); }
if [ "$purpose" = test ] || [ "$purpose" = bench ]; then
  need_py PIL pillow
  need_py pixelmatch pixelmatch
fi
if [ "$purpose" = bench ]; then
  need_py skia skia-python
  need_py pybind11_pixelmatch pybind11-pixelmatch
fi
if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "setup: pip installing ${pip_missing[*]}" >&2
  python3 -m pip install -q "${pip_missing[@]}" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "${pip_missing[@]}"
fi
