#!/usr/bin/env python3
"""Pillow oracle for the PNG codec tests.

  png_pillow.py corpus OUTDIR
      Writes NAME.png for every colour type, bit depth and interlace method (a small
      PNG writer here covers what Pillow cannot save: 2/4-bit grey, 16-bit colour,
      Adam7), plus a few files saved by Pillow itself, and NAME.rgba: Pillow's decoding
      of that file as 8-bit RGBA. Prints one line per file: "NAME WIDTH HEIGHT".
  png_pillow.py decode FILE.png OUTPREFIX
      Decodes FILE.png with Pillow; writes OUTPREFIX.K.rgba for each frame K and prints
      "WIDTH HEIGHT N_FRAMES MODE".

16-bit greyscale opens in Pillow as mode I;16, whose convert("RGBA") clips instead of
scaling; for those the expected 8-bit value is taken as the high byte of Pillow's
sample, the usual 16-to-8 reduction (and tRNS is applied by comparing Pillow's sample
with the key).
"""
import struct
import sys
import zlib

from PIL import Image

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, row, prev, bpp):
    out = bytearray()
    for i, x in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i] if prev is not None else 0
        c = prev[i - bpp] if (prev is not None and i >= bpp) else 0
        pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - pred) & 0xFF)
    return bytes([kind]) + bytes(out)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out = bytearray()
    acc, nbits = 0, 0
    for s in samples:
        acc = (acc << depth) | s
        nbits += depth
        if nbits == 8:
            out.append(acc)
            acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)


def write_png(path, w, h, ctype, depth, interlace, sample, plte=None, trns=None, level=9):
    """sample(x, y) -> tuple of channel values at `depth` bits."""
    ch = CHANNELS[ctype]
    bpp = max(1, ch * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    row_number = 0
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, w, dx))
        ys = list(range(y0, h, dy))
        if not xs or not ys:
            continue
        prev = None
        for y in ys:
            samples = [v for x in xs for v in sample(x, y)]
            row = pack_row(samples, depth)
            raw += filter_row(row_number % 5, row, prev, bpp)  # every filter type appears
            prev = row
            row_number += 1
    data = zlib.compress(bytes(raw), level)
    half = len(data) // 2
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, interlace))
    if plte is not None:
        png += chunk(b"PLTE", bytes(v for rgb in plte for v in rgb))
    if trns is not None:
        png += chunk(b"tRNS", trns)
    png += chunk(b"tEXt", b"Comment\x00oracle file")  # an ancillary chunk to skip
    png += chunk(b"IDAT", data[:half]) + chunk(b"IDAT", data[half:])  # split IDAT
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def pillow_rgba(path):
    im = Image.open(path)
    im.load()
    if im.mode in ("I;16", "I;16B", "I"):
        key = im.info.get("transparency")
        out = bytearray()
        for v in getattr(im, "get_flattened_data", im.getdata)():
            g = (v >> 8) & 0xFF
            out += bytes([g, g, g, 0 if key is not None and v == key else 255])
        return im.size, bytes(out)
    return im.size, im.convert("RGBA").tobytes()


def corpus(outdir):
    cases = []
    sizes = [(13, 11), (9, 3), (1, 1), (3, 2)]
    n = 0
    for ctype, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
        for depth in depths:
            for interlace in (0, 1):
                w, h = sizes[n % len(sizes)] if n % 3 else (13, 11)
                n += 1
                top = (1 << depth) - 1
                ch = CHANNELS[ctype]
                plte = None
                if ctype == 3:
                    count = min(top + 1, 200)
                    plte = [((i * 37) & 255, (i * 91) & 255, (i * 13 + 5) & 255) for i in range(count)]
                    top = count - 1

                def sample(x, y, ch=ch, top=top, depth=depth):
                    return tuple(((x * 7 + y * 13 + c * 29 + x * y) * 2654435761 >> 7) % (top + 1) for c in range(ch))

                name = f"c{ctype}d{depth}{'i' if interlace else 'n'}"
                level = [9, 0, 1][n % 3]  # dynamic, stored and fast (fixed) blocks
                write_png(f"{outdir}/{name}.png", w, h, ctype, depth, interlace, sample, plte=plte, level=level)
                cases.append(name)
    # Transparency keys (tRNS) on grey, truecolour and palette images.
    # (No tRNS on 1/2/4-bit grey here: Pillow compares such a key with the samples
    # after scaling them to 8 bits, not at the image's bit depth as the PNG spec says.)
    grey8 = lambda x, y: ((x * 40 + y) % 256,)
    write_png(f"{outdir}/trns_grey8i.png", 9, 9, 0, 8, 1, grey8, trns=struct.pack(">H", 40))
    grey16 = lambda x, y: ((x * 9000 + y * 77) % 65536,)
    write_png(f"{outdir}/trns_grey16.png", 6, 4, 0, 16, 0, grey16, trns=struct.pack(">H", 9000))
    rgb = lambda x, y: ((x * 50) % 256, (y * 60) % 256, 7)
    write_png(f"{outdir}/trns_rgb8.png", 6, 5, 2, 8, 0, rgb, trns=struct.pack(">HHH", 50, 60, 7))
    pal = lambda x, y: ((x + 2 * y) % 6,)
    write_png(f"{outdir}/trns_pal4.png", 10, 4, 3, 4, 1, pal,
              plte=[(i * 40, 255 - i * 40, 9) for i in range(6)], trns=bytes([0, 128, 255, 64]))
    cases += ["trns_grey8i", "trns_grey16", "trns_rgb8", "trns_pal4"]
    # Files saved by Pillow itself.
    for mode in ("1", "L", "LA", "RGB", "RGBA", "P"):
        base = Image.new("RGBA", (17, 9))
        base.putdata([((x * 15) % 256, (y * 28) % 256, (x * y) % 256, (x * 31 + y) % 256)
                      for y in range(9) for x in range(17)])
        im = base.convert(mode) if mode != "P" else base.convert("RGB").quantize(colors=12)
        name = f"pillow_{mode}"
        im.save(f"{outdir}/{name}.png")
        cases.append(name)
    for name in cases:
        size, rgba = pillow_rgba(f"{outdir}/{name}.png")
        with open(f"{outdir}/{name}.rgba", "wb") as f:
            f.write(rgba)
        print(name, size[0], size[1])


def decode(path, prefix):
    im = Image.open(path)
    frames = getattr(im, "n_frames", 1)
    for k in range(frames):
        im.seek(k)
        with open(f"{prefix}.{k}.rgba", "wb") as f:
            f.write(im.convert("RGBA").tobytes())
    im.seek(0)
    print(im.size[0], im.size[1], frames, im.mode)


if __name__ == "__main__":
    if sys.argv[1] == "corpus":
        corpus(sys.argv[2])
    elif sys.argv[1] == "decode":
        decode(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: png_pillow.py corpus OUTDIR | decode FILE.png OUTPREFIX")
