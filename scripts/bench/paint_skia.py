#!/usr/bin/env python3
"""Skia's side of the paint benchmark (`swift run -c release SkeletonBench paint`).

Paints the same scene as Sources/SkeletonBench/PaintBench.swift with skia-python:
COUNT anti-aliased rounded rects on a SIZE x SIZE white canvas, all filled with one
horizontal linear gradient (the shimmer band: base -> base with the highlight over it
-> base, centred at CENTRE, BAND pixels wide). Positions and sizes come from the same
64-bit LCG as the Swift side, so both draw identical geometry.

Prints one line: `skia best_ms=<best of N> runs=<N>`. With --output, also writes the
last frame as a PNG for a visual comparison.
"""
import argparse
import sys
import time

try:
    import skia
except ImportError:
    print("skia unavailable: pip install skia-python", file=sys.stderr)
    sys.exit(3)

MASK = (1 << 64) - 1


def scene(seed, count, size):
    """(x, y, w, h, r) per rect; mirrors PaintScene in PaintBench.swift."""
    state = seed & MASK

    def unit():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK
        return (state >> 11) / float(1 << 53)

    rects = []
    for _ in range(count):
        w = 8 + unit() * 192
        h = 8 + unit() * 192
        x = unit() * (size - w)
        y = unit() * (size - h)
        r = unit() * min(w, h) / 2
        rects.append((x, y, w, h, r))
    return rects


def hexcolour(text):
    """`#rrggbb` or `#rrggbbaa`, as skelsite prints colours (RGBA.hex)."""
    digits = text.lstrip("#")
    if len(digits) == 6:
        digits += "ff"
    v = int(digits, 16)
    return skia.Color((v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--centre", type=float, required=True)
    ap.add_argument("--band", type=float, required=True)
    ap.add_argument("--base", required=True, help="#rrggbb or #rrggbbaa")
    ap.add_argument("--mid", required=True, help="#rrggbb or #rrggbbaa, the band's centre colour")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--output")
    ap.add_argument("--compare", help="a PNG of the same scene to compare with Skia's frame")
    args = ap.parse_args()

    rrects = [skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r)
              for (x, y, w, h, r) in scene(args.seed, args.count, args.size)]
    base = hexcolour(args.base)
    mid = hexcolour(args.mid)
    paint = skia.Paint(AntiAlias=True)
    paint.setShader(skia.GradientShader.MakeLinear(
        [skia.Point(args.centre - args.band / 2, 0), skia.Point(args.centre + args.band / 2, 0)],
        [base, mid, base], [0.0, 0.5, 1.0], skia.TileMode.kClamp))
    surface = skia.Surface(args.size, args.size)
    best = float("inf")
    for _ in range(args.runs):
        start = time.perf_counter()
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorWHITE)
        for rr in rrects:
            canvas.drawRRect(rr, paint)
        surface.flushAndSubmit()
        best = min(best, (time.perf_counter() - start) * 1000)
    if args.output:
        surface.makeImageSnapshot().save(args.output, skia.kPNG)
    print(f"skia best_ms={best:.3f} runs={args.runs}")
    if args.compare:
        compare(surface, args.compare)


def compare(surface, path):
    """Prints how far the other frame is from Skia's: max and mean channel difference."""
    import numpy as np
    ours = np.asarray(skia.Image.open(path).convert(colorType=skia.kRGBA_8888_ColorType,
                                                    alphaType=skia.kUnpremul_AlphaType).toarray(), dtype=np.int16)
    skias = np.asarray(surface.makeImageSnapshot().convert(colorType=skia.kRGBA_8888_ColorType,
                                                          alphaType=skia.kUnpremul_AlphaType).toarray(), dtype=np.int16)
    diff = np.abs(ours - skias)
    differing = int(np.count_nonzero(diff.max(axis=2) > 2))
    print(f"skia compare max_diff={int(diff.max())} mean_diff={float(diff.mean()):.4f} "
          f"pixels_over_2={differing}")


if __name__ == "__main__":
    main()
