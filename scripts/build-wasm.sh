#!/bin/sh
# Builds skelsite.wasm: SkeletonCore + SkeletonWeb + SkeletonWasm compiled with Embedded
# Swift for wasm32-unknown-none-wasm, a tiny C runtime (allocator, mem*, exact fmod/round)
# compiled by the toolchain's clang, linked by the toolchain's wasm-ld, stripped, then
# optimised for size by binaryen's wasm-opt.
#
#   scripts/build-wasm.sh [OUT_DIR]      (default .build-wasm; writes OUT_DIR/skelsite.wasm)
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
"$WASM_LD" --lto-O2 --no-entry --gc-sections --strip-all -z stack-size=1048576 \
  --export=alloc --export=free --export=render --export=html --export=inherit --export=release \
  --export=skelsite_heap_extent --export=posix_memalign \
  "$OUT"/obj/*.o \
  -o "$OUT/skelsite.wasm"

# binaryen's optimiser on the linked module (Debian package binaryen, installed by
# scripts/setup.sh): about 14% smaller raw and 4% gzipped than wasm-ld's output alone,
# which keeps the module inside its budget. -Oz keeps IEEE semantics (no fast-math), so
# pixels stay identical to the native build (the wasm parity tests compare them); the
# features named are the ones wasm-ld's output already uses, so nothing newer than
# node 20 supports can appear.
WASM_OPT=${WASM_OPT:-wasm-opt}
if ! command -v "$WASM_OPT" >/dev/null 2>&1; then
  echo "error: wasm-opt not found (apt-get install binaryen, or run scripts/setup.sh)" >&2
  exit 1
fi
"$WASM_OPT" -Oz --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
  --enable-mutable-globals "$OUT/skelsite.wasm" -o "$OUT/skelsite.opt.wasm"
mv "$OUT/skelsite.opt.wasm" "$OUT/skelsite.wasm"

RAW=$(wc -c < "$OUT/skelsite.wasm")
GZ=$(gzip -9 -c "$OUT/skelsite.wasm" | wc -c)
echo "skelsite.wasm: $RAW bytes, $GZ bytes gzipped (budget 163840)"
if [ "$GZ" -ge 163840 ]; then
  echo "error: skelsite.wasm exceeds the 160 KB gzipped budget" >&2
  exit 1
fi
