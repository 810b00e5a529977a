#!/usr/bin/env bash
# Installs what skelsite needs on a fresh Debian machine that has the Swift toolchain,
# only when it is missing.  Usage: scripts/setup.sh [--for build|test|bench]
#   build: cmark-gfm (Markdown)
#   test:  + chromium (verify, gallery and playground tests), node (the wasm module's
#          JavaScript tests), python oracles (Pillow, pixelmatch, pybind11-pixelmatch, numpy)
#   bench: + hugo and skia-python
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
  # The toolchain image ships node 20; Debian's nodejs (18) runs the tests too.
  command -v node >/dev/null 2>&1 || need_pkg nodejs
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
  # The diff oracle test compares exact counts with both pixelmatch ports; without
  # them it would be skipped, so the test command installs them.
  need_py pixelmatch pixelmatch
  need_py pybind11_pixelmatch pybind11-pixelmatch
  need_py numpy numpy
fi
if [ "$purpose" = bench ]; then
  need_py skia skia-python
fi
if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "setup: pip installing ${pip_missing[*]}" >&2
  python3 -m pip install -q "${pip_missing[@]}" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "${pip_missing[@]}"
fi
