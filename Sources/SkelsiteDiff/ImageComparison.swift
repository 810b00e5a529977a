import SkelSite

/// Width and height in pixels.
public struct PixelSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var pixels: Int { width * height }
    public var text: String { "\(width)x\(height)" }
}

/// The verdict on one relative path.
public struct ImageComparison: Equatable, Sendable {
    public var path: String
    public var status: DiffStatus
    public var baselineSize: PixelSize?
    public var currentSize: PixelSize?
    /// Counted differences by the run's measure (`measure`): pixels whose RGBA bytes
    /// differ by default, pixelmatch's count when a threshold is given; nil unless both
    /// images have one size.
    public var mismatchedPixels: Int?
    /// Differences judged anti-aliasing and not counted; nil unless compared.
    public var antialiasedPixels: Int?
    /// Does this image make the run fail (over tolerance, resized, or added/removed
    /// without the matching --allow flag)?
    public var failed: Bool
    /// The diff picture, relative to the report folder; nil without a report or
    /// when the image was not compared.
    public var diffImage: String?
    /// Pixels whose RGBA bytes differ; nil unless compared.
    public var exactPixels: Int? = nil
    /// pixelmatch's count at the run's threshold (0.1 beside an exact run); nil unless
    /// compared, and in `baseline update`'s exact-only comparison.
    public var pixelmatchPixels: Int? = nil
    /// The measure `mismatchedPixels` counts, "exact" or e.g. "pixelmatch 0.1"
    /// (`DirectoryDiffOptions.measureLabel`); nil unless compared.
    public var measure: String? = nil
    /// The other measure, whose count is reported beside: "pixelmatch 0.1" beside
    /// "exact", "exact" beside a pixelmatch measure; nil unless compared.
    public var besideMeasure: String? = nil

    /// The other measure's count (`besideMeasure`).
    public var besidePixels: Int? { measure == "exact" ? pixelmatchPixels : exactPixels }

    /// Pixels of the image the verdict is about: the current one, else the baseline.
    public var totalPixels: Int { (currentSize ?? baselineSize)?.pixels ?? 0 }

    /// Counted differences over total pixels; nil unless compared.
    public var ratio: Double? {
        guard let mismatchedPixels else { return nil }
        return totalPixels == 0 ? 0 : Double(mismatchedPixels) / Double(totalPixels)
    }
}

/// A pair that could not be compared: one of its PNGs could not be read or decoded.
/// The run still compares and reports every other pair, then exits 2
/// (site/reference/command-line.md, `diff`).
public struct BrokenImage: Equatable, Sendable {
    /// Relative path, as for `ImageComparison`.
    public var path: String
    /// The baseline's problem before the current file's.
    public var errors: [DiffError]
    public init(path: String, errors: [DiffError]) {
        self.path = path
        self.errors = errors
    }
}
