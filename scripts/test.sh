#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "== $*" >&2; }

step "setup"
scripts/setup.sh --for test

step "embedded check: SkeletonCore and SkeletonWeb for wasm32-unknown-none-wasm"
scripts/check-embedded.sh

step "WebAssembly module"
scripts/build-wasm.sh .build-wasm
export SKELSITE_TEST_WASM="$PWD/.build-wasm/skelsite.wasm"

step "build"
swift build --build-tests

step "swift test"
swift test --skip-build --parallel

step "fuzz (short, fixed time per target)"
scripts/fuzz.sh "" 20

step "wasm allocator under a random workload (node)"
node Tests/wasm/alloc.test.mjs "$SKELSITE_TEST_WASM"
# render.test.mjs, playground.test.mjs and Tests/browser/gallery.test.mjs need
# native expectations or a built site: the Swift tests above run them.
echo "all tests passed" >&2
