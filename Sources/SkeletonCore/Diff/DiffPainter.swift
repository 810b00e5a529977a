/// Draws pixels of the diff picture the way pixelmatch does: matching pixels as the
/// first image's luma faded towards white, differences in solid colours.
struct DiffPainter<M: YIQMetric> {
    let metric: M
    let aa: UInt32
    let diff: UInt32
    /// One-entry cache: runs of equal pixels (the common case in UI frames) cost a compare.
    private var lastSource: UInt32
    private var lastGrey: UInt32

    init(metric: M, options: DiffOptions) {
        self.metric = metric
        aa = Self.pack(options.aaColor.r, options.aaColor.g, options.aaColor.b)
        diff = Self.pack(options.diffColor.r, options.diffColor.g, options.diffColor.b)
        // Start the cache with the true grey of transparent black (all bytes 0).
        let g = metric.grey(0, 0, 0, 0)
        lastSource = 0
        lastGrey = Self.pack(g, g, g)
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
        if source != lastSource {
            let g = metric.grey(p.load(fromByteOffset: 0, as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
                                p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 3, as: UInt8.self))
            lastSource = source
            lastGrey = Self.pack(g, g, g)
        }
        return lastGrey
    }
}
