/// The size of a rendered image in whole pixels (made by `SpecLayout.pixelSize`).
public struct ImageSize: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int
}

extension SpecLayout {
    /// The image the painter paints at `scale` pixels per point (clamped into
    /// 1...Limits.maxScale): W and H rounded up to whole points (docs/rendering-rules.md),
    /// each at least 1 (a PNG cannot be empty) and at most Limits.maxDimension, times the
    /// scale. At scale 1 it is the image's size in points, which pages and verify's
    /// sheets use.
    public func pixelSize(scale: Int) -> ImageSize {
        let s = min(max(scale, 1), Limits.maxScale)
        return ImageSize(width: Self.wholePoints(width) * s, height: Self.wholePoints(height) * s)
    }

    private static func wholePoints(_ length: Double) -> Int {
        guard length.isFinite, length > 1 else { return 1 }
        return Int(min(length, Limits.maxDimension).rounded(.up))
    }
}
