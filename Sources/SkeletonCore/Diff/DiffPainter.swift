/// Draws pixels of the diff picture the way pixelmatch does: matching pixels as the
/// first image's luma faded towards white, differences in solid colours.
struct DiffPainter {
    let metric: YIQMetric
    let aa: UInt32
    let diff: UInt32
    /// A direct-mapped cache of grey pixels keyed by source pixel: UI pictures hold few
    /// distinct colours, so most pixels cost a hash and a compare. Invariant: each
    /// entry's value is the grey of its key (all start as transparent black's).
    private var keys: [UInt32]
    private var greys: [UInt32]
    static var cacheBits: Int { 10 }

    init(metric: YIQMetric, options: DiffOptions) {
        self.metric = metric
        aa = Self.pack(options.aaColor.r, options.aaColor.g, options.aaColor.b)
        diff = Self.pack(options.diffColor.r, options.diffColor.g, options.diffColor.b)
        let g = metric.grey(0, 0, 0, 0)
        keys = [UInt32](repeating: 0, count: 1 << Self.cacheBits)
        greys = [UInt32](repeating: Self.pack(g, g, g), count: 1 << Self.cacheBits)
    }

    /// Bytes r, g, b, 255 as they lie in memory, whatever the host's byte order.
    @inline(__always)
    static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        var word: UInt32 = 0
        withUnsafeMutableBytes(of: &word) { bytes in
            bytes[0] = r
            bytes[1] = g
            bytes[2] = b
            bytes[3] = 255
        }
        return word
    }

    /// The faded grey pixel for a source pixel at `p`, whose 4 bytes are `source`.
    @inline(__always)
    mutating func greyPixel(_ source: UInt32, at p: UnsafeRawPointer) -> UInt32 {
        // Fibonacci hashing: the top bits of source × 2^32/φ.
        let slot = Int(truncatingIfNeeded: (source &* 0x9E37_79B9) >> UInt32(32 - Self.cacheBits))
        if keys[slot] == source { return greys[slot] }
        let g = metric.grey(p.load(fromByteOffset: 0, as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
                            p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 3, as: UInt8.self))
        let grey = Self.pack(g, g, g)
        keys[slot] = source
        greys[slot] = grey
        return grey
    }
}
