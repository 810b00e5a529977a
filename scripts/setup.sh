#!/usr/bin/env bash
# Installs what skelsite needs on a fresh Debian machine that has the Swift toolchain,
# only when it is missing.  Usage: scripts/setup.sh [--for build|test|bench]
#   build: cmark-gfm (Markdown), binaryen (wasm-opt for the playground's module)
#   test:  + chromium (verify, gallery and playground tests), firefox-esr and
#          webkit2gtk-driver with xvfb and xauth (verify in Firefox and WebKit), node (the
#          wasm module's JavaScript tests), python oracles pinned in scripts/oracle/requirements.txt,
#          default-jre-headless (the Nu Html Checker of scripts/check-pages.sh),
#          node-react, node-react-dom and node-typescript (the React export's tests)
#   bench: + hugo, skia-python and pyoxipng
set -euo pipefail
purpose=${2:-build}
[ "${1:-}" = "--for" ] || purpose=${1:-build}

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

apt_missing=()
need_pkg() { dpkg -s "$1" >/dev/null 2>&1 || apt_missing+=("$1"); }
need_pkg libcmark-gfm-dev
need_pkg libcmark-gfm-extensions-dev
# wasm-opt: scripts/build-wasm.sh shrinks the playground's module with it.
need_pkg binaryen
if [ "$purpose" = test ] || [ "$purpose" = bench ]; then
  need_pkg chromium
  # verify --browser all: Firefox over Marionette, WebKitGTK's MiniBrowser over its
  # WebDriver on a virtual X display.
  need_pkg firefox-esr
  need_pkg webkit2gtk-driver
  need_pkg xvfb
  need_pkg xauth
  # The content samples' text (fit, capture) is laid out in Debian's default sans-serif,
  # named here so no other font package decides the line breaks the drafts are pinned to.
  need_pkg fonts-dejavu-core
  need_pkg python3-pip
  # java for vnu.jar, the Nu Html Checker (scripts/check-pages.sh).
  command -v java >/dev/null 2>&1 || need_pkg default-jre-headless
  # The toolchain image ships node 20; Debian's nodejs (18) runs the tests too.
  command -v node >/dev/null 2>&1 || need_pkg nodejs
  # export --format react/npm tests: React renders each component (react-dom/server)
  # after TypeScript transpiles the JSX and checks the declarations (WebExportTests).
  need_pkg node-react
  need_pkg node-react-dom
  need_pkg node-typescript
fi
if [ "$purpose" = bench ]; then need_pkg hugo; fi
if [ ${#apt_missing[@]} -gt 0 ]; then
  echo "setup: installing ${apt_missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_missing[@]}" >/dev/null
fi

# Python oracles: exact versions from scripts/oracle/requirements.txt (exact-count tests
# depend on them); anything missing or at another version is installed from that file.
pip_args=()
if [ "$purpose" = test ] || [ "$purpose" = bench ]; then
  if ! python3 scripts/oracle/check_requirements.py scripts/oracle/requirements.txt; then
    pip_args+=(-r scripts/oracle/requirements.txt)
  fi
fi
if [ "$purpose" = bench ]; then
  python3 -c "import skia" >/dev/null 2>&1 || pip_args+=(skia-python)
  # SkeletonBench png's oxipng rows (scripts/bench/png_peers.py).
  python3 -c "import oxipng" >/dev/null 2>&1 || pip_args+=(pyoxipng==9.1.1)
fi
if [ ${#pip_args[@]} -gt 0 ]; then
  echo "setup: pip installing ${pip_args[*]}" >&2
  # Debian's own python3 refuses pip installs (PEP 668) unless told; a failure of the
  # install itself is shown and stops setup.
  pip_flags=(-q)
  if python3 -c 'import sys, sysconfig, os; sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'; then
    pip_flags+=(--break-system-packages)
  fi
  python3 -m pip install "${pip_flags[@]}" "${pip_args[@]}"
  python3 scripts/oracle/check_requirements.py scripts/oracle/requirements.txt
fi
