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
swift test --skip-build --parallel 2>&1 | tee .build/swift-test.log
# Tests that need a tool (Chromium, node, Pillow, pixelmatch, PyYAML) skip themselves
# without it; setup installs them all, so here a skip means setup broke: fail loudly.
if grep -E 'Test .* skipped' .build/swift-test.log >&2; then
  echo "tests were skipped: their tools are missing although setup ran" >&2
  exit 1
fi

step "verify site/: every component's CSS in headless Chromium vs its reference PNGs (>= 99.5%)"
# Both themes, scales 1 and 2, t = 0, T/4, T/2, 3T/4; exits 1 when a frame is below the bar.
if ! .build/debug/skelsite verify site --json .build/verify-site.json --failures .build/verify-failures \
    > .build/verify-site.txt; then
  grep -v '^ok ' .build/verify-site.txt >&2
  echo "verify failed: browser, painter and diff PNGs of each failing frame are in .build/verify-failures" >&2
  exit 1
fi
tail -n 1 .build/verify-site.txt >&2

step "fuzz (short, fixed time per target)"
scripts/fuzz.sh "" 20

step "wasm allocator under a random workload (node)"
node Tests/wasm/alloc.test.mjs "$SKELSITE_TEST_WASM"

step "JS API recovery after a renderer failure (node, stub module)"
node Tests/wasm/recovery.test.mjs
# render.test.mjs, playground.test.mjs and Tests/browser/gallery.test.mjs need
# native expectations or a built site: the Swift tests above run them.
echo "all tests passed" >&2
