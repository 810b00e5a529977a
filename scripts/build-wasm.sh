#!/bin/sh
# Builds skelsite.wasm: SkeletonCore + SkeletonWeb + SkeletonWasm compiled with Embedded
# Swift for wasm32-unknown-none-wasm, a tiny C runtime (allocator, mem*, exact fmod/round)
# compiled by the toolchain's clang, linked by the toolchain's wasm-ld, stripped, then
# optimised for size by binaryen's wasm-opt.
#
#   scripts/build-wasm.sh [OUT_DIR]      (default .build-wasm; writes OUT_DIR/skelsite.wasm
#                                        and OUT_DIR/skelsite-exporters.wasm)
#
# posix_memalign and skelsite_heap_extent are exported for Tests/wasm/alloc.test.mjs.
# Environment: SWIFTC, CLANG, WASM_LD override the tools (default: from PATH, falling back
# to the directory of swiftc, where the Swift toolchain ships clang and wasm-ld).
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-.build-wasm}
mkdir -p "$OUT/obj"

SWIFTC=${SWIFTC:-swiftc}
TOOLBIN=$(dirname "$(command -v "$SWIFTC")")
CLANG=${CLANG:-$TOOLBIN/clang}
WASM_LD=${WASM_LD:-$TOOLBIN/wasm-ld}
[ -x "$CLANG" ] || CLANG=clang
[ -x "$WASM_LD" ] || WASM_LD=wasm-ld

. scripts/lib/swift-modules.sh
TARGET=$EMBEDDED_TARGET
# -lto=llvm-full: the objects are
# LLVM bitcode and wasm-ld optimises the three modules as one program, which merges
# the generic specialisations each module makes of the same stdlib code (about 8%
# smaller gzipped). Optimisation never changes floating-point results here (no
# fast-math, no FMA contraction), so pixels stay identical to the native build.
SWIFTFLAGS="$EMBEDDED_FLAGS -lto=llvm-full"

"$SWIFTC" $SWIFTFLAGS -module-name SkeletonCore -emit-module -emit-module-path "$OUT/obj/SkeletonCore.swiftmodule" \
  $(swift_sources Sources/SkeletonCore) -c -o "$OUT/obj/SkeletonCore.o"
"$SWIFTC" $SWIFTFLAGS -module-name SkeletonWeb -I "$OUT/obj" -emit-module -emit-module-path "$OUT/obj/SkeletonWeb.swiftmodule" \
  $(swift_sources Sources/SkeletonWeb) -c -o "$OUT/obj/SkeletonWeb.o"
"$SWIFTC" $SWIFTFLAGS -module-name SkeletonWasm -I "$OUT/obj" \
  $(swift_sources Sources/SkeletonWasm) -c -o "$OUT/obj/SkeletonWasm.o"

# -mbulk-memory: memcpy/memset become single memory.copy/memory.fill instructions.
for c in Sources/SkeletonWasm/Runtime/*.c; do
  "$CLANG" --target=wasm32-unknown-unknown -Os -ffreestanding -nostdlib -mbulk-memory \
    -fno-builtin -Wall -Werror -c "$c" -o "$OUT/obj/$(basename "$c" .c).o"
done

# 1 MiB of stack: parsing and layout recurse once per nesting level (Limits.maxDepth),
# and Swift keeps sizeable structs on the stack.
# --lto-O2: O0/O1 leave the bitcode as the compiler wrote it; O2 (= O3 here) is smaller.
# The stdlib's Unicode tables (libswiftUnicodeDataTables.a) are deliberately not linked:
# they cost about 25 KB gzipped and only String's canonical-equivalence comparisons,
# hashing and Character walks need them. The modules compare words byte for byte
# (SkeletonCore/Support/ByteSpelling.swift), so an "undefined symbol:
# _swift_stdlib_getNormData" (or getComposition, getGraphemeBreakProperty, ...) here
# means new code compares, hashes or walks Strings that way: use hasSameBytes(as:),
# Spelling or the utf8 view instead.
#
# Two modules from the same objects, each linked with its own exports (--gc-sections
# keeps only what those reach): skelsite.wasm, what the playground's first frame needs
# (parser, layout, painter, HTML and CSS), and skelsite-exporters.wasm, the SwiftUI,
# React and web-component exporters, which the playground loads when it first shows
# them (site/guides/playground-api.md). Each has its own budget.
link() { # NAME EXPORTS...
  name=$1; shift
  exports=""
  for e in alloc free inherit release skelsite_heap_extent posix_memalign "$@"; do exports="$exports --export=$e"; done
  "$WASM_LD" --lto-O2 --no-entry --gc-sections --strip-all -z stack-size=1048576 $exports \
    "$OUT"/obj/*.o -o "$OUT/$name"
}
WASM_OPT=${WASM_OPT:-wasm-opt}
if ! command -v "$WASM_OPT" >/dev/null 2>&1; then
  echo "error: wasm-opt not found (apt-get install binaryen, or run scripts/setup.sh)" >&2
  exit 1
fi
# binaryen's optimiser on each linked module (Debian package binaryen, installed by
# scripts/setup.sh): about 14% smaller raw and 4% gzipped than wasm-ld's output alone.
# -Oz keeps IEEE semantics (no fast-math), so pixels stay identical to the native build
# (the wasm parity tests compare them); the features named are the ones wasm-ld's
# output already uses, so nothing newer than node 20 supports can appear.
optimise() { # NAME
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
    --enable-mutable-globals "$OUT/$1" -o "$OUT/$1.opt"
  mv "$OUT/$1.opt" "$OUT/$1"
}
# The budgets, gzip -9 bytes: the core module is what a visitor waits for before the
# first frame (raised once, from 150 KB, to 160 KB; the exporters moved out rather
# than raising it again); the exporters module loads behind the first frame.
budget() { # NAME LIMIT
  raw=$(wc -c < "$OUT/$1")
  gz=$(gzip -9 -c "$OUT/$1" | wc -c)
  echo "$1: $raw bytes, $gz bytes gzipped (budget $2)"
  if [ "$gz" -ge "$2" ]; then
    echo "error: $1 exceeds its $(($2 / 1024)) KB gzipped budget" >&2
    exit 1
  fi
}
link skelsite.wasm render html
link skelsite-exporters.wasm frameworks
optimise skelsite.wasm
optimise skelsite-exporters.wasm
budget skelsite.wasm 163840
budget skelsite-exporters.wasm 163840
