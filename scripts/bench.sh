#!/usr/bin/env bash
# Benchmarks against the named peers, measured in one run on this machine:
#   paint  vs skia-python          png   vs Pillow (compress_level=6)
#   diff   vs pybind11-pixelmatch and pixelmatch (Python)
#   build  vs hugo, then the edit-loop rows (cold build, rebuilds, peak memory) as
#          ratios to the cold build and the floor   wasm  time per frame in node
# (`SkeletonBench editloop` prints the edit-loop rows alone; `floor`, the floor alone:
#  painting and encoding the corpus's PNGs on every core, three passes;
#  `SkeletonBench editloop --against OTHER_SKELSITE [--rounds N]` compares two builds of
#  the tool row by row in one run, N alternated rounds (3 by default), as ratios: how a
#  refactor shows it costs nothing.)
#   verify skelsite verify site/: time per engine alone, then all three at once
#   gallery the 5000-spec corpus's index.html in headless Chromium: bytes, elements,
#          navigation to load and typing to the first search result
# Usage: scripts/bench.sh [paint|png|diff|build|floor|editloop|wasm|verify|gallery ...]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --for bench
swift build -c release --product skelsite >&2
swift build -c release --product SkeletonBench >&2
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(paint png diff build wasm verify gallery)
for s in "${sections[@]}"; do
  case "$s" in
    wasm)
      scripts/build-wasm.sh >&2
      node scripts/bench/wasm_frame.mjs ;;
    verify)
      scripts/setup.sh --for test
      scripts/bench/verify_engines.sh ;;
    gallery)
      corpus=$(mktemp -d)
      .build/release/SkeletonBench corpus "$corpus/docs" >&2
      .build/release/skelsite build "$corpus/docs" -o "$corpus/out" --cache-dir "$corpus/cache" --quiet >&2
      node scripts/bench/gallery_index.mjs "$corpus/out" "pattern 3" 5
      rm -rf "$corpus" ;;
    *) .build/release/SkeletonBench "$s" ;;
  esac
done
