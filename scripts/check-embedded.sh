#!/bin/sh
# Type-checks and compiles SkeletonCore and SkeletonWeb with Embedded Swift for
# wasm32-unknown-none-wasm, the way the WebAssembly build does. Fails on any
# Foundation import, untyped throws, existential or other non-Embedded construct,
# and on any call into the C maths library: wasm has no libm, and the pixels must
# equal the native ones bit for bit, so only the functions the wasm runtime provides
# exactly (Sources/SkeletonWasm/Runtime) may be left for the linker.
#
#   scripts/check-embedded.sh                  compile both, then check their calls
#   scripts/check-embedded.sh --objects DIR    check the objects scripts/build-wasm.sh
#                                              compiled into DIR (its obj folder): the
#                                              same flags, so compiling again is waste
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-.build-embedded}
if [ "${1:-}" = "--objects" ]; then
  OUT=${2:?--objects needs the folder of SkeletonCore.o and SkeletonWeb.o}
  [ -f "$OUT/SkeletonCore.o" ] && [ -f "$OUT/SkeletonWeb.o" ] \
    || { echo "error: $OUT holds no SkeletonCore.o and SkeletonWeb.o (run scripts/build-wasm.sh first)" >&2; exit 2; }
else
  mkdir -p "$OUT"
  . scripts/lib/swift-modules.sh
  FLAGS=$EMBEDDED_FLAGS
  swiftc $FLAGS -module-name SkeletonCore -emit-module -emit-module-path "$OUT/SkeletonCore.swiftmodule" \
    $(swift_sources Sources/SkeletonCore) -c -o "$OUT/SkeletonCore.o"
  swiftc $FLAGS -module-name SkeletonWeb -I "$OUT" \
    $(swift_sources Sources/SkeletonWeb) -c -o "$OUT/SkeletonWeb.o"
fi

# Undefined symbols the wasm runtime (malloc.c, libc.c, the Swift embedded stdlib and
# its Unicode tables) resolves; anything else (sin, pow, exp, ...) would not link, or
# would round differently from glibc.
NM=$(dirname "$(command -v swiftc)")/llvm-nm
[ -x "$NM" ] || NM=llvm-nm
ALLOWED='^(__indirect_function_table|__stack_pointer|__memory_base|__table_base|free|posix_memalign|malloc|calloc|realloc|aligned_alloc|memcpy|memmove|memset|memcmp|strlen|fmod|fmodf|round|roundf|arc4random_buf|_swift_stdlib_.*|swift_.*|\$e?s.*)$'
UNKNOWN=$("$NM" -u "$OUT/SkeletonCore.o" "$OUT/SkeletonWeb.o" | awk 'NF >= 2 { print $NF }' | sort -u | grep -Ev "$ALLOWED" || true)
if [ -n "$UNKNOWN" ]; then
  echo "error: SkeletonCore/SkeletonWeb call C functions the wasm build does not provide exactly:" >&2
  echo "$UNKNOWN" | sed 's/^/  /' >&2
  echo "  (use the deterministic functions in SkeletonCore/Support instead of libm)" >&2
  exit 1
fi
echo "embedded: SkeletonCore and SkeletonWeb compile for wasm32-unknown-none-wasm, no libm calls"
