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
scripts/build-wasm.sh

step "build"
swift build --build-tests

step "swift test"
swift test --skip-build --parallel

step "fuzz (short, fixed time per target)"
scripts/fuzz.sh "" 20

step "node tests of the wasm module"
for t in Tests/wasm/*.test.mjs; do
  [ -e "$t" ] || continue
  node "$t"
done
echo "all tests passed" >&2
