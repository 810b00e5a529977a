#!/usr/bin/env bash
# The main job: build the bundled docs in site/ into _site/ (open _site/index.html).
# Installs what it needs, builds the WebAssembly playground module and the tool.
# Extra arguments go to `skelsite build`, e.g. scripts/build-site.sh --output /tmp/out
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for build
scripts/build-wasm.sh >&2
swift build -c release --product skelsite >&2
exec .build/release/skelsite build site --output _site "$@"
