/// How two images are compared and how the diff picture is drawn. The defaults are
/// pixelmatch's, so counts and pictures agree with it for the same options.
public struct DiffOptions: Equatable, Sendable {
    /// pixelmatch's threshold: 0 (exact) ... 1; 0.1 by default, pixelmatch's default,
    /// which ignores differences a person would not see at a glance.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences (pixelmatch's includeAA). Off by
    /// default, as in pixelmatch: edge pixels that merely shift are not regressions.
    public var includeAA: Bool = false
    /// Opacity of the faded grey original under the differences; pixelmatch's 0.1.
    public var alpha: Double = 0.1
    /// Colour of pixels that differ only by anti-aliasing; pixelmatch's yellow.
    public var aaColor: DiffColor = DiffColor(255, 255, 0)
    /// Colour of counted differences; pixelmatch's red.
    public var diffColor: DiffColor = DiffColor(255, 0, 0)
    /// Draw only the counted differences over an untouched output (pixelmatch's
    /// diffMask). Off by default: a faded original makes the report readable.
    public var diffMask: Bool = false
    /// Which pixelmatch's arithmetic to follow (site/guides/visual-regression.md,
    /// "pixelmatch versions"); 5.x and 6.x by default.
    public var version: PixelmatchVersion = .v6

    public init(threshold: Double = 0.1, includeAA: Bool = false) {
        self.threshold = threshold
        self.includeAA = includeAA
    }

    public init(threshold: Double, includeAA: Bool, alpha: Double,
                aaColor: DiffColor, diffColor: DiffColor, diffMask: Bool) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffMask = diffMask
    }

}

/// The pixelmatch releases whose counts `PixelDiff` reproduces exactly. They differ
/// only where a pixel is translucent (and, for opaque pixels, in the last bit of
/// rounding): 5.x and 6.x blend translucent pixels over white before measuring; 7.x
/// blends them over a checkerboard whose colour depends on the pixel's position, so
/// that a translucent pixel and an opaque one of the same blended colour still differ.
public enum PixelmatchVersion: Equatable, Sendable {
    /// pixelmatch 5.x and 6.x (and the PyPI ports that follow them).
    case v6
    /// pixelmatch 7.0 to 7.2 with its default `checkerboard: true`.
    case v7
}

/// An opaque colour drawn into the diff picture (alpha is always 255, as pixelmatch draws).
public struct DiffColor: Equatable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// What one comparison found.
public struct DiffResult: Equatable, Sendable {
    /// Pixels that differ beyond the threshold and are not anti-aliasing (pixelmatch's
    /// return value).
    public var mismatchedPixels: Int
    /// Pixels that differ beyond the threshold but were judged anti-aliasing; never
    /// counted in `mismatchedPixels`, always 0 when `includeAA` is on.
    public var antialiasedPixels: Int
    /// The two buffers were byte-identical (the fast path).
    public var identical: Bool

    public init(mismatchedPixels: Int, antialiasedPixels: Int, identical: Bool) {
        self.mismatchedPixels = mismatchedPixels
        self.antialiasedPixels = antialiasedPixels
        self.identical = identical
    }
}
