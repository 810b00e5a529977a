#!/bin/sh
# Usage: scripts/fuzz.sh [TARGET] [SECONDS]
# Builds Fuzz/TARGET/fuzz.swift with all of Sources/SkeletonCore under libFuzzer and
# AddressSanitizer into .build-fuzz/, then fuzzes for SECONDS (default 30) starting
# from a scratch copy of Fuzz/TARGET/corpus (the committed seeds are never written).
# Without TARGET, runs every folder under Fuzz/. Exits non-zero on a crash.
# A target that fuzzes code outside SkeletonCore lists those files in Fuzz/TARGET/sources
# (one path a line, '#' comments); they are compiled into the same module, named
# SkeletonCore so that their `import SkeletonCore` is ignored (the compiler warns).
set -eu
cd "$(dirname "$0")/.."
. scripts/lib/swift-modules.sh
SECONDS_PER_TARGET=${2:-30}  # default: long enough to get past the seeds, short enough for CI
OUT=.build-fuzz
mkdir -p "$OUT"

if [ $# -ge 1 ] && [ -n "$1" ]; then
  TARGETS=$1
else
  TARGETS=$(find Fuzz -mindepth 1 -maxdepth 1 -type d -exec basename {} \; | sort)
fi

# Targets are built, then run, JOBS at a time (each build and each fuzzer keeps one
# core busy; CI has two): FUZZ_JOBS overrides it. Reports come out in target order.
JOBS=${FUZZ_JOBS:-2}
each() {
  fn=$1
  n=0
  for target in $TARGETS; do
    "$fn" "$target" &
    n=$((n + 1))
    if [ "$n" -ge "$JOBS" ]; then wait; n=0; fi
  done
  wait
}

build() {
  target=$1
  dir="Fuzz/$target"
  # -parse-as-library: no top-level code; libFuzzer supplies main().
  # The linker's "cannot export local symbol __asan_*" warnings are harmless noise:
  # keep them in a log and show it only when the build fails.
  module="Fuzz$target"
  extra=""
  if [ -f "$dir/sources" ]; then
    module=SkeletonCore
    extra=$(grep -v '^#' "$dir/sources" | grep -v '^$' || true)
  fi
  if swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "$module" -package-name skelsite \
      $(swift_sources Sources/SkeletonCore) $extra "$dir/fuzz.swift" -o "$OUT/$target" \
      >"$OUT/$target.build.log" 2>&1; then
    echo 0 >"$OUT/$target.build.rc"
  else
    echo 1 >"$OUT/$target.build.rc"
  fi
}

run() {
  target=$1
  dir="Fuzz/$target"
  scratch=$(mktemp -d "$OUT/$target-corpus.XXXXXX")
  if [ -d "$dir/corpus" ]; then cp -R "$dir/corpus/." "$scratch/"; fi
  # -rss_limit_mb: a decoder that allocated past its pixel limit would show up here.
  if "$OUT/$target" "$scratch" -max_total_time="$SECONDS_PER_TARGET" -rss_limit_mb=2048 \
      -artifact_prefix="$OUT/$target-" -print_final_stats=1 2>"$OUT/$target.log"; then
    echo 0 >"$OUT/$target.run.rc"
  else
    echo 1 >"$OUT/$target.run.rc"
  fi
  rm -rf "$scratch"
}

for target in $TARGETS; do
  [ -f "Fuzz/$target/fuzz.swift" ] || { echo "fuzz: no Fuzz/$target/fuzz.swift" >&2; exit 2; }
  rm -f "$OUT/$target.build.rc" "$OUT/$target.run.rc"
done
echo "fuzz: building $(echo $TARGETS | wc -w) targets, $JOBS at a time"
each build
for target in $TARGETS; do
  if [ "$(cat "$OUT/$target.build.rc" 2>/dev/null)" != 0 ]; then
    echo "fuzz: $target did not build" >&2
    cat "$OUT/$target.build.log" >&2
    exit 2
  fi
done
echo "fuzz: running each for ${SECONDS_PER_TARGET}s, $JOBS at a time"
each run
status=0
for target in $TARGETS; do
  if [ "$(cat "$OUT/$target.run.rc" 2>/dev/null)" = 0 ]; then
    grep -E "stat::number_of_executed_units|Done" "$OUT/$target.log" | tail -2
    echo "fuzz: $target passed"
  else
    echo "fuzz: $target FAILED; see $OUT/$target.log and $OUT/$target-crash-*" >&2
    tail -40 "$OUT/$target.log" >&2
    status=1
  fi
done
exit $status
