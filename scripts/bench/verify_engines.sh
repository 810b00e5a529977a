#!/usr/bin/env bash
# scripts/bench.sh verify: wall time of `skelsite verify site` (release build) in each
# engine alone, then in all three at once (as scripts/test.sh runs it), with frames,
# worst and median per engine from the run's own summary lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
tool=.build/release/skelsite
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf 'verify site/ (both themes, 1x and 2x, 4 times)\n'
printf '%-10s %8s  %s\n' engines seconds summary
for engines in chromium firefox webkit all; do
  start=$(date +%s.%N)
  status=0
  SKELSITE_VERIFY_TIMINGS=1 "$tool" verify site --browser "$engines" > "$out/$engines.txt" 2> "$out/$engines.err" || status=$?
  end=$(date +%s.%N)
  [ "$status" -le 1 ] || { cat "$out/$engines.err" >&2; exit "$status"; }
  seconds=$(awk "BEGIN { print $end - $start }")
  grep -E '^(chromium|firefox|webkit): ' "$out/$engines.txt" | while read -r line; do
    printf '%-10s %8.1f  %s\n' "$engines" "$seconds" "$line"
  done
  grep '^timing ' "$out/$engines.err" | sed "s/^/           /" || true
done
