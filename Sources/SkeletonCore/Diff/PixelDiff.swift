/// Pixel comparison with pixelmatch's semantics (threshold on the YIQ distance,
/// translucent pixels blended over white, or over a checkerboard as pixelmatch 7 does,
/// anti-aliasing detection, the same diff picture), written for speed: byte-identical runs are skipped 8 pixels at a time
/// and the colour maths runs only where bytes differ.
public enum PixelDiff {
    /// Number of mismatched pixels, as pixelmatch counts them. When `output` is given
    /// (same size as the inputs), the diff picture is drawn into it as pixelmatch draws it.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                               output: inout RGBAImage?) -> Int {
        diff(a, b, options: options, output: &output).mismatchedPixels
    }

    /// Compares without drawing.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions()) -> Int {
        var none: RGBAImage? = nil
        return diff(a, b, options: options, output: &none).mismatchedPixels
    }

    /// The full result. Precondition: `a` and `b` have the same size (callers report a
    /// size change as such instead of comparing). An `output` of another size is
    /// replaced by a transparent image of the right size first. With `diffMask`,
    /// pixels that are not counted differences are left as they were in `output`.
    public static func diff(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                            output: inout RGBAImage?) -> DiffResult {
        precondition(a.width == b.width && a.height == b.height, "images differ in size")
        let width = a.width
        let height = a.height
        guard var picture = output else {
            return a.pixels.withUnsafeBytes { pa in
                b.pixels.withUnsafeBytes { pb in
                    scan(pa, pb, width: width, height: height, options: options, output: nil)
                }
            }
        }
        // Take the image out of the optional so its buffer is uniquely referenced.
        output = nil
        if picture.width != width || picture.height != height {
            picture = RGBAImage(width: width, height: height)
        }
        let result = a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                picture.pixels.withUnsafeMutableBytes { po in
                    scan(pa, pb, width: width, height: height, options: options, output: po)
                }
            }
        }
        output = picture
        return result
    }

    /// Are the two buffers byte-identical? Compares 32 bytes per step.
    static func identical(_ pa: UnsafeRawBufferPointer, _ pb: UnsafeRawBufferPointer) -> Bool {
        guard pa.count == pb.count else { return false }
        guard let a = pa.baseAddress, let b = pb.baseAddress else { return true }
        let count = pa.count
        var i = 0
        while i + 32 <= count {
            let d0 = a.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let d1 = a.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            let d2 = a.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
            let d3 = a.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
            if (d0 | d1 | d2 | d3) != 0 { return false }
            i += 32
        }
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }

    private static func scan(_ pa: UnsafeRawBufferPointer, _ pb: UnsafeRawBufferPointer,
                             width: Int, height: Int, options: DiffOptions,
                             output po: UnsafeMutableRawBufferPointer?) -> DiffResult {
        let metric = YIQMetric(options: options)
        let count = width * height
        guard count > 0, let a = pa.baseAddress, let b = pb.baseAddress else {
            return DiffResult(mismatchedPixels: 0, antialiasedPixels: 0, identical: true)
        }
        let drawGrey = po != nil && !options.diffMask
        if identical(pa, pb) {
            if drawGrey, let o = po?.baseAddress {
                var painter = DiffPainter(metric: metric, options: options)
                for i in 0..<count {
                    let source = a.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    o.storeBytes(of: painter.greyPixel(source, at: a + i * 4), toByteOffset: i * 4, as: UInt32.self)
                }
            }
            return DiffResult(mismatchedPixels: 0, antialiasedPixels: 0, identical: true)
        }

        var mismatched = 0
        var antialiased = 0
        // The last pair of differing pixels and its verdict: a recoloured area repeats
        // one pair many times. (0, 0) is never looked up: classify only sees pairs
        // that differ.
        var lastA: UInt32 = 0, lastB: UInt32 = 0, lastExceeds = false

        /// Classifies pixel (x, y), whose bytes differ: 2 a counted difference, 1
        /// anti-aliasing, 0 within the threshold.
        @inline(__always)
        func classify(_ x: Int, _ y: Int, _ wa: UInt32, _ wb: UInt32) -> Int {
            let offset = (y * width + x) * 4
            // pixelmatch 7's verdict on a translucent pair depends on its position too.
            let positional = metric.checkerboard
                && (a.load(fromByteOffset: offset + 3, as: UInt8.self) < 255
                    || b.load(fromByteOffset: offset + 3, as: UInt8.self) < 255)
            if positional || wa != lastA || wb != lastB {
                lastA = wa
                lastB = wb
                lastExceeds = metric.exceedsThreshold(a + offset, b + offset, offset: offset)
            }
            if !lastExceeds { return 0 }
            if !options.includeAA
                && (AntiAliasing.isAntialiased(metric, a, x, y, width, height, other: b)
                    || AntiAliasing.isAntialiased(metric, b, x, y, width, height, other: a)) {
                return 1
            }
            return 2
        }

        if let o = po?.baseAddress {
            var painter = DiffPainter(metric: metric, options: options)
            for y in 0..<height {
                let row = y * width * 4
                for x in 0..<width {
                    let offset = row + x * 4
                    let wa = a.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    let wb = b.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                    switch wa == wb ? 0 : classify(x, y, wa, wb) {
                    case 2:
                        mismatched += 1
                        o.storeBytes(of: painter.diff, toByteOffset: offset, as: UInt32.self)
                    case 1:
                        antialiased += 1
                        // As in pixelmatch, a mask leaves anti-aliasing out.
                        if drawGrey { o.storeBytes(of: painter.aa, toByteOffset: offset, as: UInt32.self) }
                    default:
                        if drawGrey {
                            o.storeBytes(of: painter.greyPixel(wa, at: a + offset), toByteOffset: offset, as: UInt32.self)
                        }
                    }
                }
            }
        } else {
            for y in 0..<height {
                let row = y * width * 4
                var x = 0
                while x < width {
                    // Skip runs of identical bytes, 8 pixels (32 bytes) per step.
                    while x + 8 <= width {
                        let o = row + x * 4
                        let d0 = a.loadUnaligned(fromByteOffset: o, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: o, as: UInt64.self)
                        let d1 = a.loadUnaligned(fromByteOffset: o + 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: o + 8, as: UInt64.self)
                        let d2 = a.loadUnaligned(fromByteOffset: o + 16, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: o + 16, as: UInt64.self)
                        let d3 = a.loadUnaligned(fromByteOffset: o + 24, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: o + 24, as: UInt64.self)
                        if (d0 | d1 | d2 | d3) != 0 { break }
                        x += 8
                    }
                    // Then look at up to 8 pixels one by one.
                    let end = min(x + 8, width)
                    while x < end {
                        let wa = a.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        let wb = b.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        if wa != wb {
                            switch classify(x, y, wa, wb) {
                            case 2: mismatched += 1
                            case 1: antialiased += 1
                            default: break
                            }
                        }
                        x += 1
                    }
                }
            }
        }
        return DiffResult(mismatchedPixels: mismatched, antialiasedPixels: antialiased, identical: false)
    }
}
