/// Draws pixels of the diff picture the way pixelmatch does: matching pixels as the
/// first image's luma faded towards white, differences in solid colours.
struct DiffPainter {
    /// `alpha * a / 255` for every a, precomputed in pixelmatch's order (so identical).
    private var fade: [Double]
    let aa: UInt32
    let diff: UInt32
    /// One-entry cache: runs of equal pixels (the common case in UI frames) cost a compare.
    private var lastSource: UInt32 = 0
    private var lastGrey: UInt32

    init(options: DiffOptions) {
        fade = (0..<256).map { options.alpha * Double($0) / 255 }
        aa = DiffPainter.pack(options.aaColor.r, options.aaColor.g, options.aaColor.b)
        diff = DiffPainter.pack(options.diffColor.r, options.diffColor.g, options.diffColor.b)
        // Fill the cache with the honest grey of transparent black.
        lastGrey = 0
        lastGrey = DiffPainter.pack(grey(of: 0), grey(of: 0), grey(of: 0))
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

    /// Grey level of a source pixel given as its 4 bytes in memory order.
    @inline(__always)
    private func grey(of source: UInt32) -> UInt8 {
        var s = source
        return withUnsafeBytes(of: &s) { p in
            let luma = YIQDelta.luma(Double(p[0]), Double(p[1]), Double(p[2]))
            let value = YIQDelta.blendWithWhite(luma, fade[Int(p[3])])
            // pixelmatch truncates; clamping only matters for alpha outside 0...1
            // (and NaN), which would otherwise trap.
            return value > 0 ? (value < 255 ? UInt8(value) : 255) : 0
        }
    }

    /// The faded grey pixel for a source pixel (4 bytes in memory order).
    @inline(__always)
    mutating func greyPixel(_ source: UInt32) -> UInt32 {
        if source != lastSource {
            let g = grey(of: source)
            lastSource = source
            lastGrey = DiffPainter.pack(g, g, g)
        }
        return lastGrey
    }
}
