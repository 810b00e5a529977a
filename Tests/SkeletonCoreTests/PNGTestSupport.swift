@testable import SkeletonCore

/// Test helpers: images with known content and a plain chunk lister.
enum PNGTestImages {
    /// Four 40×30 gradient frames: a 4-pixel mark moves down a row in each of the first
    /// three; the fourth repeats the third (an unchanged frame).
    static func movingMark() -> [RGBAImage] {
        let base = gradient(width: 40, height: 30)
        var frames: [RGBAImage] = []
        for f in 0..<3 {
            var frame = base
            for x in 10..<14 { frame.pixels[((5 + f) * 40 + x) * 4] = 1 }
            frames.append(frame)
        }
        frames.append(frames[2])
        return frames
    }

    /// A deterministic pseudo-random byte stream (LCG), so "noise" is reproducible.
    static func noiseBytes(count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    static func flat(width: Int, height: Int, rgba: [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { pixels.append(contentsOf: rgba) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func noise(width: Int, height: Int, seed: UInt32) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: noiseBytes(count: width * height * 4, seed: seed))
    }

    /// Opaque gradient: more than 256 colours, so it is stored as RGB.
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(truncatingIfNeeded: x * 3), UInt8(truncatingIfNeeded: y * 5),
                           UInt8(truncatingIfNeeded: x + y), 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Gradient with varying alpha: stored as RGBA.
    static func alphaGradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(truncatingIfNeeded: x * 7), 40, UInt8(truncatingIfNeeded: y * 9),
                           UInt8(truncatingIfNeeded: (x * 13 + y) % 256)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A skeleton-like card: background, a translucent rounded-ish block, a band.
    static func card(width: Int, height: Int, colours: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                if y > 4 && y < height - 4 && x > 6 && x < width - 6 {
                    let shade = UInt8(40 + (x % colours))
                    pixels += [shade, shade, shade, 200]
                } else {
                    pixels += [255, 255, 255, 255]
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

/// Chunks of a PNG, in order; nil if the framing is broken.
func pngChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])]? {
    guard png.count >= 8, Array(png[0..<8]) == PNGChunkWriter.signature else { return nil }
    var chunks: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
        let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        guard offset + 12 + length <= png.count else { return nil }
        let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
        chunks.append((type, Array(png[(offset + 8)..<(offset + 8 + length)])))
        offset += 12 + length
    }
    return offset == png.count ? chunks : nil
}

func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
}

/// Builds PNG files chunk by chunk, with correct CRCs unless told otherwise.
struct CraftedPNG {
    var bytes: [UInt8] = PNGChunkWriter.signature

    mutating func chunk(_ type: String, _ data: [UInt8]) {
        bytes.appendBigEndian32(UInt32(data.count))
        let body = Array(type.utf8) + data
        bytes += body
        bytes.appendBigEndian32(CRC32.checksum(body))
    }

    static func ihdr(width: Int, height: Int, depth: UInt8, colourType: UInt8, interlace: UInt8 = 0,
                     compression: UInt8 = 0, filter: UInt8 = 0) -> [UInt8] {
        var d: [UInt8] = []
        d.appendBigEndian32(UInt32(truncatingIfNeeded: width))
        d.appendBigEndian32(UInt32(truncatingIfNeeded: height))
        d += [depth, colourType, compression, filter, interlace]
        return d
    }

    /// A whole file: IHDR, optional PLTE, one IDAT with `zlib`, IEND.
    static func file(_ ihdr: [UInt8], plte: [UInt8]? = nil, zlib: [UInt8]) -> [UInt8] {
        var png = CraftedPNG()
        png.chunk("IHDR", ihdr)
        if let p = plte { png.chunk("PLTE", p) }
        png.chunk("IDAT", zlib)
        png.chunk("IEND", [])
        return png.bytes
    }
}

/// A zlib stream with our compressor's header and Adler-32 around raw deflate bits.
func zlibWrap(_ deflate: [UInt8], adlerOf data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x9C] + deflate
    out.appendBigEndian32(Adler32.checksum(data))
    return out
}
