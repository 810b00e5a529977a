#!/usr/bin/env bash
# The store benchmark behind site/reference/output-folder.md, "Why the store is not
# SQLite": the render cache index and the doc memos of the 5000-spec benchmark corpus,
# read at the start of a rebuild and written after a one-spec edit, as today's files
# and as one SQLite file (WAL, one transaction a build) through the C API and GRDB;
# then whole entry files (HTML, CSS and PNGs) as files and as SQLite blobs, and what
# each design adds to a static, stripped executable.
#
#   scripts/bench/store_sqlite.sh [--scratch DIR] [--rounds N] [--passes N]
#
# --scratch DIR  where the corpus, its cache and the benchmark's own build go
#                (default /tmp/store-sqlite-bench; never inside the repository)
# --rounds N     edit cycles per store and pass (default 21; each row is a median)
# --passes N     times the designs run, one after another in turn (default 2)
#
# Needs the release skelsite and SkeletonBench (built here when missing) and Debian's
# libsqlite3-dev (its libsqlite3.a is linked in, as scripts/package.sh links cmark-gfm).
# The benchmark package, scripts/bench/store-sqlite, is not part of skelsite's package.
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=/tmp/store-sqlite-bench
rounds=21
passes=2
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch) scratch=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "store_sqlite.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$(readlink -f "$scratch")" in
  "$(pwd)"|"$(pwd)"/*) echo "store_sqlite.sh: --scratch must be outside the repository" >&2; exit 2 ;;
esac

archive=/usr/lib/$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)/libsqlite3.a
[ -f "$archive" ] || { echo "store_sqlite.sh: $archive: error: missing (apt-get install -y libsqlite3-dev)" >&2; exit 2; }

if [ ! -x .build/release/skelsite ] || [ ! -x .build/release/SkeletonBench ]; then
  swift build -c release --product skelsite >&2
  swift build -c release --product SkeletonBench >&2
fi

mkdir -p "$scratch/static-libs"
ln -sf "$archive" "$scratch/static-libs/libsqlite3.a"
echo "== building scripts/bench/store-sqlite (release, static Swift runtime and SQLite, one job)" >&2
swift build -c release --static-swift-stdlib -j 1 --package-path scripts/bench/store-sqlite \
  --scratch-path "$scratch/.build" -Xlinker -L"$scratch/static-libs" >&2
bin=$scratch/.build/release

echo "== the corpus: SkeletonBench corpus, then a cold skelsite build (its cache is what is read)" >&2
rm -rf "$scratch/corpus"
.build/release/SkeletonBench corpus "$scratch/corpus/docs" >&2
.build/release/skelsite build "$scratch/corpus/docs" -o "$scratch/corpus/out" --cache-dir "$scratch/corpus/cache" --quiet
ls -l "$scratch/corpus/cache/.entries.index" "$scratch/corpus/cache/.docs.memo"

echo "== static executables, stripped: what each design adds"
for name in bench-files bench-capi bench-grdb; do
  strip -o "$scratch/$name.stripped" "$bin/$name"
  echo "$name $(stat -c %s "$scratch/$name.stripped") bytes"
done

# Each run in a folder of its own, all removed at the end (why: files created right after
# thousands were deleted are slower to make on ext4 without a journal, which would
# charge one design for the one before it).
rm -rf "$scratch/work"
for pass in $(seq 1 "$passes"); do
  echo "== pass $pass of $passes (rows: median wall and CPU time; compare CPU on a shared host)"
  "$bin/bench-files" --cache "$scratch/corpus/cache" --work "$scratch/work/$pass-files" --rounds "$rounds"
  "$bin/bench-capi" --cache "$scratch/corpus/cache" --work "$scratch/work/$pass-capi" --rounds "$rounds" --sync off
  "$bin/bench-grdb" --cache "$scratch/corpus/cache" --work "$scratch/work/$pass-grdb" --rounds "$rounds" --sync off
  "$bin/bench-capi" --cache "$scratch/corpus/cache" --work "$scratch/work/$pass-capi-normal" --rounds "$rounds" --sync normal
done
rm -rf "$scratch/work"
