#!/usr/bin/env python3
"""Pillow side of the PNG benchmark.

  png_pillow.py RAW WIDTH HEIGHT RUNS OUT.png
Loads RAW (8-bit RGBA, rows top to bottom), saves it as PNG with
compress_level=6 RUNS times to memory, writes the last result to OUT.png (so the
caller can check and decode it), then times decoding OUT.png RUNS times.
Prints: "encode_ms BEST_MS bytes N" and "decode_ms BEST_MS".
"""
import io
import sys
import time

from PIL import Image


def main():
    raw_path, width, height, runs, out_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    with open(raw_path, "rb") as f:
        image = Image.frombytes("RGBA", (width, height), f.read())
    best, data = None, b""
    for _ in range(runs):
        buffer = io.BytesIO()
        start = time.perf_counter()
        image.save(buffer, format="PNG", compress_level=6)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
        data = buffer.getvalue()
    with open(out_path, "wb") as f:
        f.write(data)
    print(f"encode_ms {best * 1000:.3f} bytes {len(data)}")
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        decoded = Image.open(io.BytesIO(data))
        decoded.load()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"decode_ms {best * 1000:.3f}")


if __name__ == "__main__":
    main()
