#!/usr/bin/env bash
# Build benchmark: skelsite vs Hugo on a 1000-page corpus, then 5000 specs, then a
# no-change rebuild. Needs `hugo` on PATH. Prints times and ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product SkeletonBench >&2
exec .build/release/SkeletonBench build
