#!/usr/bin/env bash
# The main job: build the bundled docs in site/ into _site/ (open _site/index.html).
# Installs what it needs, builds the WebAssembly playground module and the tool.
# Extra arguments go to `skelsite build`, e.g. scripts/build-site.sh --output /tmp/out
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for build
scripts/build-wasm.sh >&2
swift build -c release --product skelsite >&2
# Each component page shows how its CSS in each browser engine agrees with its reference
# PNGs: measure that first when Chromium is here, in Firefox and WebKit too when they are
# (scripts/setup.sh --for test installs all three). verify exits 1 when a frame is below
# the bar; the pages then show which.
# Then fit: each spec with content swapped for it, whose figures the pages show beside it.
verify=()
if command -v chromium >/dev/null 2>&1 && [ "${SKELSITE_VERIFY:-1}" != 0 ]; then
  engines=chromium
  command -v firefox-esr >/dev/null 2>&1 && engines+=,firefox
  command -v WebKitWebDriver >/dev/null 2>&1 && command -v Xvfb >/dev/null 2>&1 && engines+=,webkit
  echo "verify: CSS in headless $engines vs reference PNGs (SKELSITE_VERIFY=0 skips)" >&2
  status=0
  .build/release/skelsite verify site --browser "$engines" --json .build/verify-site.json | tail -n 1 >&2 || status=$?
  [ "$status" -le 1 ] && verify=(--verify-results .build/verify-site.json)
  # The content samples swapped for their skeletons (site/guides/fit-the-content.md):
  # the component pages show the figures, the gallery cards a fit badge.
  echo "fit: skeletons against their content in headless $engines" >&2
  status=0
  .build/release/skelsite fit site --browser "$engines" --json .build/fit-site.json | tail -n 1 >&2 || status=$?
  [ "$status" -le 1 ] && verify+=(--fit-results .build/fit-site.json)
else
  echo "verify: skipped (no chromium); pages show no CSS-vs-PNG or fit figures" >&2
fi
exec .build/release/skelsite build site --output _site "${verify[@]}" "$@"
