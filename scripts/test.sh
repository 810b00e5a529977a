#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it starts, so a slow CI run shows where its minutes went.
step() { echo "== $(date -u +%H:%M:%S) $*" >&2; }

step "setup"
scripts/setup.sh --for test

step "WebAssembly module"
scripts/build-wasm.sh .build-wasm

step "embedded check: SkeletonCore and SkeletonWeb for wasm32-unknown-none-wasm"
# The module's build compiled both with the Embedded flags; their calls into C are checked there.
scripts/check-embedded.sh --objects .build-wasm/obj
export SKELSITE_TEST_WASM="$PWD/.build-wasm/skelsite.wasm"

step "build"
swift build --build-tests

step "release archive: the static binary the hidden-toolchain test runs (scripts/package.sh)"
archive=$(scripts/package.sh --wasm "$SKELSITE_TEST_WASM" --output .build-static/dist | tail -n 1)
export SKELSITE_RELEASE_ARCHIVE="$PWD/$archive"

step "swift test"
swift test --skip-build --parallel --xunit-output .build/swift-test.xml 2>&1 | tee .build/swift-test.log
# A skip means setup broke (every tool a test needs is installed above): the xUnit
# report Swift Testing writes says which tests skipped, and fails the run.
python3 scripts/lib/test_report.py .build/swift-test-swift-testing.xml

step "verify site/: every component's CSS in Chromium, Firefox and WebKit vs its reference PNGs"
# Both themes, scales 1 and 2, t = 0, T/4, T/2, 3T/4, in each engine; exits 1 when a
# frame is below the bar. SKELSITE_VERIFY_MINIMUM is the bar (share of matching pixels
# per frame at threshold 0.03, anti-aliased pixels left out; site/guides/verify-css-vs-png.md's 99.9%, which
# every engine meets since WebKit shoots tall components in tiles); SKELSITE_VERIFY_MINIMUM_AA
# gates Chromium's and WebKit's figure with anti-aliased pixels counted (the guide's
# 99.5%, met since discs are drawn by a radial ramp; Firefox's is reported, not gated).
verify_bar=(--minimum "${SKELSITE_VERIFY_MINIMUM:-0.999}"
            --minimum-with-antialiased "${SKELSITE_VERIFY_MINIMUM_AA:-0.995}")
if ! .build/debug/skelsite verify site --browser all "${verify_bar[@]}" --json .build/verify-site.json \
    --failures .build/verify-failures > .build/verify-site.txt; then
  grep -v '^ok ' .build/verify-site.txt >&2
  echo "verify failed: browser, painter and diff PNGs of each failing frame are in .build/verify-failures" >&2
  exit 1
fi
# The per-engine summaries and the total.
tail -n 4 .build/verify-site.txt >&2

step "fit site/: every spec with content swapped for it in Chromium, Firefox and WebKit at zero layout shift"
# site/guides/fit-the-content.md: the gallery's content samples at every width, both themes,
# every marked part within half a pixel of its shape (about 20 s for the three engines at once).
if ! .build/debug/skelsite fit site --browser all --strict-parts --json .build/fit-site.json > .build/fit-site.txt; then
  grep -v '^ok ' .build/fit-site.txt >&2
  echo "fit failed: a skeleton no longer has its content's shape (figures in .build/fit-site.json)" >&2
  exit 1
fi
# The per-engine summaries.
tail -n 3 .build/fit-site.txt >&2

step "fuzz (short, fixed time per target)"
scripts/fuzz.sh "" 20

step "wasm allocator under a random workload (node)"
node Tests/wasm/alloc.test.mjs "$SKELSITE_TEST_WASM"

step "JS API recovery after a renderer failure (node, stub module)"
node Tests/wasm/recovery.test.mjs
# render.test.mjs, playground.test.mjs, playground-engines.test.mjs,
# Tests/browser/gallery.test.mjs, gallery-paged.test.mjs and scripts/check-pages.sh (axe-core, the Nu Html Checker and the sitemap rules over every
# page, PageCheckersTests) need native expectations or a built site: the Swift tests
# above run them.
echo "all tests passed" >&2
