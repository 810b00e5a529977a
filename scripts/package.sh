#!/usr/bin/env bash
# Writes the release archive skelsite-VERSION-linux-ARCH.tar.gz: one self-contained
# `skelsite` (the Swift runtime, Foundation and cmark-gfm linked statically; the default
# theme and the playground's WebAssembly module inside it), LICENSE, README.md and the
# shell completions. It runs on Debian or Ubuntu with no Swift toolchain
# (site/getting-started.md, "Install").
#
#   scripts/package.sh [--output DIR] [--binary FILE] [--wasm FILE]
#
# --output DIR   where the archive goes (default dist/); its path is the last line printed
# --binary FILE  package this executable instead of building the static release one
#                (the tests use their debug build: quick, but it needs the toolchain)
# --wasm FILE    package this module instead of building it (scripts/build-wasm.sh), with
#                the skelsite-exporters.wasm beside it
#
# The same checkout and toolchain give the same archive, byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
binary=""
wasm=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || { echo "package.sh: --output needs a folder" >&2; exit 2; }; output=$2; shift 2 ;;
    --output=*) output=${1#--output=}; shift ;;
    --binary) [ $# -ge 2 ] || { echo "package.sh: --binary needs a file" >&2; exit 2; }; binary=$2; shift 2 ;;
    --wasm) [ $# -ge 2 ] || { echo "package.sh: --wasm needs a file" >&2; exit 2; }; wasm=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
step() { echo "== $*" >&2; }

if [ -z "$binary" ] || [ -z "$wasm" ]; then
  step "setup (what the build needs)"
  scripts/setup.sh --for build >&2
fi

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
if [ -z "$binary" ]; then
  # cmark-gfm linked statically: a folder holding only Debian's archives comes first in
  # the linker's search, so `-lcmark-gfm` finds the .a before the system's .so.
  libs=.build-static/static-libs
  mkdir -p "$libs"
  for lib in libcmark-gfm libcmark-gfm-extensions; do
    archive=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/$lib.a
    [ -f "$archive" ] || { echo "package.sh: $archive: error: missing (libcmark-gfm-dev ships it)" >&2; exit 2; }
    ln -sf "$archive" "$libs/$lib.a"
  done
  step "swift build -c release --static-swift-stdlib --product skelsite (.build-static)"
  swift build -c release --static-swift-stdlib --product skelsite --scratch-path .build-static \
    -Xlinker -L"$PWD/$libs" >&2
  # Without its debug information: a third of the file, and nothing a user runs needs it.
  strip -o .build-static/release/skelsite.stripped .build-static/release/skelsite
  binary=.build-static/release/skelsite.stripped
  built="release, Swift runtime, Foundation and cmark-gfm linked statically"
else
  built="from $(basename "$binary") as given to package.sh --binary"
fi
if [ -z "$wasm" ]; then
  step "scripts/build-wasm.sh .build-wasm"
  scripts/build-wasm.sh .build-wasm >&2
  wasm=.build-wasm/skelsite.wasm
fi
[ -x "$binary" ] || { echo "package.sh: $binary: error: no skelsite executable" >&2; exit 2; }
[ -f "$wasm" ] || { echo "package.sh: $wasm: error: no skelsite.wasm" >&2; exit 2; }
# The playground's second module (its SwiftUI, React and web-component exporters) sits
# beside the core module, where scripts/build-wasm.sh writes both.
exporters=$(dirname "$wasm")/skelsite-exporters.wasm
[ -f "$exporters" ] || { echo "package.sh: $exporters: error: no skelsite-exporters.wasm beside $wasm" >&2; exit 2; }

version=$("$binary" --version | head -n 1 | sed 's/^skelsite //')
arch=$(uname -m)
name=skelsite-$version-linux-$arch
swift_version=$("$toolchain/bin/swift" --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -n 1)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/completions"
printf '%s; Swift %s; linux %s\n' "$built" "${swift_version:-unknown}" "$arch" > "$stage/BUILD-INFO"

step "embed the theme and the module"
python3 scripts/lib/embed_payload.py "$binary" "$stage/$name/skelsite" \
  Templates=Templates skelsite.wasm="$wasm" skelsite-exporters.wasm="$exporters" BUILD-INFO="$stage/BUILD-INFO"
for shell in bash zsh fish; do
  "$stage/$name/skelsite" --generate-completion-script "$shell" > "$stage/$name/completions/skelsite.$shell"
done
cp LICENSE README.md "$stage/$name/"

if [ "$built" != "${built#release}" ]; then
  # The point of the archive: nothing from the toolchain at run time.
  if ldd "$stage/$name/skelsite" | grep -F "$toolchain" >&2; then
    echo "package.sh: error: the binary links the toolchain's libraries above" >&2
    exit 1
  fi
fi

mkdir -p "$output"
archive="$output/$name.tar.gz"
# Fixed order, times and owners, and gzip without a name or time: byte-identical archives.
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner --mode=u+rw,go+r,go-w \
  -C "$stage" -cf - "$name" | gzip -9 -n > "$archive.partial"
mv -f "$archive.partial" "$archive"
step "$(du -k "$archive" | cut -f1) KiB, binary $(stat -c %s "$stage/$name/skelsite") bytes"
echo "$archive"
