#!/usr/bin/env bash
# Installs skelsite so it runs with no checkout:
#   PREFIX/bin/skelsite                   the tool (release build)
#   PREFIX/share/skelsite/Templates       the default theme
#   PREFIX/share/skelsite/skelsite.wasm   the playground's renderer
# The tool finds share/skelsite beside its bin/ folder (TemplateSet, PlaygroundPage).
#
#   scripts/install.sh [--prefix DIR] [--no-build] [--binary FILE] [--wasm FILE]
#
# --prefix DIR   where to install (default /usr/local)
# --no-build     install what is already built (.build/release/skelsite and
#                .build-wasm/skelsite.wasm) instead of building it first
# --binary FILE  install this skelsite executable (implies no build of the tool)
# --wasm FILE    install this module (implies no build of the module)
#
# Uninstall: rm -f PREFIX/bin/skelsite && rm -rf PREFIX/share/skelsite
# (README.md, "Install"). At run time the tool needs cmark-gfm's libraries
# (scripts/setup.sh) and the Swift runtime of the toolchain that built it: Foundation
# linked statically would need libcurl's static library, which Debian does not ship.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
build=1
binary=""
wasm=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --no-build) build=0; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 2; }; binary=$2; shift 2 ;;
    --wasm) [ $# -ge 2 ] || { echo "install.sh: --wasm needs a file" >&2; exit 2; }; wasm=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

if [ -z "$binary" ]; then
  if [ "$build" = 1 ]; then
    echo "== swift build -c release --product skelsite" >&2
    swift build -c release --product skelsite >&2
  fi
  binary=.build/release/skelsite
fi
if [ -z "$wasm" ]; then
  if [ "$build" = 1 ]; then
    echo "== scripts/build-wasm.sh .build-wasm" >&2
    scripts/build-wasm.sh .build-wasm >&2
  fi
  wasm=.build-wasm/skelsite.wasm
fi
[ -x "$binary" ] || { echo "install.sh: $binary: error: no skelsite executable (build it, or drop --no-build)" >&2; exit 2; }
[ -f "$wasm" ] || { echo "install.sh: $wasm: error: no skelsite.wasm (scripts/build-wasm.sh, or drop --no-build)" >&2; exit 2; }
[ -f Templates/page.mustache ] || { echo "install.sh: error: run from a skelsite checkout (no Templates/)" >&2; exit 2; }

share="$prefix/share/skelsite"
mkdir -p "$prefix/bin" "$share"
# Replace the theme whole, so files removed from it do not linger.
rm -rf "$share/Templates.new"
cp -R Templates "$share/Templates.new"
rm -rf "$share/Templates"
mv "$share/Templates.new" "$share/Templates"
install -m 0644 "$wasm" "$share/skelsite.wasm"
install -m 0755 "$binary" "$prefix/bin/skelsite.new"
mv -f "$prefix/bin/skelsite.new" "$prefix/bin/skelsite"
echo "installed $prefix/bin/skelsite, $share/Templates and $share/skelsite.wasm" >&2
# Earlier installs put a WebKit screenshot encoder here; verify no longer preloads one.
rm -f "$prefix/lib/skelsite/libSkelsitePNGWriteSpeed.so"
rmdir "$prefix/lib/skelsite" 2>/dev/null || true
"$prefix/bin/skelsite" --version
