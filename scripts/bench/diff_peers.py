#!/usr/bin/env python3
"""Peers for `swift run -c release SkeletonBench diff`: times pybind11-pixelmatch
(C++ port) and PyPI pixelmatch (pure Python) on the raw RGBA pairs the benchmark
wrote, and reports their counts so the benchmark can check they equal ours.

Usage: diff_peers.py MANIFEST.json
Manifest: a list of {"name", "a", "b", "width", "height", "threshold", "draw": bool,
"reps": N, "python_size": S, "python_reps": M}. pixelmatch (Python) is about a
thousand times slower, so it runs on the top-left S x S crop, M times; the
benchmark normalises every figure to megapixels per second.
Prints one JSON line per case and peer:
  {"name", "peer", "count", "seconds", "megapixels"}  (seconds: best of the reps, thread CPU time)
The C++ port's line also has "crop_count": its count on the same S x S crop Python
compares, so that all three counts can be checked on the crop.
"""
import json
import sys
import time

import numpy as np


def crop(buffer, width, height, size):
    image = np.frombuffer(buffer, dtype=np.uint8).reshape(height, width, 4)
    return np.ascontiguousarray(image[:size, :size])


def best_time(run, reps):
    best = None
    result = None
    for _ in range(reps):
        # Thread CPU time, as the Swift side measures: wall time on a shared
        # machine mostly measures the neighbours.
        start = time.thread_time()
        result = run()
        elapsed = time.thread_time() - start
        best = elapsed if best is None else min(best, elapsed)
    return result, best


def bench_cpp(case, a, b):
    import pybind11_pixelmatch as cpp
    w, h = case["width"], case["height"]
    img1 = np.frombuffer(a, dtype=np.uint8).reshape(h, w, 4)
    img2 = np.frombuffer(b, dtype=np.uint8).reshape(h, w, 4)
    options = cpp.Options()
    options.threshold = case["threshold"]
    output = np.zeros((h, w, 4), dtype=np.uint8)
    if case["draw"]:
        run = lambda: cpp.pixelmatch(img1, img2, output=output, options=options)
    else:
        run = lambda: cpp.pixelmatch(img1, img2, options=options)
    run()  # warm-up
    count, seconds = best_time(run, case["reps"])
    size = case["python_size"]
    crop_count = cpp.pixelmatch(crop(a, w, h, size), crop(b, w, h, size), options=options)
    return {"name": case["name"], "peer": "pybind11-pixelmatch", "count": int(count),
            "seconds": seconds, "megapixels": w * h / 1e6, "crop_count": int(crop_count)}


def bench_python(case, a, b):
    from pixelmatch import pixelmatch
    size = case["python_size"]
    w, h = case["width"], case["height"]
    img1 = crop(a, w, h, size).tobytes()
    img2 = crop(b, w, h, size).tobytes()
    output = bytearray(size * size * 4) if case["draw"] else None
    run = lambda: pixelmatch(img1, img2, size, size, output, threshold=case["threshold"])
    count, seconds = best_time(run, case["python_reps"])
    return {"name": case["name"], "peer": "pixelmatch (Python)", "count": int(count),
            "seconds": seconds, "megapixels": size * size / 1e6}


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    for case in cases:
        with open(case["a"], "rb") as f:
            a = f.read()
        with open(case["b"], "rb") as f:
            b = f.read()
        for peer in (bench_cpp, bench_python):
            try:
                print(json.dumps(peer(case, a, b)), flush=True)
            except ImportError as error:
                print(json.dumps({"name": case["name"], "peer": peer.__name__,
                                  "error": f"missing python module: {error.name}"}), flush=True)


if __name__ == "__main__":
    main()
