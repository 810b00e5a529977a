#!/bin/sh
# Type-checks and compiles SkeletonCore and SkeletonWeb with Embedded Swift for
# wasm32-unknown-none-wasm, the way the WebAssembly build does. Fails on any
# Foundation import, untyped throws, existential or other non-Embedded construct.
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-.build-embedded}
mkdir -p "$OUT"
FLAGS="-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize -parse-as-library -Xfrontend -disable-stack-protector"
swiftc $FLAGS -module-name SkeletonCore -emit-module -emit-module-path "$OUT/SkeletonCore.swiftmodule" \
  $(find Sources/SkeletonCore -name '*.swift' | sort) -c -o "$OUT/SkeletonCore.o"
swiftc $FLAGS -module-name SkeletonWeb -I "$OUT" \
  $(find Sources/SkeletonWeb -name '*.swift' | sort) -c -o "$OUT/SkeletonWeb.o"
echo "embedded: SkeletonCore and SkeletonWeb compile for wasm32-unknown-none-wasm"
