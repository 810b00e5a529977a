/// Writes PNG and animated PNG (APNG) files from RGBA images.
///
/// The stored format is the smallest lossless one for the pixels (indexed with
/// 1/2/4/8-bit depth when at most 256 colours, else RGB when fully opaque, else
/// RGBA, all 8 bits per channel), decoded by any reader back to the same RGBA.
/// Output bytes depend only on the input pixels.
public enum PNGEncoder {
    /// Names the encoder's output bytes; changes whenever they change for the same
    /// pixels, so render-cache keys (`RendererFingerprint`) miss and files are rewritten.
    /// Pixels never change with it (site/reference/output-folder.md, "PNG size").
    public static let formatVersion = "png-2"

    /// How pixels are stored in the file.
    public enum Storage: Sendable {
        /// The smallest lossless layout for the pixels (indexed, RGB or RGBA).
        case smallest
        /// Always 8-bit RGBA (for comparisons with encoders that keep RGBA).
        case rgba
    }

    /// A PNG of `image`. Deterministic bytes. `image` must be at least 1×1.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        encode(image, storage: .smallest)
    }

    /// A PNG of `image` stored as `storage` says. Deterministic bytes.
    public static func encode(_ image: RGBAImage, storage: Storage) -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "PNG images are at least 1x1")
        let stored = storage == .rgba ? PNGStoredFrames(rgba: image) : PNGStoredFrames([image])
        let format = stored.format
        var png = PNGChunkWriter()
        png.chunk("IHDR", header(width: image.width, height: image.height, format: format))
        writePalette(format, into: &png)
        let data = compressedRectangle(image, stored, frame: 0, x: 0, y: 0, width: image.width, height: image.height)
        writeData(data, into: &png)
        png.chunk("IEND", [])
        return png.bytes
    }

    /// An animated PNG; every frame has the same size; `delayMilliseconds` per frame; loops forever.
    /// The first frame is also the default image. Each later frame stores only the
    /// rectangle that changed since the one before (drawn with APNG_DISPOSE_OP_NONE,
    /// APNG_BLEND_OP_SOURCE, so the canvas equals every frame exactly). An empty
    /// `frames` array gives an empty result.
    public static func encodeAnimated(_ frames: [RGBAImage], delayMilliseconds: Int) -> [UInt8] {
        guard let first = frames.first else { return [] }
        precondition(first.width > 0 && first.height > 0, "PNG images are at least 1x1")
        for frame in frames {
            precondition(frame.width == first.width && frame.height == first.height, "APNG frames differ in size")
        }
        let stored = PNGStoredFrames(frames)
        let format = stored.format
        var png = PNGChunkWriter()
        png.chunk("IHDR", header(width: first.width, height: first.height, format: format))
        var actl: [UInt8] = []
        actl.appendBigEndian32(UInt32(frames.count))
        actl.appendBigEndian32(0)  // num_plays 0: loop forever
        png.chunk("acTL", actl)
        writePalette(format, into: &png)
        let (delayNumerator, delayDenominator) = delayFraction(milliseconds: delayMilliseconds)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            var rect = (x: 0, y: 0, width: first.width, height: first.height)
            if index > 0 { rect = changedRectangle(from: frames[index - 1], to: frame) }
            var fctl: [UInt8] = []
            fctl.appendBigEndian32(sequence)
            fctl.appendBigEndian32(UInt32(rect.width))
            fctl.appendBigEndian32(UInt32(rect.height))
            fctl.appendBigEndian32(UInt32(rect.x))
            fctl.appendBigEndian32(UInt32(rect.y))
            fctl.appendBigEndian16(delayNumerator)
            fctl.appendBigEndian16(delayDenominator)
            fctl.append(0)  // dispose_op NONE: the next frame draws over this one
            fctl.append(0)  // blend_op SOURCE: replace, so translucent pixels stay exact
            png.chunk("fcTL", fctl)
            sequence += 1
            let data = compressedRectangle(frame, stored, frame: index, x: rect.x, y: rect.y, width: rect.width,
                                           height: rect.height)
            if index == 0 {
                writeData(data, into: &png)
            } else {
                var start = 0
                repeat {
                    let end = min(data.count, start + PNGChunkWriter.maxDataChunk)
                    var fdat: [UInt8] = []
                    fdat.reserveCapacity(end - start + 4)
                    fdat.appendBigEndian32(sequence)
                    fdat.append(contentsOf: data[start..<end])
                    png.chunk("fdAT", fdat)
                    sequence += 1
                    start = end
                } while start < data.count
            }
        }
        png.chunk("IEND", [])
        return png.bytes
    }

    /// fcTL delay as a fraction of a second; both parts must fit 16 bits.
    static func delayFraction(milliseconds: Int) -> (UInt16, UInt16) {
        let ms = max(0, milliseconds)
        if ms <= 0xFFFF { return (UInt16(ms), 1000) }
        return (UInt16(min(ms / 10, 0xFFFF)), 100)  // centiseconds past 65.5 s
    }

    /// The smallest rectangle holding every pixel that differs; 1×1 at the origin when
    /// nothing changed (a frame cannot be empty).
    static func changedRectangle(from old: RGBAImage, to new: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int) {
        let w = new.width, h = new.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        old.pixels.withUnsafeBytes { a in
            new.pixels.withUnsafeBytes { b in
                @inline(__always) func pixelDiffers(_ offset: Int) -> Bool {
                    a.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        != b.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                }
                for y in 0..<h {
                    let rowOffset = y * w * 4
                    // Most rows of a skeleton frame are unchanged: compare them two pixels
                    // a step, and look for the edges only in rows that differ.
                    var x = 0
                    while x + 2 <= w && a.loadUnaligned(fromByteOffset: rowOffset + x * 4, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: rowOffset + x * 4, as: UInt64.self) {
                        x += 2
                    }
                    while x < w && !pixelDiffers(rowOffset + x * 4) { x += 1 }
                    if x == w { continue }
                    var last = w - 1
                    while !pixelDiffers(rowOffset + last * 4) { last -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        if maxX < 0 { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private static func header(width: Int, height: Int, format: PNGPixelFormat) -> [UInt8] {
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian32(UInt32(width))
        ihdr.appendBigEndian32(UInt32(height))
        ihdr.append(format.bitDepth)
        ihdr.append(format.colourType)
        ihdr.append(0)  // compression: deflate
        ihdr.append(0)  // filter method: adaptive
        ihdr.append(0)  // no interlace: smaller and simpler
        return ihdr
    }

    private static func writePalette(_ format: PNGPixelFormat, into png: inout PNGChunkWriter) {
        guard case .palette(let palette) = format else { return }
        png.chunk("PLTE", palette.plte)
        let trns = palette.trns
        if !trns.isEmpty { png.chunk("tRNS", trns) }
    }

    private static func writeData(_ data: [UInt8], into png: inout PNGChunkWriter) {
        var start = 0
        repeat {
            let end = min(data.count, start + PNGChunkWriter.maxDataChunk)
            png.chunk("IDAT", Array(data[start..<end]))
            start = end
        } while start < data.count
    }

    private static func compressedRectangle(
        _ image: RGBAImage, _ stored: PNGStoredFrames, frame: Int, x: Int, y: Int, width: Int, height: Int
    ) -> [UInt8] {
        let plane = stored.indexPlanes.isEmpty ? [] : stored.indexPlanes[frame]
        let scanlines = PNGScanlines.filtered(image, indexPlane: plane, x: x, y: y, width: width, height: height,
                                              format: stored.format)
        let rowStride = stored.format.rowBytes(width: width) + 1
        return Deflate.zlibCompress(scanlines, effort: Deflate.Effort(rowStride: rowStride))
    }
}
