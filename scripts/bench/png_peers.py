#!/usr/bin/env python3
"""Peers of the PNG size benchmark (SkeletonBench png): the same PNG files re-encoded
by Pillow (levels 6 and 9), by zlib level 9 with filter None on every row (same
palette, bit depth and chunks, only the IDAT remade) and by oxipng (PyPI pyoxipng,
lossless, levels 2 and 6).

  png_peers.py LIST [PEER ...]
LIST holds one path of a skelsite PNG a line (8-bit or lower palette, RGB or RGBA, no
animation). PEER is any of pillow6 pillow9 zlib9none oxipng2 oxipng6 (default all).
Prints per peer: "PEER ms TOTAL_MS bytes TOTAL_BYTES" (one pass over every file,
times summed, each file encoded from memory; Pillow starts from the decoded pixels in
the file's own mode, as a Pillow user would save them).
"""
import io
import struct
import sys
import time
import zlib

from PIL import Image


def chunks(data):
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        yield data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length


def chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def zlib9_none(data):
    """The file with its IDAT remade: rows unfiltered, stored None, zlib level 9."""
    header, idat, rest = None, b"", []
    for kind, payload in chunks(data):
        if kind == b"IHDR":
            header = payload
        if kind == b"IDAT":
            idat += payload
        elif kind != b"IEND":
            rest.append((kind, payload))
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    bpp = max(1, channels * depth // 8)
    row_bytes = (width * channels * depth + 7) // 8
    raw = bytearray(zlib.decompress(idat))
    out = bytearray()
    previous = bytearray(row_bytes)
    for r in range(height):
        line = raw[r * (row_bytes + 1):(r + 1) * (row_bytes + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(row_bytes):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + ((a + b) >> 1)) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += b"\x00" + row
        previous = row
    start = time.perf_counter()
    compressed = zlib.compress(bytes(out), 9)
    elapsed = time.perf_counter() - start
    png = data[:8] + b"".join(chunk(k, p) for k, p in rest) + chunk(b"IDAT", compressed) + chunk(b"IEND", b"")
    return elapsed, png


def main():
    with open(sys.argv[1]) as f:
        paths = [line.strip() for line in f if line.strip()]
    peers = sys.argv[2:] or ["pillow6", "pillow9", "zlib9none", "oxipng2", "oxipng6"]
    files = [open(p, "rb").read() for p in paths]
    try:
        import oxipng
    except ImportError:
        oxipng = None
    for peer in peers:
        if peer.startswith("oxipng") and oxipng is None:
            print(f"{peer} skipped: no python module oxipng (pip install pyoxipng)", flush=True)
            continue
        total_time, total_bytes = 0.0, 0
        for data in files:
            if peer.startswith("pillow"):
                image = Image.open(io.BytesIO(data))
                image.load()
                buffer = io.BytesIO()
                start = time.perf_counter()
                image.save(buffer, format="PNG", compress_level=int(peer[-1]))
                total_time += time.perf_counter() - start
                total_bytes += len(buffer.getvalue())
            elif peer == "zlib9none":
                # Only the deflate call is timed (the unfiltering in Python is not the peer).
                elapsed, png = zlib9_none(data)
                total_time += elapsed
                total_bytes += len(png)
            else:
                start = time.perf_counter()
                png = oxipng.optimize_from_memory(data, level=int(peer[-1]))
                total_time += time.perf_counter() - start
                total_bytes += len(png)
        print(f"{peer} ms {total_time * 1000:.1f} bytes {total_bytes}", flush=True)


if __name__ == "__main__":
    main()
