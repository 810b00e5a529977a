/// Converts unfiltered rows of any PNG pixel format to 8-bit RGBA.
struct PNGPixelConverter {
    let header: PNGHeader
    /// RGBA per entry, alpha already from tRNS.
    let palette: [UInt8]
    let paletteCount: Int
    /// tRNS key for grey (1 sample) or truecolour (3 samples), at the image's bit depth.
    let key: [Int]?

    init(header: PNGHeader, palette: [UInt8], paletteCount: Int, transparency: [UInt8]?) {
        self.header = header
        self.palette = palette
        self.paletteCount = paletteCount
        if let t = transparency, header.colourType == 0 || header.colourType == 2 {
            key = stride(from: 0, to: t.count, by: 2).map { Int(t[$0]) << 8 | Int(t[$0 + 1]) }
        } else {
            key = nil
        }
    }

    /// Writes `count` pixels of `row` to `out` at row `y`, columns x0, x0+dx, ...
    func convert(
        row: UnsafeMutablePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>,
        y: Int, x0: Int, dx: Int, width: Int
    ) throws(PNGError) {
        let depth = header.bitDepth
        var o = (y * width + x0) * 4
        let step = dx * 4
        switch (header.colourType, depth) {
        case (6, 8):
            if dx == 1 {
                (out + o).update(from: row, count: count * 4)
            } else {
                for i in 0..<count {
                    out[o] = row[4 * i]; out[o + 1] = row[4 * i + 1]
                    out[o + 2] = row[4 * i + 2]; out[o + 3] = row[4 * i + 3]
                    o += step
                }
            }
        case (2, 8) where key == nil:
            for i in 0..<count {
                out[o] = row[3 * i]; out[o + 1] = row[3 * i + 1]; out[o + 2] = row[3 * i + 2]; out[o + 3] = 255
                o += step
            }
        case (3, _):
            try palette.withUnsafeBufferPointer { (p) throws(PNGError) in
                for i in 0..<count {
                    let index = sample(row, i, depth)
                    if index >= paletteCount { throw .paletteIndexOutOfRange(index: index, paletteSize: paletteCount) }
                    out[o] = p[index * 4]; out[o + 1] = p[index * 4 + 1]
                    out[o + 2] = p[index * 4 + 2]; out[o + 3] = p[index * 4 + 3]
                    o += step
                }
            }
        case (0, _):
            // Scale to 8 bits: 16-bit keeps the high byte, low depths replicate bits.
            let scale = depth == 1 ? 255 : depth == 2 ? 85 : depth == 4 ? 17 : 1
            for i in 0..<count {
                let v = sample(row, i, depth)
                let grey = UInt8(truncatingIfNeeded: depth == 16 ? v >> 8 : v * scale)
                out[o] = grey; out[o + 1] = grey; out[o + 2] = grey
                out[o + 3] = key.map { $0[0] == v ? 0 : 255 } ?? 255
                o += step
            }
        case (2, _):
            for i in 0..<count {
                let r = sample(row, 3 * i, depth), g = sample(row, 3 * i + 1, depth), b = sample(row, 3 * i + 2, depth)
                let shift = depth == 16 ? 8 : 0
                out[o] = UInt8(truncatingIfNeeded: r >> shift)
                out[o + 1] = UInt8(truncatingIfNeeded: g >> shift)
                out[o + 2] = UInt8(truncatingIfNeeded: b >> shift)
                out[o + 3] = key.map { $0[0] == r && $0[1] == g && $0[2] == b ? 0 : 255 } ?? 255
                o += step
            }
        case (4, 8):
            for i in 0..<count {
                out[o] = row[2 * i]; out[o + 1] = row[2 * i]; out[o + 2] = row[2 * i]; out[o + 3] = row[2 * i + 1]
                o += step
            }
        case (4, _):  // 16-bit grey + alpha: high bytes
            for i in 0..<count {
                out[o] = row[4 * i]; out[o + 1] = row[4 * i]; out[o + 2] = row[4 * i]; out[o + 3] = row[4 * i + 2]
                o += step
            }
        default:  // (6, 16): high bytes
            for i in 0..<count {
                out[o] = row[8 * i]; out[o + 1] = row[8 * i + 2]; out[o + 2] = row[8 * i + 4]; out[o + 3] = row[8 * i + 6]
                o += step
            }
        }
    }

    /// Sample number `k` of a packed row at `depth` bits (16-bit samples big-endian).
    @inline(__always)
    private func sample(_ row: UnsafeMutablePointer<UInt8>, _ k: Int, _ depth: Int) -> Int {
        switch depth {
        case 8: return Int(row[k])
        case 16: return Int(row[2 * k]) << 8 | Int(row[2 * k + 1])
        default:
            let bit = k * depth
            return Int(row[bit >> 3] >> UInt8(8 - depth - (bit & 7))) & ((1 << depth) - 1)
        }
    }
}
