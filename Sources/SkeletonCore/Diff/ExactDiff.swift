/// The exact measure `skelsite diff` uses by default (site/guides/visual-regression.md):
/// a pixel differs when any of its four RGBA bytes does. skelsite's own PNGs are
/// deterministic, so every such pixel is a real change, however pale.
extension PixelDiff {
    /// Pixels whose RGBA bytes differ. When `output` is given, the diff picture is drawn
    /// into it as pixelmatch draws its own (the first image's faded grey, `diffColor`
    /// where pixels differ; with `diffMask`, only the differences), but every differing
    /// pixel is marked: no threshold, no anti-aliasing. Precondition: same size.
    public static func exact(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                             output: inout RGBAImage?) -> Int {
        precondition(a.width == b.width && a.height == b.height, "images differ in size")
        let count = a.width * a.height
        guard var picture = output else {
            return a.pixels.withUnsafeBytes { pa in
                b.pixels.withUnsafeBytes { pb in differing(pa, pb, count: count, options: options, output: nil) }
            }
        }
        output = nil
        if picture.width != a.width || picture.height != a.height {
            picture = RGBAImage(width: a.width, height: a.height)
        }
        let found = a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                picture.pixels.withUnsafeMutableBytes { po in
                    differing(pa, pb, count: count, options: options, output: po)
                }
            }
        }
        output = picture
        return found
    }

    private static func differing(_ pa: UnsafeRawBufferPointer, _ pb: UnsafeRawBufferPointer, count: Int,
                                  options: DiffOptions, output po: UnsafeMutableRawBufferPointer?) -> Int {
        guard count > 0, let a = pa.baseAddress, let b = pb.baseAddress else { return 0 }
        var found = 0
        guard let o = po?.baseAddress else {
            for i in 0..<count where a.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                != b.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) {
                found += 1
            }
            return found
        }
        var painter = DiffPainter(metric: YIQMetric(options: options), options: options)
        for i in 0..<count {
            let wa = a.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
            if wa != b.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) {
                found += 1
                o.storeBytes(of: painter.diff, toByteOffset: i * 4, as: UInt32.self)
            } else if !options.diffMask {
                o.storeBytes(of: painter.greyPixel(wa, at: a + i * 4), toByteOffset: i * 4, as: UInt32.self)
            }
        }
        return found
    }
}
