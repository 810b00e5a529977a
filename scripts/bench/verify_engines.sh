#!/usr/bin/env bash
# scripts/bench.sh verify: wall time of `skelsite verify site` (release build) in each
# engine alone, then in all three at once (as scripts/test.sh runs it), with frames,
# worst and median per engine from the run's own summary lines. CPU time is the run's
# and every process it started (browsers included, also those a driver started), from
# `perf stat -e task-clock` when perf is installed; the load average before each run
# says how busy the machine was (it is shared).
set -euo pipefail
cd "$(dirname "$0")/../.."
tool=.build/release/skelsite
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf 'verify site/ (both themes, 1x and 2x, 4 times)\n'
printf '%-10s %8s %8s %6s  %s\n' engines seconds cpu-s load summary
for engines in chromium firefox webkit all; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  status=0
  if command -v perf >/dev/null 2>&1; then
    SKELSITE_VERIFY_TIMINGS=1 perf stat -x, -e task-clock -o "$out/$engines.stat" \
      "$tool" verify site --browser "$engines" > "$out/$engines.txt" 2> "$out/$engines.err" || status=$?
  else
    SKELSITE_VERIFY_TIMINGS=1 "$tool" verify site --browser "$engines" > "$out/$engines.txt" 2> "$out/$engines.err" || status=$?
  fi
  end=$(date +%s.%N)
  [ "$status" -le 1 ] || { cat "$out/$engines.err" >&2; exit "$status"; }
  seconds=$(awk "BEGIN { print $end - $start }")
  cpu=$(awk -F, '/task-clock/ { printf "%.1f", $1 / 1000 }' "$out/$engines.stat" 2>/dev/null || true)
  grep -E '^(chromium|firefox|webkit): ' "$out/$engines.txt" | while read -r line; do
    printf '%-10s %8.1f %8s %6s  %s\n' "$engines" "$seconds" "${cpu:--}" "$load" "$line"
  done
  grep '^timing ' "$out/$engines.err" | sed "s/^/           /" || true
done
