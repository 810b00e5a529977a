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
    /// Counted differences (pixelmatch's count); nil unless both images have one size.
    public var mismatchedPixels: Int?
    /// Differences judged anti-aliasing and not counted; nil unless compared.
    public var antialiasedPixels: Int?
    /// Does this image make the run fail (over tolerance, resized, or added/removed
    /// without the matching --allow flag)?
    public var failed: Bool
    /// The diff picture, relative to the report folder; nil without a report or
    /// when the image was not compared.
    public var diffImage: String?

    /// Pixels of the image the verdict is about: the current one, else the baseline.
    public var totalPixels: Int { (currentSize ?? baselineSize)?.pixels ?? 0 }

    /// Counted differences over total pixels; nil unless compared.
    public var ratio: Double? {
        guard let mismatchedPixels else { return nil }
        return totalPixels == 0 ? 0 : Double(mismatchedPixels) / Double(totalPixels)
    }
}
